/**
 * The cache's name lookups are filed under nameKey(name), and the keys are "named anew when the
 * matching rules change, so no answer given under the old rules is served" (handlers/contacts.ts).
 * nameKey folds Greek accents and Turkish "ı": a page's "IŞIK YILMAZ" or "ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ"
 * looked up by the version before (then a single, exact name) left its answer under
 * `contact-by-full-name|<the old key>`, the very key the other contact's exact name ("Işık Yılmaz",
 * "Μαρία Παπαδοπούλου") would have now. After the update that answer (up to a week old, served
 * stale and refreshed behind) must not name the contact written in capitals, "matched by name",
 * for the person shown with the other contact's exact name.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings } from '@/lib/background/settings';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { cacheScopeOf } from '@/lib/api/client';
import { keyTag } from '@/lib/background/key-vault';
import { CACHE_PREFIX } from '@/lib/storage/items';

vi.mock('@/lib/background/settings', async (original) => ({ ...(await original<object>()), effectiveSettings: vi.fn() }));

const BASE = 'https://api.test';
const CONTACTS = [
  { id: 'iy-1', name: 'Işık Yılmaz', email: 'isik@x.test' },
  { id: 'iy-2', name: 'IŞIK YILMAZ', email: 'iyilmaz@y.test' },
  { id: 'mp-1', name: 'Μαρία Παπαδοπούλου', email: 'maria@x.test' },
  { id: 'mp-2', name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', email: 'mpapa@y.test' },
];

/** nameKey as the version before the update had it. */
const oldNameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().replace(/ß/g, 'ss');

beforeEach(async () => {
  vi.mocked(effectiveSettings).mockResolvedValue({ baseUrl: BASE, apiKey: 'key', policy: {} });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
});

it.each([
  ['IŞIK YILMAZ', 'iy-2', 'Işık Yılmaz'],
  ['ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', 'mp-2', 'Μαρία Παπαδοπούλου'],
])('does not serve the answer the last version gave for "%s" to a page showing another contact’s exact name', async (capitals, id, exact) => {
  const fetch = () => Promise.resolve(new Response(JSON.stringify({ items: CONTACTS, total: CONTACTS.length }), { headers: { 'content-type': 'application/json' } }));
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  // The settings in use since before the update (their scope recorded at a first call).
  await handlers['contact.find']({ name: 'Nobody Here' }, { sender: 'extension', tabId: null });

  // Before the update, an hour ago: a page showed the name in capitals, then a single exact name.
  const contact = CONTACTS.find((c) => c.id === id)!;
  const key = `${CACHE_PREFIX}${cacheScopeOf(BASE, await keyTag('key'))}|contact-by-full-name|${oldNameKey(capitals)}`;
  await fakeBrowser.storage.local.set({
    [key]: { value: { contact: { id, name: contact.name, email: contact.email, company: null, title: null }, matchedBy: 'name' }, storedAt: Date.now() - 60 * 60 * 1000 },
  });

  // After the update: the person a page shows with the other contact's exact name.
  const found = await handlers['contact.find']({ name: exact }, { sender: 'extension', tabId: null });
  // The two are namesakes now: no one by the name alone, and never the one written otherwise.
  expect(found?.contact.id ?? null).toBeNull();
});
