import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetVaultForTests, seal, unseal } from '@/lib/background/key-vault';
import { effectiveSettings, saveSettings, settingsView } from '@/lib/background/settings';
import { sealedApiKeyItem, serviceUrlItem } from '@/lib/storage/items';
import { SETTINGS_KEYS, watchSettings } from '@/lib/storage/settings-change';

const KEY = 'sk_live_0123456789abcdef';

beforeEach(() => {
  resetVaultForTests();
  indexedDB.deleteDatabase('primer-vault');
});

describe('key vault', () => {
  it('seals with a random IV and opens again, also after the worker restarts', async () => {
    const a = await seal(KEY);
    const b = await seal(KEY);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toContain(KEY);
    expect(a.hint).toBe('cdef');
    resetVaultForTests();
    expect(await unseal(a)).toBe(KEY);
  });

  it('cannot open ciphertext once the wrapping key is gone (no plaintext fallback)', async () => {
    const sealed = await seal(KEY);
    resetVaultForTests();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('primer-vault');
      request.onsuccess = () => resolve();
    });
    expect(await unseal(sealed)).toBeNull();
    expect(await unseal({ ...sealed, data: 'AAAA' })).toBeNull();
  });

  it('gives no hint for very short keys', async () => {
    expect((await seal('short')).hint).toBeNull();
  });
});

describe('settings', () => {
  it('saves a normalised address and a sealed key; storage never holds the key in clear', async () => {
    const view = await saveSettings({ serviceUrl: 'https://svc.example.com/api/v2/', apiKey: `  ${KEY} ` });
    expect(view).toEqual({ serviceUrl: 'https://svc.example.com', hasApiKey: true, apiKeyHint: 'cdef', locked: { serviceUrl: false, apiKey: false } });
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain(KEY);
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://svc.example.com', apiKey: KEY });
  });

  it('writes the address and the key of one save in one storage change, the key sealed', async () => {
    const changes: Record<string, { newValue?: unknown }>[] = [];
    fakeBrowser.storage.local.onChanged.addListener((change) => void changes.push(change));
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    expect(changes.map(Object.keys)).toEqual([['serviceUrl', 'apiKeySealed']]);
    expect(JSON.stringify(changes)).not.toContain(KEY);
  });

  it('removes the key on null, keeps it when absent, and refuses a bad address', async () => {
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    await saveSettings({ serviceUrl: 'https://other.example.com' });
    expect((await effectiveSettings()).apiKey).toBe(KEY);
    await saveSettings({ apiKey: null });
    expect(await settingsView()).toMatchObject({ hasApiKey: false, apiKeyHint: null });
    await expect(saveSettings({ serviceUrl: 'http://svc.example.com' })).rejects.toMatchObject({ kind: 'bad_request' });
  });

  it('lets enterprise policy win and lock the values', async () => {
    await saveSettings({ serviceUrl: 'https://user.example.com', apiKey: KEY });
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 'corp-key-9999' } as never);
    expect(await settingsView()).toEqual({ serviceUrl: 'https://corp.example.com', hasApiKey: true, apiKeyHint: '9999', locked: { serviceUrl: true, apiKey: true } });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://corp.example.com', apiKey: 'corp-key-9999' });
    await expect(saveSettings({ serviceUrl: 'https://x.example.com' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(saveSettings({ apiKey: 'new' })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('treats an unreadable stored value as absent', async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: 42, apiKeySealed: { v: 9 } });
    expect(await settingsView()).toMatchObject({ serviceUrl: null, hasApiKey: false });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: null, apiKey: null });
  });
});

describe('watchSettings', () => {
  it('tells once per storage change that touches the saved or the policy’s settings, however many of them', async () => {
    const changed = vi.fn();
    const unwatch = watchSettings(changed);
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    expect(changed).toHaveBeenCalledTimes(1);
    await fakeBrowser.storage.local.set({ preferences: { sites: {} } });
    expect(changed).toHaveBeenCalledTimes(1);
    await fakeBrowser.storage.managed.set({ apiKey: 'corp-key' });
    expect(changed).toHaveBeenCalledTimes(2);
    unwatch();
    await saveSettings({ serviceUrl: 'https://other.example.com' });
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('knows the saved settings by the keys they are stored under', () => {
    expect(SETTINGS_KEYS.local).toEqual([serviceUrlItem, sealedApiKeyItem].map((item) => item.key.replace(/^local:/, '')));
  });
});
