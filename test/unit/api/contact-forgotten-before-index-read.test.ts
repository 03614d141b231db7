/**
 * A worker started afresh (Chrome stops it after 30 s idle) may hear that a contact is gone (the
 * panel's briefing answered 404) before it has read the saved contact index: their lookup came
 * from the cache, or by address on a server with an e-mail filter. The saved copy loses them too,
 * and a lookup by name right after does not find them again (their card would say "gone").
 */
import { expect, it } from 'vitest';
import { ContactIndex, type IndexPersistence, type IndexSnapshot } from '@/lib/api/contact-index';
import type { Contact } from '@/lib/models';

const ann: Contact = { id: 'ann', name: 'Ann Lee', email: 'ann@example.com', company: null, title: null };
const bob: Contact = { id: 'bob', name: 'Bob Roe', email: 'bob@example.com', company: null, title: null };

function memoryPersistence(saved: IndexSnapshot | null): IndexPersistence & { saved: () => IndexSnapshot | null } {
  return {
    saved: () => saved,
    load: () => Promise.resolve(saved),
    save: (snapshot) => {
      saved = snapshot;
      return Promise.resolve();
    },
  };
}

it('does not find again a contact the service said is gone before this worker read the saved index', async () => {
  // Saved by the last worker, a minute ago (within its hour): served as is, no new read.
  const persistence = memoryPersistence({ contacts: [ann, bob], builtAt: Date.now() - 60_000, complete: true });
  // Reading the list again is slow (a large account): it has not ended when the name is asked.
  const index = new ContactIndex(() => new Promise<Contact[]>(() => undefined), { persistence });
  index.forget(ann.id);
  expect(await index.byName('Ann Lee')).toEqual([]);
  expect(persistence.saved()?.contacts.map((contact) => contact.id)).toEqual(['bob']);
});
