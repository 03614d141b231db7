// @vitest-environment node
/**
 * The contact lookup's calibration keeps a sample contact's address in the discovery record
 * (`contactLookupSample`), filed under the service address, to tell a search's "no such person"
 * from a route gone. After the user saves another account's key for the same address, or removes
 * the key, that address of the old account's contact is neither sent under the new key (where it
 * finds nobody, and the new account's working route was given up) nor kept in storage, even when
 * the old account's calibration lands after the change.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { ServiceContext } from '@/lib/background/service-context';
import { saveSettings } from '@/lib/background/settings';

const BASE = 'https://corp.example.com';
const MAYA = { id: 'a-1', name: 'Maya Chen', email: 'maya@account-a.example' };
const OLA = { id: 'b-1', name: 'Ola Berg', email: 'ola@account-b.example' };

/** A service with `GET /contacts/search?email=` (404 for nobody), each key its own account. */
function service(accounts: Record<string, object[]>) {
  const asked: { key: string; url: string }[] = [];
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('authorization')!.replace('Bearer ', '');
    const url = new URL(input);
    asked.push({ key, url: url.href });
    const people = (accounts[key] ?? []) as { email: string }[];
    const json = (status: number, body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    const email = url.searchParams.get('email');
    if (url.pathname === '/api/v2/contacts/search' && email !== null) {
      const found = people.filter((p) => p.email === email.toLowerCase());
      return found.length > 0 ? json(200, { items: found }) : json(404, { detail: 'Contact not found' });
    }
    if (url.pathname === '/api/v2/contacts' && email !== null) return json(400, { detail: 'Unknown parameter: email' });
    if (url.pathname === '/api/v2/contacts') return json(200, { items: people, total: people.length });
    return json(404, {});
  });
  return { fetch, asked };
}

it('does not send the old account’s contact address under the new account’s key', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const { fetch, asked } = service({ 'key-account-a': [MAYA], 'key-account-b': [OLA] });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  await context.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: 'key-account-a' }));
  expect(await (await context.client()).findContactByEmail(MAYA.email)).toMatchObject({ id: MAYA.id });

  // The user switches to another workspace's key on the same service.
  await context.saveAndReset(() => saveSettings({ apiKey: 'key-account-b' }));
  asked.length = 0;
  // A sender who is not a contact of account B (the inbox's most common lookup).
  expect(await (await context.client()).findContactByEmail('stranger@elsewhere.example')).toBeNull();

  // Account B's own search route is kept (asking B for A's contact found nobody, and the route was dropped).
  expect.soft((await storageDiscoveryStore.get(BASE)).contactLookup).toBe('search-path');
  const underB = asked.filter((call) => call.key === 'key-account-b').map((call) => call.url);
  expect.soft(underB.filter((url) => url.includes(encodeURIComponent(MAYA.email)) || url.includes(MAYA.email))).toEqual([]);
});

it('forgets the old account’s sample contact address when the key is removed', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const { fetch } = service({ 'key-account-a': [MAYA] });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  await context.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: 'key-account-a' }));
  expect(await (await context.client()).findContactByEmail(MAYA.email)).toMatchObject({ id: MAYA.id });

  // Remove key.
  await context.saveAndReset(() => saveSettings({ apiKey: null }));
  const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
  expect(everything).not.toContain(MAYA.email);
});

it('does not file the old account’s sample when its calibration lands after the key was changed', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const { fetch: answer } = service({ 'key-account-a': [MAYA], 'key-account-b': [OLA] });
  // Account A's calibration is on its way when the user saves account B's key.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    if (new Headers(init?.headers).get('authorization') === 'Bearer key-account-a') await held;
    return answer(input, init);
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  await context.saveAndReset(() => saveSettings({ serviceUrl: BASE, apiKey: 'key-account-a' }));
  const lookupA = (await context.client()).findContactByEmail(MAYA.email);
  await context.saveAndReset(() => saveSettings({ apiKey: 'key-account-b' }));
  release();
  await lookupA.catch(() => undefined);

  expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(MAYA.email);
});
