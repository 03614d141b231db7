// @vitest-environment node
/**
 * A long meeting's transcript that is arriving steadily (headers at once, then its body a chunk
 * every half second) is not a stalled call: the panel's 4 s timeout (INTERACTIVE_TIMEOUT_MS) must
 * not cut it off while bytes keep coming (the timer spanned the whole body read, and such a
 * transcript failed as "took too long" on every try). A body that stops coming, or that keeps
 * trickling past the ceiling for a body (BODY_READ_CEILING_MS), still ends as a timeout.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { ON_SCREEN } from '@/lib/background/cache';
import { BODY_READ_CEILING_MS, INTERACTIVE_TIMEOUT_MS } from '@/lib/api/http';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A 200 whose JSON body arrives in `chunks` pieces, one every `everyMs`, cut off when the call is aborted (as a browser's is). */
function trickling(text: string, chunks: number, everyMs: number, signal?: AbortSignal | null, stopAfter = Infinity): Response {
  const size = Math.ceil(text.length / chunks);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
    pull(controller) {
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          if (signal?.aborted || sent >= stopAfter) return resolve();
          if (sent >= text.length) controller.close();
          else controller.enqueue(new TextEncoder().encode(text.slice(sent, (sent += size))));
          resolve();
        }, everyMs);
      });
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

it('reads a transcript whose body keeps arriving for longer than the on-screen timeout', async () => {
  const segments = Array.from({ length: 3000 }, (_, i) => ({ speaker: `S${i % 3}`, start: i * 2, end: i * 2 + 2, text: `Line ${i} of a three-hour meeting.` }));
  const text = JSON.stringify({ segments });
  let calls = 0;
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    online: () => true,
    fetch: (_input, init) => {
      calls++;
      // Headers at once; the body in 12 pieces, 0.5 s apart: 6 s in all, never silent for more than 0.5 s.
      return Promise.resolve(trickling(text, 12, 500, init?.signal));
    },
  });
  const pending = client.getTranscript('r1', ON_SCREEN).then(
    (transcript) => ({ ok: true as const, lines: transcript.segments.length }),
    (error: unknown) => ({ ok: false as const, error: String(error), kind: (error as { kind?: string }).kind }),
  );
  await vi.advanceTimersByTimeAsync(10_000);
  expect(await pending).toEqual({ ok: true, lines: 3000 });
  expect(calls).toBe(1);
});

/** The outcome of an on-screen transcript read from a service that sends `respond`'s answer. */
function read(respond: (signal?: AbortSignal | null) => Response) {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    online: () => true,
    fetch: (_input, init) => Promise.resolve(respond(init?.signal)),
  });
  return client.getTranscript('r1', ON_SCREEN).then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, kind: (error as { kind?: string }).kind }),
  );
}

const longText = JSON.stringify({ segments: Array.from({ length: 200 }, (_, i) => ({ speaker: 'S1', start: i, end: i + 1, text: `Line ${i}.` })) });

it('still times out a body that stops arriving, once it has been silent for the timeout', async () => {
  // Half the body at once, then nothing.
  let settled: unknown = null;
  const pending = read((signal) => trickling(longText, 10, 10, signal, longText.length / 2)).then((outcome) => (settled = outcome));
  await vi.advanceTimersByTimeAsync(50 + INTERACTIVE_TIMEOUT_MS - 100);
  expect(settled).toBeNull();
  await vi.advanceTimersByTimeAsync(200);
  expect(await pending).toEqual({ ok: false, kind: 'timeout' });
});

it('times out a body that keeps trickling past the ceiling for a body', async () => {
  // A piece every 3 s, never silent for the timeout, but it would take ten minutes in all.
  let settled: unknown = null;
  const pending = read((signal) => trickling(longText, 200, 3000, signal)).then((outcome) => (settled = outcome));
  await vi.advanceTimersByTimeAsync(BODY_READ_CEILING_MS - 100);
  expect(settled).toBeNull();
  await vi.advanceTimersByTimeAsync(200);
  expect(await pending).toEqual({ ok: false, kind: 'timeout' });
});
