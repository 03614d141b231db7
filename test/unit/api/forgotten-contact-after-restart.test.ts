/**
 * A contact the service said is gone (its insights answered 404) is taken out of the local contact
 * index at once, and the list is read again behind it. If that read has not finished when Chrome
 * stops the worker (or it failed: the service busy), the saved copy of the index still lists the
 * contact: the next worker reads it back and marks the person again, whose card then says "gone".
 */
import { expect, it } from 'vitest';
import { ContactIndex, type IndexPersistence, type IndexSnapshot } from '@/lib/api/contact-index';
import type { Contact } from '@/lib/models';

const ann: Contact = { id: 'ann', name: 'Ann Lee', email: 'ann@example.com', company: null, title: null };
const bob: Contact = { id: 'bob', name: 'Bob Roe', email: 'bob@example.com', company: null, title: null };

function memoryPersistence(): IndexPersistence {
  let saved: IndexSnapshot | null = null;
  return {
    load: () => Promise.resolve(saved),
    save: (snapshot) => {
      saved = snapshot;
      return Promise.resolve();
    },
  };
}

it('does not bring back a contact the service said is gone when the worker restarts before the list is read again', async () => {
  const persistence = memoryPersistence();
  let calls = 0;
  // First build: ann and bob. The rebuild after the 404 pages the list (seconds for a large account)
  // and is cut off by the worker stopping: it never ends.
  const loadAll = () => (++calls === 1 ? Promise.resolve([ann, bob]) : new Promise<Contact[]>(() => undefined));
  const first = new ContactIndex(loadAll, { persistence });
  expect(await first.byEmail('ann@example.com')).toHaveLength(1);
  first.forget(ann.id);
  expect(await first.byEmail('ann@example.com')).toEqual([]);
  expect(await first.byName('Ann Lee')).toEqual([]);

  // The worker restarts: a new index over the same saved copy.
  const second = new ContactIndex(() => new Promise<Contact[]>(() => undefined), { persistence });
  expect(await second.byEmail('ann@example.com')).toEqual([]);
  expect(await second.byName('Ann Lee')).toEqual([]);
  expect(await second.byEmail('bob@example.com')).toHaveLength(1);
});
