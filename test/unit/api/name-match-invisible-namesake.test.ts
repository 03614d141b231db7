// @vitest-environment node
/**
 * "Never guess a person": a name matches only when a single contact has exactly that full name,
 * and names compare as they look (case, spaces, composition: contact-names.test.ts). A contact
 * whose stored name carries an invisible character (a direction mark from an RTL app or a Teams
 * or calendar import, a zero-width space, a soft hyphen) reads on every screen exactly like its
 * namesake: the two must be namesakes, and neither is picked by the name alone.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'maya-1', name: 'Maya Chen', email: 'maya@x.test' },
  { id: 'maya-2', name: 'Maya Chen\u200E', email: 'mchen@y.test' },
  { id: 'noa-1', name: 'נועה לוי', email: 'noa@x.test' },
  { id: 'noa-2', name: '\u200Fנועה לוי\u200F', email: 'nlevi@y.test' },
  { id: 'jan-1', name: 'Jan Kowalski', email: 'jan@x.test' },
  { id: 'jan-2', name: 'Jan Ko\u00ADwalski', email: 'jkowalski@y.test' },
];

async function client() {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
  return servedClient(() => reply(200, { items: CONTACTS, total: CONTACTS.length }), discovery);
}

describe('a name shared with a contact whose name differs only by an invisible character', () => {
  it.each([['Maya Chen'], ['נועה לוי'], ['Jan Kowalski']])('matches no one by "%s" (two contacts look exactly alike)', async (name) => {
    const service = await client();
    expect(await service.findContactByName(name)).toBeNull();
  });

  it('finds the single contact when the name the page shows carries direction marks (RTL pages and copies add them)', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
    const only = [{ id: 'dana', name: 'דנה כהן', email: 'dana@x.test' }];
    const service = servedClient(() => reply(200, { items: only, total: 1 }), discovery);
    expect(await service.findContactByName('\u200Fדנה כהן\u200F')).toMatchObject({ id: 'dana' });
  });
});

describe('on a server whose search finds names', () => {
  /** A server calibrated to `?search=`, which finds the contacts whose name holds the text, without case. */
  async function searching(contacts: readonly { id: string; name: string; email: string }[]) {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', {
      contactLookup: 'search-param',
      contactLookupCheckedAt: Date.now(),
      contactLookupCaseSensitive: false,
      contactSearchCoversNames: true,
    });
    const asked: string[] = [];
    const service = servedClient((url) => {
      const search = url.searchParams.get('search');
      if (search !== null) asked.push(search);
      const found = search === null ? contacts : contacts.filter((contact) => contact.name.toLowerCase().includes(search.toLowerCase()));
      return reply(200, { items: found, total: found.length });
    }, discovery);
    return { service, asked };
  }

  it('takes the contacts it finds that differ only by a direction mark for namesakes', async () => {
    const { service, asked } = await searching(CONTACTS);
    expect(await service.findContactByName('Maya Chen')).toBeNull();
    expect(asked).toEqual(['Maya', 'Chen']);
  });

  it('is asked for the name the page shows without its marks, and finds the single contact', async () => {
    const { service, asked } = await searching([{ id: 'dana', name: 'Dana Cohen', email: 'dana@x.test' }]);
    expect(await service.findContactByName('\u200EDana Cohen\u200E')).toMatchObject({ id: 'dana' });
    expect(asked).toEqual(['Dana', 'Cohen']);
  });
});
