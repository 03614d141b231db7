// @vitest-environment node
/**
 * An administrator's API key (enterprise policy) never needed the vault: it is not sealed. Since
 * the key is tagged with a key kept in the vault (key-vault.ts keyTag), a vault that cannot be
 * read (IndexedDB failing to open, a full disk when the tagging key is first stored on the first
 * start after the update) makes every lookup of a policy-managed install fail, and the pages say
 * only "Something went wrong inside Primer." Before, these installs worked without the vault.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { resetSettingsForTests } from '@/lib/background/settings';

const BASE = 'https://corp.example.com';
const MAYA = { id: 'c-maya', name: 'Maya Chen', email: 'maya@example.com' };
const fetch = () =>
  Promise.resolve(new Response(JSON.stringify({ items: [MAYA], total: 1 }), { headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  resetVaultForTests();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'corp-key-9999' } as never);
  vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store', 'UnknownError');
  });
});
afterEach(() => vi.restoreAllMocks());

it('looks people up with the administrator’s key while the vault cannot be read, as before', async () => {
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  const handlers = createHandlers(context);
  const found = handlers['contact.find']({ email: MAYA.email }, { sender: 'extension', tabId: null });
  await expect(found).resolves.toMatchObject({ contact: { id: MAYA.id } });
});
