/**
 * Events a page script dispatches are not the browser's: a forged pagehide must not make the
 * background forget the person or meeting the user chose for the side panel (page.left).
 */
/**
 * Events a page script makes up (isTrusted false) must not steer Primer. Two still do:
 * - WXT's "content script started" event, whose name is the public extension id and the
 *   entrypoint's name: any script of the page switches Primer off in the tab (markers gone, no
 *   more lookups) until the page is reloaded;
 * - `pagehide`: the content script then tells the background the page has gone (page.left), and
 *   the person or meeting the user chose for the side panel is forgotten.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS } from '@/lib/content/observer';
import { startPrimer } from '@/lib/content/runtime';
import { fakeAdapter } from '../content/fake-adapter';

interface Envelope { type: string; payload: { people?: { email?: string }[] } }
let messages: Envelope[];
let ctx: ContentScriptContext;
let dropPort: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  messages = [];
  document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
  let deliver: (message: unknown) => void = () => undefined;
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
    () =>
      ({
        name: 'primer-content',
        postMessage: (request: { id: number; message: Envelope }) => {
          messages.push(request.message);
          const data =
            request.message.type === 'people.find'
              ? request.message.payload.people!.map((p) => ({ contact: { id: p.email, name: 'Known', email: p.email, company: null, title: null }, matchedBy: 'email' }))
              : { recorded: true, forgotten: true };
          queueMicrotask(() => deliver({ id: request.id, reply: { ok: true, data } }));
        },
        disconnect: () => undefined,
        onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
        onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
      }) as never,
  );
  ctx = new ContentScriptContext('gmail', { noScriptStartedPostMessage: true });
});
afterEach(() => {
  ctx.abort();
  dropPort();
  vi.useRealTimers();
});

const settle = async () => {
  await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
  await vi.advanceTimersByTimeAsync(0);
};

it('does not tell the background the page left on a forged pagehide', async () => {
  await startPrimer(ctx, fakeAdapter());
  await settle();
  window.dispatchEvent(new Event('pagehide'));
  await settle();
  expect(messages.filter((m) => m.type === 'page.left')).toEqual([]);
});
