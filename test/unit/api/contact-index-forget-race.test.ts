/** A contact the service says is gone, forgotten while a rebuild begun before is still paging the list. */
import { expect, it } from 'vitest';
import { ContactIndex } from '@/lib/api/contact-index';
import type { Contact } from '@/lib/models';

const ann: Contact = { id: 'ann', name: 'Ann Lee', email: 'ann@example.com', company: null, title: null };

it('does not bring a forgotten contact back with a rebuild that read the list before it was forgotten', async () => {
  let now = 0;
  let finishPaging!: (list: Contact[]) => void;
  let calls = 0;
  const loadAll = () => {
    calls++;
    // First build: ann exists. Second (the stale rebuild): pages read before the deletion still list her.
    return calls === 1 ? Promise.resolve([ann]) : new Promise<Contact[]>((resolve) => (finishPaging = resolve));
  };
  const index = new ContactIndex(loadAll, { ttlMs: 1000, now: () => now });
  expect(await index.byEmail('ann@example.com')).toHaveLength(1);
  now = 5000;
  // A lookup past the lifetime starts a rebuild behind it (a whole list: seconds to page).
  await index.byEmail('someone@example.com');
  expect(calls).toBe(2);
  // Meanwhile the service deletes ann, and her insights answer 404: forgotten at once.
  index.forget(ann.id);
  expect(await index.byEmail('ann@example.com')).toEqual([]);
  // The rebuild that read its pages before the deletion ends.
  finishPaging([ann]);
  await index.refresh();
  expect(await index.byEmail('ann@example.com')).toEqual([]);
});
