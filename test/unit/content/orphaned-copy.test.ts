/**
 * Primer disabled, removed or updated under an open Gmail tab whose port had already closed (the
 * service worker went idle after 30 s, the usual state of a tab being read). The copy left behind
 * needs no message for people it already knows (answers are kept for an hour), so it must tell it
 * was cut off when the page changes, and take its marks down rather than add more.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS } from '@/lib/content/observer';
import { startPrimer } from '@/lib/content/runtime';
import { fakeAdapter } from './fake-adapter';

vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

interface Envelope { type: string; payload: { people?: { email?: string }[] } }
let ctx: ContentScriptContext;
let messages: Envelope[];
let dropPort: () => void = () => undefined;
const extensionId = fakeBrowser.runtime.id;

beforeEach(() => {
  vi.useFakeTimers();
  messages = [];
  document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
  let deliver: (message: unknown) => void = () => undefined;
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
    // As in Chrome once the extension was disabled, removed or updated under the page.
    if (!fakeBrowser.runtime.id) throw new Error('Extension context invalidated.');
    return {
      name: 'primer-content',
      postMessage: (request: { id: number; message: Envelope }) => {
        messages.push(request.message);
        const data =
          request.message.type === 'people.find'
            ? request.message.payload.people!.map((p) => ({ contact: { id: p.email, name: 'Known', email: p.email, company: null, title: null }, matchedBy: 'email' }))
            : { recorded: true };
        queueMicrotask(() => deliver({ id: request.id, reply: { ok: true, data } }));
      },
      disconnect: () => undefined,
      onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
      onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
    } as never;
  });
  ctx = new ContentScriptContext('test');
});
afterEach(() => {
  fakeBrowser.runtime.id = extensionId;
  ctx.notifyInvalidated();
  dropPort();
  vi.useRealTimers();
});

const settle = async (ms = BATCH_DELAY_MS) => {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.advanceTimersByTimeAsync(0);
};
const markers = () => document.querySelectorAll('[data-primer-marker]').length;

it('stops marking once the extension is gone, even when every person on a new view is already known', async () => {
  await startPrimer(ctx, fakeAdapter());
  await settle();
  expect(markers()).toBe(1);
  // The worker went idle: the port closed (the marks rightly stay).
  dropPort();
  // Then Primer is disabled (or removed) in chrome://extensions: nothing tells the page.
  fakeBrowser.runtime.id = undefined as never;
  // The user opens another thread with the same person (Gmail adds the view).
  const thread = document.createElement('div');
  thread.className = 's';
  thread.innerHTML = '<span data-mail="maya@example.com">Maya</span>';
  document.body.append(thread);
  await settle();
  // The page changed and was read again: that is when the copy can tell it has been cut off.
  expect(markers()).toBe(0);
  // (Not ctx.isInvalid: reading it is what makes WXT notice.)
  expect(ctx.signal.aborted).toBe(true);
});
