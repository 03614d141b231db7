/**
 * Firefox: content scripts can write storage.local (lib/background/storage-access.ts), where the
 * service address is saved. A page that took one over rewrites it to its own server: Primer then
 * had no key "for" that address, and the side panel and options asked the user to enter their API
 * key for the page's server (the options form showing that address as the saved one), where the
 * key would go on Save. The address the user saved is kept signed beside it; what a page writes
 * is never taken for it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { effectiveSettings, resetSettingsForTests, saveSettings, settingsView } from '@/lib/background/settings';
import { seal } from '@/lib/background/key-vault';

const MINE = 'https://ci.example.com';
const PAGES = 'https://ci.example.com.attacker.test';

beforeEach(() => resetSettingsForTests());
afterEach(() => vi.unstubAllEnvs());

/** What a page can do on Firefox: write any item of storage.local. */
const pageWrites = (items: Record<string, unknown>) => fakeBrowser.storage.local.set(items);

describe('on Firefox', () => {
  beforeEach(() => vi.stubEnv('FIREFOX', true as never));

  it('keeps the address the user saved, with its key, when a page rewrites it', async () => {
    await saveSettings({ serviceUrl: MINE, apiKey: 'primer-key-123456' });
    await pageWrites({ serviceUrl: PAGES });
    expect(await settingsView()).toMatchObject({ serviceUrl: MINE, hasApiKey: true, apiKeyAddress: MINE });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: MINE, apiKey: 'primer-key-123456' });
  });

  it('keeps the address saved without a key yet, so the user is never asked for a key for the page’s server', async () => {
    await saveSettings({ serviceUrl: MINE });
    await pageWrites({ serviceUrl: PAGES });
    expect((await settingsView()).serviceUrl).toBe(MINE);
  });

  it('never takes an address a page wrote, whatever else it wrote beside it', async () => {
    await saveSettings({ serviceUrl: MINE });
    const all = await fakeBrowser.storage.local.get(null);
    // Every other item the page can see, rewritten to name its server.
    const rewritten = JSON.parse(JSON.stringify(all).replaceAll(MINE, PAGES)) as Record<string, unknown>;
    await pageWrites(rewritten);
    expect((await settingsView()).serviceUrl).not.toBe(PAGES);
    expect((await effectiveSettings()).baseUrl).not.toBe(PAGES);
  });

  it('takes an earlier version’s saved address when the key saved beside it is for that address, and keeps it when the key is removed', async () => {
    // As the version before this one saved them: the address plain, the key sealed for it.
    await fakeBrowser.storage.local.set({ serviceUrl: MINE, apiKeySealed: await seal('primer-key-123456', MINE) });
    expect(await settingsView()).toMatchObject({ serviceUrl: MINE, hasApiKey: true });
    await saveSettings({ apiKey: null });
    expect(await settingsView()).toMatchObject({ serviceUrl: MINE, hasApiKey: false });
  });
});

describe('on Chrome', () => {
  it('reads and saves the address as before (pages cannot write storage.local there)', async () => {
    await saveSettings({ serviceUrl: MINE });
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['serviceUrl']);
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://other.example.com' });
    expect((await settingsView()).serviceUrl).toBe('https://other.example.com');
  });
});
