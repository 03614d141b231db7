/**
 * Once the page has settled, a view drawn in two steps (the reading pane's frame and body, then its
 * header with the people once their data has come) does not put the tab's "this page's layout is
 * not recognised" badge up and take it down again: a page found unrecognised after it was
 * recognised is judged again once it has been quiet a while.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS } from '@/lib/content/observer';
import { startPrimer } from '@/lib/content/runtime';
import { SETTLE_MS } from '@/lib/content/self-check';
import { fakeAdapter } from './fake-adapter';

vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

interface Envelope { type: string; payload: { recognised?: boolean; people?: { email?: string }[] } }
let ctx: ContentScriptContext;
let messages: Envelope[];
let dropPort: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  messages = [];
  document.body.innerHTML = '<div class="list"><div class="s"><span data-mail="maya@example.com">Maya</span></div></div>';
  let deliver: (message: unknown) => void = () => undefined;
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
    () =>
      ({
        name: 'primer-content',
        postMessage: (request: { id: number; message: Envelope }) => {
          messages.push(request.message);
          const data = request.message.type === 'people.find' ? request.message.payload.people!.map(() => null) : { recorded: true };
          queueMicrotask(() => deliver({ id: request.id, reply: { ok: true, data } }));
        },
        disconnect: () => undefined,
        onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
        onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
      }) as never,
  );
  ctx = new ContentScriptContext('test');
});
afterEach(() => {
  ctx.notifyInvalidated();
  dropPort();
  vi.useRealTimers();
});

it('does not put the badge up, and take it down, while an opened message is still being drawn', async () => {
  // An open message always shows who sent it (as the Gmail and Outlook adapters say).
  const adapter = fakeAdapter({ expectsPeople: (doc) => doc.querySelector('.message') !== null });
  await startPrimer(ctx, adapter);
  await vi.advanceTimersByTimeAsync(SETTLE_MS);
  const badge = () => messages.filter((m) => m.type === 'page.status').map((m) => m.payload.recognised);
  expect(badge()).toEqual([true]);
  // The user opens a message: the app swaps the list for the reading pane, its header comes 150 ms later.
  document.body.innerHTML = '<div class="s message"><div class="head"></div><div class="body">Hello</div></div>';
  await vi.advanceTimersByTimeAsync(150);
  document.querySelector('.head')!.innerHTML = '<span data-mail="maya@example.com">Maya</span>';
  await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 2);
  expect(badge()).toEqual([true]);
});
