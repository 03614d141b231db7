// @vitest-environment node
/**
 * An address whose domain is internationalised has two spellings of one exact address: its own
 * letters ("max@müller.de") and the ASCII form ("max@xn--mller-kva.de"). Pages, the side panel's
 * search (PersonSearch withAsciiDomain) and the options (preferences.ts asciiDomain) use the ASCII
 * form; a service may keep either, and the popup's field in Firefox sends what was typed. IDNA is a
 * fixed mapping, not a guess: each spelling must find the contact stored under the other.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'max', name: 'Max Müller', email: 'max@müller.de' },
  { id: 'eva', name: 'Eva Lind', email: 'eva@xn--bcher-kva.example' },
];

async function client() {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
  return servedClient(() => reply(200, { items: CONTACTS, total: CONTACTS.length }), discovery);
}

describe('a contact whose address has an internationalised domain', () => {
  it('stored in its own letters, is found by the ASCII form pages and the panel search give', async () => {
    const service = await client();
    expect(await service.findContactByEmail('max@xn--mller-kva.de')).toMatchObject({ id: 'max' });
  });

  it('stored in ASCII, is found by the form typed in its own letters (the popup in Firefox)', async () => {
    const service = await client();
    expect(await service.findContactByEmail('eva@bücher.example')).toMatchObject({ id: 'eva' });
  });
});

describe('on a server whose ?email= filter compares addresses as stored', () => {
  async function filtering() {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false });
    const asked: string[] = [];
    const service = servedClient((url) => {
      const email = url.searchParams.get('email');
      if (email !== null) asked.push(email);
      const found = email === null ? CONTACTS : CONTACTS.filter((contact) => contact.email === email);
      return reply(200, { items: found, total: found.length });
    }, discovery);
    return { service, asked };
  }

  it('asks it for the ASCII form, and finds one stored in its own letters in the whole list', async () => {
    const { service, asked } = await filtering();
    expect(await service.findContactByEmail('max@müller.de')).toMatchObject({ id: 'max' });
    expect(asked).toEqual(['max@xn--mller-kva.de']);
  });

  it('finds one stored in ASCII by the filter alone', async () => {
    const { service, asked } = await filtering();
    expect(await service.findContactByEmail('eva@bücher.example')).toMatchObject({ id: 'eva' });
    expect(asked).toEqual(['eva@xn--bcher-kva.example']);
  });
});

describe('calibration against a contact whose domain is in its own letters', () => {
  it('asks for it in another case, not in another form, to tell whether the filter ignores case', async () => {
    const discovery = new MemoryDiscoveryStore();
    const service = servedClient((url) => {
      const email = url.searchParams.get('email')?.toLowerCase();
      const found = email === undefined ? CONTACTS : CONTACTS.filter((contact) => contact.email === email);
      return reply(200, { items: found, total: found.length });
    }, discovery);
    expect(await service.findContactByEmail('max@müller.de')).toMatchObject({ id: 'max' });
    expect(await discovery.get('https://api.test')).toMatchObject({ contactLookup: 'email-param', contactLookupCaseSensitive: false });
  });
});
