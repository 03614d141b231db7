/**
 * dropWhere (a contact the service says is gone) while a refresh of one of the lookups it drops is
 * on its way: the refresh's answer, composed before the service's "gone", must not be kept.
 */
import { expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { SwrCache, type CacheStore } from '@/lib/background/cache';

function memoryStore(): CacheStore {
  const data = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(data.get(key)),
    setMany: (entries) => (Object.entries(entries).forEach(([key, value]) => data.set(key, value)), Promise.resolve()),
    remove: (keys) => (keys.forEach((key) => data.delete(key)), Promise.resolve()),
    keys: () => Promise.resolve([...data.keys()]),
  };
}

const policy = { schema: z.nullable(z.object({ id: z.string() })), freshMs: 1000, maxStaleMs: 100_000 };
const namesAnn = (value: unknown) => (value as { id?: string } | null)?.id === 'ann';

it('does not keep the answer of a lookup on its way when its contact is dropped as gone meanwhile', async () => {
  let now = 0;
  const cache = new SwrCache(memoryStore(), () => now);
  await cache.get('scope|contact-by-email|ann@x', () => Promise.resolve({ id: 'ann' }), policy);
  await cache.flush();
  now = 5000;
  // A page shows ann again: her stale lookup is served and refreshed behind it…
  let answer!: (value: { id: string }) => void;
  await cache.get('scope|contact-by-email|ann@x', () => new Promise((resolve) => (answer = resolve)), policy);
  // …while the panel learns she is gone (insights 404, contact 404): her lookups are dropped.
  await cache.dropWhere('scope|contact-', namesAnn);
  // The refresh, answered before the deletion, arrives.
  answer({ id: 'ann' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const askAgain = vi.fn(() => Promise.resolve(null));
  const next = await cache.get('scope|contact-by-email|ann@x', askAgain, policy);
  expect(askAgain).toHaveBeenCalled();
  expect(next.value).toBeNull();
});
