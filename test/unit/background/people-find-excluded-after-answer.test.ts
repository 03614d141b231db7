// @vitest-environment node
/**
 * "Addresses at these domains are never sent to the service", and a page is not told about them:
 * a person whose lookup had already answered when the user excluded their domain, while another
 * lookup of the same batch was still on its way, is answered as no one's to the page, and their
 * contact is not among those the page's cards may read (contact.insights).
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

it('does not name to the page a contact answered before their domain was excluded', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const answered: string[] = [];
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input);
    const email = url.searchParams.get('email');
    if (email === 'ana@mycompany.com') {
      answered.push(email);
      return json({ items: [{ id: 'ana', name: 'Ana Ruiz', email }] });
    }
    if (email !== null) {
      await slow;
      return json({ items: [] });
    }
    return json({ id: 'ana', name: 'Ana Ruiz', summary: 'Talked about the renewal.' });
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const page = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 3 } };

  const batch = broker({ primer: 1, type: 'people.find', payload: { people: [{ email: 'ana@mycompany.com' }, { email: 'dan@client.example' }] } }, page)!;
  await vi.waitFor(() => expect(answered).toEqual(['ana@mycompany.com']));
  await new Promise((resolve) => setTimeout(resolve, 0));

  // Her answer is in; the user excludes her company's domain while Dan's lookup is still on its way.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] });
  await new Promise((resolve) => setTimeout(resolve, 0));
  release();
  expect.soft(await batch).toEqual({ ok: true, data: [null, null] });
  // Nor may the page's card read her briefing by the id it was never given.
  expect
    .soft(await broker({ primer: 1, type: 'contact.insights', payload: { contactId: 'ana' } }, page))
    .toMatchObject({ ok: false, error: { kind: 'forbidden' } });
});
