/**
 * A page's lookups holding every call slot (6) on a slow service (each answered in 12 s, within the
 * background's 15 s timeout), and the side panel asking meanwhile for something the service
 * answers at once. "First in line" put the panel's call first among those waiting, but it still
 * waited for a slot: for whatever was left of the page's slowest calls (up to 15 s on a silent
 * service, before its own 4 s timeout even started). The page's lookups now leave a slot free for
 * what someone waits for on screen.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { INTERACTIVE_TIMEOUT_MS } from '@/lib/api/http';
import { ServiceContext, MAX_CONCURRENT_CALLS } from '@/lib/background/service-context';
import { storageCacheStore } from '@/lib/background/browser-stores';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A service answering contact lookups in `lookupMs` (or never: null) and insights in 200 ms; the calls on their way at once are counted. */
function service(lookupMs: number | null) {
  let onTheirWay = 0;
  let most = 0;
  const fetch = (url: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      onTheirWay++;
      most = Math.max(most, onTheirWay);
      const done = () => onTheirWay--;
      const ms = url.includes('/insights/') ? 200 : lookupMs;
      const timer = ms === null ? undefined : setTimeout(() => (done(), resolve(Response.json({ items: [] }))), ms);
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        done();
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  const http = context.clientFor('https://api.test', 'k', { persistent: '0123456789abcdef' }).http;
  return { http, most: () => most };
}

function pageLookups(http: ReturnType<typeof service>['http'], count: number) {
  return Array.from({ length: count }, (_, i) => http.request('GET', '/api/v2/contacts', { query: { email: `p${i}@example.com` } }).catch(() => null));
}

async function panelAnsweredAfter(http: ReturnType<typeof service>['http']): Promise<number | string> {
  const asked = Date.now();
  let answered: number | string | null = null;
  void http.request('GET', '/api/v2/insights/contact/c1', { interactive: true }).then(
    () => (answered = Date.now() - asked),
    (error: unknown) => (answered = (error as { kind?: string }).kind ?? 'error'),
  );
  for (let waited = 0; answered === null && waited < 30_000; waited += 100) await vi.advanceTimersByTimeAsync(100);
  return answered ?? 'no answer';
}

it('answers the panel at once though a page’s slow lookups are on their way', async () => {
  const { http, most } = service(12_000);
  const page = pageLookups(http, 30);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(await panelAnsweredAfter(http)).toBeLessThanOrEqual(300);
  await vi.advanceTimersByTimeAsync(120_000);
  await Promise.all(page);
  // Never more than the cap at once, the panel's call included.
  expect(most()).toBeLessThanOrEqual(MAX_CONCURRENT_CALLS);
});

it('sends the panel’s call at once while the page’s lookups wait out their 15 s timeouts, not after them', async () => {
  // Silent to the lookups (a stuck search), answering the insights: the panel's 4 s timeout would
  // start only once it had a slot, so a silent service was said after 19 s rather than 4.
  const { http } = service(null);
  const page = pageLookups(http, 30);
  await vi.advanceTimersByTimeAsync(1_000);
  const answered = await panelAnsweredAfter(http);
  expect(answered).toBeLessThanOrEqual(INTERACTIVE_TIMEOUT_MS);
  await vi.advanceTimersByTimeAsync(600_000);
  await Promise.all(page);
});
