/**
 * Chrome stops an extension's service worker 30 s after its last event or extension API call. While
 * the offscreen document sends a recording, its progress messages are such events; but a PUT can
 * be silent for far longer: a connection gone dead (xhr-put's stall watchdog only ends it after
 * 60 s), or storage / a proxy answering minutes after the last byte (xhr-put's ANSWER_MS). The
 * background awaits one runtime.sendMessage all that time, which is neither, so the worker is
 * stopped under it and the PUT's outcome (success or the watchdog's timeout) is answered to no one:
 * the row stays "Uploading 37 %" until something unrelated wakes the worker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OffscreenApi } from '@/lib/upload/offscreen-document';
import type { OffscreenRequest, Progress } from '@/lib/upload/offscreen-protocol';
import { offscreenTransport, type OffscreenChannel } from '@/lib/upload/transport';
import { withUrl } from './helpers';

const RECORD = withUrl({ state: 'uploading' }) as ReturnType<typeof withUrl> & { uploadUrl: string };

describe('a PUT in the offscreen document that goes quiet', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the service worker up (an extension API call at least every 30 s) until the document answers', async () => {
    vi.useFakeTimers();
    // The project's ping (ServiceContext, stay-awake.ts): a cheap extension API call.
    const ping = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockResolvedValue({ os: 'mac', arch: 'arm' } as never);
    let open = false;
    const api: OffscreenApi = {
      createDocument: () => Promise.resolve(void (open = true)),
      closeDocument: () => Promise.resolve(void (open = false)),
      hasDocument: () => Promise.resolve(open),
    };
    let answer: (reply: unknown) => void = () => undefined;
    const listeners = new Set<(progress: Progress) => void>();
    const channel: OffscreenChannel = {
      // The PUT: one progress report, then nothing (a dead connection, or storage taking its time to answer).
      ask: (request: OffscreenRequest) =>
        request.type === 'put' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({ sending: [], busy: false }),
      onProgress: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const transport = offscreenTransport(api, channel, () => 0, () => undefined);
    const done = transport.put(RECORD, vi.fn(), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    listeners.forEach((listener) => listener({ primer: 'offscreen-progress', id: RECORD.id, sent: 1000 }));

    // 65 s of silence: the stall watchdog's 60 s, and then some.
    let last = 0;
    let longestQuiet = 0;
    for (let second = 1; second <= 65; second++) {
      const before = ping.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1000);
      if (ping.mock.calls.length > before) {
        longestQuiet = Math.max(longestQuiet, second - last);
        last = second;
      }
    }
    longestQuiet = Math.max(longestQuiet, 65 - last);
    // Never 30 s without an extension API call from the worker while the PUT is on its way.
    expect(longestQuiet).toBeLessThan(30);

    answer({ ok: true });
    await done;
  });
});
