import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  PANEL_CACHE_BUSTER,
  PANEL_CACHE_MAX_QUERIES,
  PANEL_QUERY_MAX_AGE_MS,
  readPersisted,
  savePanelCache,
  saveWhenHidden,
  shouldPersist,
  startPanelCache,
} from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { insights, reply } from './fixtures';

// Answered a moment ago: older answers are not kept (see the age tests below).
const query = (queryKey: unknown[], data: unknown, dataUpdatedAt = Date.now()) => ({ queryKey, queryHash: JSON.stringify(queryKey), state: { data, dataUpdatedAt, status: 'success' } });
const DAY = 24 * 60 * 60 * 1000;

/** The query keys as written to storage (before anything is filtered on reading). */
async function writtenKeys(): Promise<unknown[]> {
  const saved = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
  return (JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.map((q) => q.queryKey);
}

describe('panel cache persistence', () => {
  it('keeps briefings, contacts and recording lists, not transcripts or failures', () => {
    const state = (status: 'success' | 'error') => ({ status }) as never;
    expect(shouldPersist({ queryKey: ['insights', 'm'], state: state('success') })).toBe(true);
    expect(shouldPersist({ queryKey: ['contact', 'email:a@b.c'], state: state('success') })).toBe(true);
    expect(shouldPersist({ queryKey: ['transcript', 'r'], state: state('success') })).toBe(false);
    expect(shouldPersist({ queryKey: ['insights', 'm'], state: state('error') })).toBe(false);
  });

  /** A saved cache holding `queries`, as the persister writes it. */
  const savedWith = (queries: unknown[]) => ({ timestamp: 5, buster: PANEL_CACHE_BUSTER, clientState: { mutations: [], queries } });

  it('reads back only entries that still fit their schema', () => {
    const saved = savedWith([
      query(['insights', 'm'], reply(insights())),
      query(['insights', 'old'], { contactId: 'old', tone: 'from an older version' }),
      query(['contact', 'email:x@y.z'], null),
      query(['transcript', 'r'], { segments: [] }),
      { nonsense: true },
    ]);
    const read = readPersisted(JSON.stringify(saved));
    expect(read.timestamp).toBe(5);
    expect(read.clientState.queries.map((q) => q.queryKey)).toEqual([['insights', 'm'], ['contact', 'email:x@y.z']]);
  });

  it('reads back a last copy without why it was one then (offline, rate limited): that is not how things stand now', () => {
    const offline = { kind: 'network', message: 'offline', status: null, code: null, retryAfterMs: null };
    const page = { recordings: [], received: 0, total: 0, limit: 5, offset: 0, hasMore: false };
    const [briefing, recordings] = readPersisted(
      JSON.stringify(
        savedWith([
          query(['insights', 'm'], { ...reply(insights()), asOf: 1234, problem: offline }),
          query(['recordings', { contactId: 'm' }], { pages: [{ ...page, copy: { asOf: 1234, problem: offline } }], pageParams: [0] }),
        ]),
      ),
    ).clientState.queries;
    expect(briefing!.state.data).toMatchObject({ asOf: 1234, problem: null });
    expect(recordings!.state.data).toEqual({ pages: [page], pageParams: [0] });
  });

  it('saves no answer older than the background keeps its own', async () => {
    // The background prunes its stored answers after 30 days: the panel keeps none older.
    expect(PANEL_QUERY_MAX_AGE_MS).toBe(30 * DAY);
    const client = new QueryClient();
    const now = Date.now();
    client.setQueryData(['insights', 'old'], reply(insights({ contactId: 'old' })), { updatedAt: now - 31 * DAY });
    client.setQueryData(['insights', 'month'], reply(insights({ contactId: 'month' })), { updatedAt: now - 29 * DAY });
    client.setQueryData(['insights', 'today'], reply(insights({ contactId: 'today' })), { updatedAt: now });
    await savePanelCache(client);
    expect(await writtenKeys()).toEqual([
      ['insights', 'month'],
      ['insights', 'today'],
    ]);
  });

  it('saves only the most recent answers, however many the panel has seen', async () => {
    const client = new QueryClient();
    const now = Date.now();
    for (let i = PANEL_CACHE_MAX_QUERIES + 4; i >= 0; i--) client.setQueryData(['contact', `email:p${i}@x.y`], null, { updatedAt: now - i * 1000 });
    await savePanelCache(client);
    const keys = await writtenKeys();
    expect(keys).toHaveLength(PANEL_CACHE_MAX_QUERIES);
    // The five least recent are left out.
    expect(keys).toContainEqual(['contact', `email:p${PANEL_CACHE_MAX_QUERIES - 1}@x.y`]);
    expect(keys).not.toContainEqual(['contact', `email:p${PANEL_CACHE_MAX_QUERIES}@x.y`]);
  });

  it('reads back neither answers past their age nor more than the limit, from a cache saved before either held', () => {
    const now = Date.now();
    const many = Array.from({ length: PANEL_CACHE_MAX_QUERIES + 5 }, (_, i) => query(['contact', `email:p${i}@x.y`], null, now - i * 1000));
    const saved = {
      timestamp: now,
      buster: PANEL_CACHE_BUSTER,
      clientState: { mutations: [], queries: [query(['insights', 'old'], reply(insights({ contactId: 'old' })), now - 40 * DAY), ...many] },
    };
    const keys = readPersisted(JSON.stringify(saved)).clientState.queries.map((q) => q.queryKey);
    expect(keys).toHaveLength(PANEL_CACHE_MAX_QUERIES);
    expect(keys).not.toContainEqual(['insights', 'old']);
    // The oldest five go, the order is kept.
    expect(keys).toEqual(many.slice(0, PANEL_CACHE_MAX_QUERIES).map((q) => q.queryKey));
  });

  it('restores a cache last saved ten days ago: a week without opening the panel loses no briefing', async () => {
    const now = Date.now();
    const saved = {
      timestamp: now - 10 * DAY,
      buster: PANEL_CACHE_BUSTER,
      clientState: { mutations: [], queries: [query(['insights', 'm'], reply(insights({ contactId: 'm' })), now - 10 * DAY)] },
    };
    await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: JSON.stringify(saved) });
    const client = new QueryClient();
    await startPanelCache(client, undefined, () => () => undefined);
    expect(client.getQueryData(['insights', 'm'])).toMatchObject({ insights: { contactId: 'm' } });
  });

  it('treats unreadable storage as empty', () => {
    expect(readPersisted('{not json').clientState.queries).toEqual([]);
    expect(readPersisted('{"timestamp":"yesterday"}').clientState.queries).toEqual([]);
  });

  it('saves a briefing seen just before the panel closes, without waiting for the throttle', async () => {
    const client = new QueryClient();
    await startPanelCache(client);
    client.setQueryData(['insights', 'm'], reply(insights({ preferredTone: 'friendly' })));
    // Closed well within the 250 ms throttle.
    globalThis.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const saved = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
    expect(readPersisted(saved).clientState.queries.map((q) => q.queryKey)).toEqual([['insights', 'm']]);
  });

  it('saves nothing before the first briefing is painted, then what changed meanwhile in one write', async () => {
    await fakeBrowser.storage.local.remove(PANEL_CACHE_KEY);
    const client = new QueryClient();
    let painted: () => void = () => undefined;
    await startPanelCache(client, undefined, (task) => {
      painted = task;
      return () => undefined;
    });
    const writes: unknown[] = [];
    const onChanged = (changes: Record<string, unknown>) => {
      if (PANEL_CACHE_KEY in changes) writes.push(changes[PANEL_CACHE_KEY]);
    };
    fakeBrowser.storage.local.onChanged.addListener(onChanged);
    try {
      client.setQueryData(['insights', 'a'], reply(insights({ contactId: 'a' })));
      client.setQueryData(['insights', 'b'], reply(insights({ contactId: 'b' })));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toEqual([]);

      painted();
      await vi.waitFor(() => expect(writes).toHaveLength(1));
      const saved = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
      expect(readPersisted(saved).clientState.queries.map((q) => q.queryKey)).toEqual([
        ['insights', 'a'],
        ['insights', 'b'],
      ]);

      // From then on, changes are saved as they come (throttled).
      client.setQueryData(['insights', 'c'], reply(insights({ contactId: 'c' })));
      await vi.waitFor(async () => {
        const next = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
        expect(readPersisted(next).clientState.queries.map((q) => q.queryKey)).toContainEqual(['insights', 'c']);
      });
    } finally {
      fakeBrowser.storage.local.onChanged.removeListener(onChanged);
    }
  });

  it('saves when the panel is hidden, and stops when told', async () => {
    const client = new QueryClient();
    const stop = saveWhenHidden(client);
    const savedKeys = async () => {
      const saved = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY];
      return typeof saved === 'string' ? readPersisted(saved).clientState.queries.map((q) => q.queryKey) : [];
    };
    client.setQueryData(['insights', 'x'], reply(insights({ contactId: 'x' })));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(async () => expect(await savedKeys()).toContainEqual(['insights', 'x']));
      await fakeBrowser.storage.local.remove(PANEL_CACHE_KEY);
      stop();
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await savedKeys()).not.toContainEqual(['insights', 'x']);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});
