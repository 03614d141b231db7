/**
 * Who may steer Chrome's offscreen document, and whose progress reports the background takes:
 * only each other. Content scripts count as this extension too (same runtime.id), and so do its
 * other pages; neither may have a held recording sent anywhere, stopped, let go of, or the
 * presigned URLs read, nor report progress for an upload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { answerBackground } from '@/lib/upload/offscreen-requests';
import type { OffscreenRequest } from '@/lib/upload/offscreen-protocol';
import { runtimeChannel } from '@/lib/upload/transport';

const url = (path: string) => fakeBrowser.runtime.getURL(path);
/** Delivers a runtime message as from `from`; what the listeners returned (true: a reply will come). */
const deliver = async (message: unknown, from: object, respond: (reply: unknown) => void = () => undefined): Promise<unknown[]> => {
  const returned: unknown[] = await fakeBrowser.runtime.onMessage.trigger(message, from, respond);
  return returned;
};
const id = () => fakeBrowser.runtime.id;
/** Senders as Chrome describes them. */
const SENDERS = {
  contentScript: () => ({ id: id(), url: 'https://mail.google.com/mail/u/0/#inbox', origin: 'https://mail.google.com', tab: { id: 7 }, frameId: 0 }),
  contentScriptOutsideATab: () => ({ id: id(), url: 'https://mail.google.com/mail/u/0/#inbox', frameId: 0 }),
  popup: () => ({ id: id(), url: url('/popup.html'), origin: new URL(url('/')).origin, frameId: 0 }),
  otherExtension: () => ({ id: 'someone-else', url: 'chrome-extension://someone-else/background.js' }),
  offscreen: () => ({ id: id(), url: url('/offscreen.html'), origin: new URL(url('/')).origin, frameId: 0 }),
  background: () => ({ id: id(), url: url('/background.js'), origin: new URL(url('/')).origin }),
  /** Chrome gave a service worker's messages no URL before w3c/webextensions#851. */
  backgroundWithoutUrl: () => ({ id: id() }),
};

describe('the offscreen document', () => {
  const held = { release: vi.fn(), busy: false };
  const sender = { send: vi.fn(() => Promise.resolve()), abort: vi.fn(), forget: vi.fn(), sending: vi.fn(() => [{ id: 'u1', url: 'https://storage.example/u1?sig=secret' }]), busy: false };
  let stop: () => void;
  beforeEach(() => {
    vi.clearAllMocks();
    stop = answerBackground({ held, sender, busy: () => false });
  });
  afterEach(() => stop());

  const REQUESTS: OffscreenRequest[] = [
    { primer: 'offscreen', type: 'put', id: 'u1', url: 'https://attacker.example/', contentType: 'audio/mp4', headers: {} },
    { primer: 'offscreen', type: 'abort', id: 'u1' },
    { primer: 'offscreen', type: 'release', id: 'u1' },
    { primer: 'offscreen', type: 'status' },
  ];
  const ask = async (from: object) => {
    const replies: unknown[] = [];
    for (const request of REQUESTS) await deliver(request, from, (reply) => replies.push(reply));
    await vi.waitFor(() => undefined);
    return replies;
  };

  it('does nothing a content script, another page of the extension or another extension asks', async () => {
    for (const from of [SENDERS.contentScript(), SENDERS.contentScriptOutsideATab(), SENDERS.popup(), SENDERS.offscreen(), SENDERS.otherExtension()]) {
      expect(await ask(from), JSON.stringify(from)).toEqual([]);
    }
    for (const fn of [sender.send, sender.abort, sender.forget, sender.sending, held.release]) expect(fn).not.toHaveBeenCalled();
  });

  it('does what the background’s service worker asks, with or without a URL for it', async () => {
    for (const from of [SENDERS.background(), SENDERS.backgroundWithoutUrl()]) {
      vi.clearAllMocks();
      const replies = await ask(from);
      expect(replies).toHaveLength(2);
      expect(replies).toEqual(expect.arrayContaining([{ ok: true }, { sending: [{ id: 'u1', url: 'https://storage.example/u1?sig=secret' }], busy: false }]));
      expect(sender.send).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1', url: 'https://attacker.example/' }), expect.any(Function));
      expect(sender.abort).toHaveBeenCalledWith('u1');
      expect(held.release).toHaveBeenCalledWith('u1');
    }
  });
});

describe('the background', () => {
  it('takes progress reports from the offscreen document only', async () => {
    const listener = vi.fn();
    const stop = runtimeChannel().onProgress(listener);
    try {
      const report = { primer: 'offscreen-progress', id: 'u1', sent: 500 };
      for (const from of [SENDERS.contentScript(), SENDERS.contentScriptOutsideATab(), SENDERS.popup(), SENDERS.otherExtension(), SENDERS.backgroundWithoutUrl()]) await deliver(report, from);
      expect(listener).not.toHaveBeenCalled();
      await deliver(report, SENDERS.offscreen());
      expect(listener).toHaveBeenCalledWith(report);
    } finally {
      stop();
    }
  });
});
