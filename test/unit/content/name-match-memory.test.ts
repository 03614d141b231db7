/**
 * A match by name holds only while no namesake is added: the background believes one for five
 * minutes (CONTACT_POLICY.brieflyMs, "a namesake added since makes the name no one's"). The page
 * remembers it as it does "not a contact" (NOT_A_CONTACT_MS), not as long as a match by address
 * (CONTACT_MS, an hour): an Outlook tab open all day stops marking "Ann Lee (matched by name)" as
 * the old contact soon after a second Ann Lee is added.
 */
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_MS, NOT_A_CONTACT_MS, PeopleLookup } from '@/lib/content/lookup';
import { CONTACT_POLICY } from '@/lib/background/handlers/contacts';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/protocol';

const ann = { contact: { id: 'ann-1', name: 'Ann Lee', email: 'ann@x.test', company: null, title: null }, matchedBy: 'name' as const };

describe('a page’s memory of a match by name', () => {
  it('asks again within about two of the background’s lifetimes of a name match (as for "not a contact")', async () => {
    let clock = 0;
    let namesakeAdded = false;
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((): PersonAnswer => (namesakeAdded ? null : ann))));
    const lookup = new PeopleLookup(find, () => clock);
    expect(await lookup.findAll([{ name: 'Ann Lee' }])).toEqual([ann]);
    // A second Ann Lee is added to the service; the background's name answer is fresh for 5 minutes.
    namesakeAdded = true;
    expect(CONTACT_POLICY.brieflyMs).toBe(5 * 60_000);
    clock += NOT_A_CONTACT_MS - 1;
    expect(await lookup.findAll([{ name: 'Ann Lee' }])).toEqual([ann]);
    clock += 2;
    expect(await lookup.findAll([{ name: 'Ann Lee' }])).toEqual([null]);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('keeps a match by address for CONTACT_MS, as before', async () => {
    let clock = 0;
    const byAddress = { ...ann, matchedBy: 'email' as const };
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((): PersonAnswer => byAddress)));
    const lookup = new PeopleLookup(find, () => clock);
    await lookup.findAll([{ email: 'ann@x.test' }]);
    clock += CONTACT_MS - 1;
    expect(await lookup.findAll([{ email: 'ann@x.test' }])).toEqual([byAddress]);
    expect(find).toHaveBeenCalledTimes(1);
  });
});
