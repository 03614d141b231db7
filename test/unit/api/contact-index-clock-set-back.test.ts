/**
 * The contact list read while the computer's clock was a day fast is dated a day ahead. Once the
 * clock is put right, the list counts as fresh for that day and its hour (the cache next to it takes
 * such an entry's age as unknown: cache.ts #ageOf). A namesake added to the service meanwhile is not
 * seen, and a page's "Maya Chen" is matched by name to the one Maya the old list had: the wrong
 * person, labelled "matched by name" (the rule: a name matches only a single contact).
 */
import { expect, it, vi } from 'vitest';
import { ContactIndex, type IndexSnapshot } from '@/lib/api/contact-index';
import type { Contact } from '@/lib/models';

const contact = (id: string, name: string | null, email: string | null): Contact => ({ id, name, email, company: null, title: null });
const HOUR = 3_600_000;

it('reads the list again after its hour once a clock that was a day fast is put right (in memory)', async () => {
  const T = Date.UTC(2026, 10, 22, 9, 0);
  let now = T + 24 * HOUR; // a day fast
  let list = [contact('1', 'Maya Chen', 'maya@old.example')];
  const loadAll = vi.fn(() => Promise.resolve(list));
  const index = new ContactIndex(loadAll, { now: () => now });
  expect(await index.allByName('Maya Chen')).toHaveLength(1);
  // The clock is put right; two hours pass, and a second Maya Chen is added on the service.
  now = T + 2 * HOUR;
  list = [...list, contact('2', 'Maya Chen', 'maya@new.example')];
  const found = await index.allByName('Maya Chen');
  expect(loadAll).toHaveBeenCalledTimes(2);
  expect(found).toHaveLength(2);
});

it('nor is a saved list dated ahead of the clock taken as fresh after a restart', async () => {
  const T = Date.UTC(2026, 10, 22, 9, 0);
  const saved: IndexSnapshot = { contacts: [contact('1', 'Maya Chen', 'maya@old.example')], builtAt: T + 24 * HOUR, complete: true };
  const persistence = { load: () => Promise.resolve(saved), save: () => Promise.resolve() };
  const loadAll = vi.fn(() => Promise.resolve([contact('1', 'Maya Chen', 'maya@old.example'), contact('2', 'Maya Chen', 'maya@new.example')]));
  const index = new ContactIndex(loadAll, { persistence, now: () => T + 2 * HOUR });
  const found = await index.allByName('Maya Chen');
  expect(loadAll).toHaveBeenCalled();
  expect(found).toHaveLength(2);
});
