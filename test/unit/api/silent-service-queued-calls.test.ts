/**
 * A service that has gone silent (packets dropped: every call waits out its timeout). A page's
 * lookups, 50 senders of an inbox, each took their four attempts of 15 s, six at a time, each
 * retry queued behind the others: the batch ended, and the toolbar said the service was not
 * answering, only after some eight minutes, the six slots held all along (the side panel's own
 * call waited for one). Once calls to two addresses have timed out with no answer since, the calls that get a slot
 * while another is still out asking are not sent: they fail as that timeout at once, and the one
 * out finds when the service answers again.
 */
import { expect, it, vi } from 'vitest';
import { Http } from '@/lib/api/http';
import { createLimiter } from '@/lib/background/limiter';

const hang = (_input: string, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

it('fails a page’s queued lookups in about a minute when the service is silent, not after eight', async () => {
  vi.useFakeTimers();
  try {
    let sent = 0;
    let silent = true;
    const fetch = (input: string, init?: RequestInit) => {
      sent++;
      return silent ? hang(input, init) : Promise.resolve(new Response('{"items":[]}', { headers: { 'content-type': 'application/json' } }));
    };
    const http = new Http('https://svc.test', 'key', { fetch, gate: createLimiter(6), timeoutMs: 15_000 });
    const ended: number[] = [];
    const start = Date.now();
    const lookups = Array.from({ length: 50 }, (_, i) =>
      http.request('GET', '/api/v2/contacts', { query: { email: `p${i}@acme.example` } }).then(
        () => 'ok',
        (error: unknown) => {
          ended.push(Date.now() - start);
          return (error as { kind?: string }).kind;
        },
      ),
    );
    await vi.advanceTimersByTimeAsync(90_000);
    expect(ended).toHaveLength(50);
    expect(await Promise.all(lookups)).toEqual(Array.from({ length: 50 }, () => 'timeout'));
    // Far fewer than the 200 attempts: the first six, then one at a time.
    expect(sent).toBeLessThan(20);
    // All but the one still asking, within seconds of the first timeouts.
    expect(ended.filter((at) => at < 20_000)).toHaveLength(49);

    // Answering again: the next call is sent and answered.
    silent = false;
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(http.request('GET', '/api/v2/contacts')).resolves.toMatchObject({ status: 200 });
  } finally {
    vi.useRealTimers();
  }
});

it('goes on sending the other calls while one slow route times out', async () => {
  vi.useFakeTimers();
  try {
    const fetch = (input: string, init?: RequestInit) =>
      input.includes('/slow') ? hang(input, init) : Promise.resolve(new Response('{"items":[]}', { headers: { 'content-type': 'application/json' } }));
    const http = new Http('https://svc.test', 'key', { fetch, gate: createLimiter(6), timeoutMs: 15_000 });
    const slow = http.request('GET', '/api/v2/slow').catch((error: unknown) => (error as { kind?: string }).kind);
    await vi.advanceTimersByTimeAsync(16_000);
    // The slow route's retry is out; a lookup is still sent and answered.
    const lookup = http.request('GET', '/api/v2/contacts', { query: { email: 'p1@acme.example' } });
    await vi.advanceTimersByTimeAsync(10);
    await expect(lookup).resolves.toMatchObject({ status: 200 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await slow).toBe('timeout');
  } finally {
    vi.useRealTimers();
  }
});
