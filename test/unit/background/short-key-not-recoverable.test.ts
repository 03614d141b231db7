// @vitest-environment node
/**
 * Firefox lets content scripts (so a compromised page's script in a matched site) read
 * storage.local. What Primer keeps there must tell nothing of the API key: earlier versions filed
 * answers, the settings' scope, the contact index and upload records under a plain 32-bit hash of
 * the key (FNV-1a) and kept the key's last four characters beside its ciphertext, so a short key
 * was found by trying keys until one hashed to the tag, in seconds.
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cacheScopeOf } from '@/lib/api/client';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { keyTag, seal } from '@/lib/background/key-vault';
import { legacyAccountRenames } from '@/lib/background/upload-account';
import { ServiceContext } from '@/lib/background/service-context';
import { effectiveSettings, migrateUnboundKey, resetSettingsForTests, saveSettings, settingsView } from '@/lib/background/settings';
import { recordingClient } from '@/lib/background/uploads';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, memoryStore, T0, uploadRecord } from '../upload/helpers';
import { deleteVault, fnv } from './vault-helpers';

const BASE = 'https://api.test';
const SHORT_KEY = 'k7Q2x9Zp';
const OTHER_KEY = 'r4Tm8wLq';
const MAYA = { id: 'c-maya', name: 'Maya Chen', email: 'maya@example.com' };

/** Everything a plain function of the key would leave, which a reader could try keys against. */
const derivedFrom = (key: string) => [
  key,
  key.slice(-4),
  fnv(key),
  createHash('sha256').update(key).digest('hex').slice(0, 8),
  createHash('sha1').update(key).digest('hex').slice(0, 8),
];

/** A service answering `GET /contacts?email=` and the contact list. */
const fetch = (input: string) => {
  const url = new URL(input);
  const email = url.searchParams.get('email');
  const items = email === null || email === MAYA.email ? [MAYA] : [];
  return Promise.resolve(new Response(JSON.stringify({ items, total: items.length }), { headers: { 'content-type': 'application/json' } }));
};

/** storage.local as a content script reads it, but the key's ciphertext (random to whoever lacks the vault). */
async function readableWithoutTheVault(): Promise<string> {
  const all = await fakeBrowser.storage.local.get(null);
  const { apiKeySealed, ...rest } = all as { apiKeySealed?: { iv: string; data: string } };
  return JSON.stringify({ ...rest, apiKeySealed: apiKeySealed && { ...apiKeySealed, iv: null, data: null } }) + Object.keys(all).join('\n');
}

beforeEach(async () => {
  await deleteVault();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
});

it('keeps nothing in storage.local a short key could be tried against: no plain hash of it, not its ending', async () => {
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  await context.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: SHORT_KEY }));
  // Lookups by address (cached answers) and by name (the contact index, where the server needs one).
  await storageDiscoveryStore.update(BASE, { contactLookup: 'local-index', contactLookupCheckedAt: Date.now() });
  const handlers = createHandlers(context);
  const sender = { sender: 'extension', tabId: null } as const;
  expect((await handlers['contact.find']({ email: MAYA.email }, sender))?.contact.id).toBe(MAYA.id);
  expect((await handlers['contact.find']({ name: MAYA.name }, sender))?.contact.id).toBe(MAYA.id);

  const stored = await readableWithoutTheVault();
  expect(stored).toContain(MAYA.email);
  for (const derived of derivedFrom(SHORT_KEY)) expect(stored).not.toContain(derived);
  // The options page still says which key is saved (it asks the background).
  expect(await settingsView()).toMatchObject({ hasApiKey: true, apiKeyHint: 'x9Zp' });

  // What the answers are filed under is this browser's: the same key elsewhere (another vault) is tagged otherwise.
  const scope = (await fakeBrowser.storage.local.get('settingsScope')).settingsScope as string;
  expect(scope).toBe((await context.client()).cacheScope);
  await deleteVault();
  expect(cacheScopeOf(BASE, await keyTag(SHORT_KEY))).not.toBe(scope);
});

it('wipes the key’s ending an earlier version kept beside its ciphertext, and the key still opens', async () => {
  await fakeBrowser.storage.local.set({ serviceUrl: BASE, apiKeySealed: { ...(await seal(SHORT_KEY, BASE)), hint: SHORT_KEY.slice(-4) } });
  await migrateUnboundKey();
  expect(await readableWithoutTheVault()).not.toContain(SHORT_KEY.slice(-4));
  expect(await effectiveSettings()).toMatchObject({ baseUrl: BASE, apiKey: SHORT_KEY });
});

it('starts the answers, scope and contact index an earlier version filed under the key’s plain hash over', async () => {
  await saveSettings({ serviceUrl: BASE, apiKey: SHORT_KEY });
  const legacy = `${BASE}|key-${fnv(SHORT_KEY)}`;
  await fakeBrowser.storage.local.set({
    settingsScope: legacy,
    [`cache:${legacy}|contact-by-email|${MAYA.email}`]: { value: { contact: { ...MAYA, company: null, title: null }, matchedBy: 'email' }, storedAt: Date.now() },
  });
  const handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() }));
  expect((await handlers['contact.find']({ email: MAYA.email }, { sender: 'extension', tabId: null }))?.contact.id).toBe(MAYA.id);
  for (const derived of derivedFrom(SHORT_KEY)) expect(await readableWithoutTheVault()).not.toContain(derived);
});

it('renames the account of uploads an earlier version made: the key in effect’s goes on, another key’s keeps nothing of it', async () => {
  await saveSettings({ serviceUrl: BASE, apiKey: SHORT_KEY });
  const store = memoryStore([
    uploadRecord({ state: 'processing', recordingId: 'rec-1', serviceUrl: BASE, account: `${BASE}|key-${fnv(SHORT_KEY)}` }, 'mine'),
    uploadRecord({ state: 'processing', recordingId: 'rec-2', serviceUrl: BASE, account: `${BASE}|key-${fnv(OTHER_KEY)}` }, 'other'),
  ]);
  await new UploadService({ ...fakePlatform(store, () => T0), accountRenames: legacyAccountRenames }).resume();

  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, ping: () => Promise.resolve() });
  const mine = (await store.get('mine'))!;
  const other = (await store.get('other'))!;
  expect(mine.account).toBe((await context.client()).cacheScope);
  await expect(recordingClient(context, mine.serviceUrl, mine.account)).resolves.toBeDefined();
  const stored = JSON.stringify(await store.all());
  for (const derived of [...derivedFrom(SHORT_KEY), ...derivedFrom(OTHER_KEY)]) expect(stored).not.toContain(derived);
  await expect(recordingClient(context, other.serviceUrl, other.account)).rejects.toThrow(/another API key/);
});
