// @vitest-environment node
/**
 * "Never guess a person": on a server whose search finds names, the contacts a name's search finds
 * decide whether the name is unique. A namesake whose stored first name carries an invisible
 * character inside it (a soft hyphen or zero-width space a copy from a hyphenated web page or a
 * document brings) reads on every screen exactly like the name, and nameKey takes the two for
 * namesakes (name-match-invisible-namesake.test.ts), but a search for "Maya" does not find
 * "Ma\u00ADya": the search is asked for the name's last word too ("Chen"), and the one contact the
 * first search finds is not picked.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

type Contact = { id: string; name: string; email: string };

/**
 * A server calibrated to `?search=`, finding contacts whose name holds the text, without case; the
 * words it was asked for (null: a page of the whole list). `cutShort`: a word whose answer is a
 * page of one with no total, cut at the server's own size.
 */
async function searching(contacts: readonly Contact[], cutShort?: string) {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', {
    contactLookup: 'search-param',
    contactLookupCheckedAt: Date.now(),
    contactLookupCaseSensitive: false,
    contactSearchCoversNames: true,
  });
  const asked: (string | null)[] = [];
  const service = servedClient((url) => {
    const search = url.searchParams.get('search');
    asked.push(search);
    const found = search === null ? contacts : contacts.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
    return search === cutShort ? reply(200, { items: found.slice(0, 1) }) : reply(200, { items: found, total: found.length });
  }, discovery);
  return { service, asked };
}

describe('a namesake whose first name carries an invisible character inside it', () => {
  it.each([
    ['a soft hyphen', 'Ma\u00ADya Chen'],
    ['a zero-width space', 'Ma\u200Bya Chen'],
  ])('is a namesake on a searching server too (%s): no one is matched by the name', async (_, stored) => {
    const contacts = [
      { id: 'maya-1', name: 'Maya Chen', email: 'maya@x.test' },
      { id: 'maya-2', name: stored, email: 'mchen@y.test' },
    ];
    // Control: the whole list (local index) already takes them for namesakes.
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
    const listing = servedClient(() => reply(200, { items: contacts, total: contacts.length }), discovery);
    expect(await listing.findContactByName('Maya Chen')).toBeNull();

    const { service, asked } = await searching(contacts);
    expect(await service.findContactByName('Maya Chen')).toBeNull();
    // Decided on the two searches, without reading the whole list.
    expect(asked).toEqual(['Maya', 'Chen']);
  });

  it('is the single contact with the name when no other has it, as the whole list would say', async () => {
    const { service } = await searching([{ id: 'maya-2', name: 'Ma\u00ADya Chen', email: 'mchen@y.test' }]);
    expect(await service.findContactByName('Maya Chen')).toMatchObject({ id: 'maya-2' });
  });

  it('is left to the first word’s answer when the search for the last word cuts its page short (a common last name)', async () => {
    const contacts = [
      { id: 'dan', name: 'Dan Chen', email: 'dan@x.test' },
      { id: 'maya-1', name: 'Maya Chen', email: 'maya@x.test' },
      { id: 'maya-2', name: 'Ma\u00ADya Chen', email: 'mchen@y.test' },
    ];
    const { service, asked } = await searching(contacts, 'Chen');
    // The known gap: paging the whole list for every such name costs more than this rare namesake
    // (name-search-common-last-word.test.ts); the first word's complete answer decides.
    expect(await service.findContactByName('Maya Chen')).toMatchObject({ id: 'maya-1' });
    expect(asked).toEqual(['Maya', 'Chen']);
  });
});
