import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetVaultForTests, seal, unseal } from '@/lib/background/key-vault';
import { apiKeyFor, effectiveSettings, migrateUnboundKey, resetSettingsForTests, saveSettings, settingsView } from '@/lib/background/settings';
import { sealedApiKeyItem, serviceUrlItem, signedServiceUrlItem } from '@/lib/storage/items';
import { SETTINGS_KEYS, SETTINGS_SAVED_KEY, watchSettings, watchSettingsSaved } from '@/lib/storage/settings-change';
import { idb, storeUnboundKey } from './vault-helpers';

const KEY = 'sk_live_0123456789abcdef';
const SVC = 'https://svc.example.com';
const EVIL = 'https://evil.example.net';

function deleteVault(): Promise<void> {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('primer-vault');
    request.onsuccess = () => resolve();
  });
}

beforeEach(async () => {
  resetVaultForTests();
  resetSettingsForTests();
  await deleteVault();
});


async function vaultKeyIds(): Promise<IDBValidKey[]> {
  const open = indexedDB.open('primer-vault', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('keys');
  const db = await idb(open);
  try {
    return await idb(db.transaction('keys').objectStore('keys').getAllKeys());
  } finally {
    db.close();
  }
}

describe('key vault', () => {
  it('seals with a random IV and opens again, also after the worker restarts', async () => {
    const a = await seal(KEY, SVC);
    const b = await seal(KEY, SVC);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toContain(KEY);
    // The ending is for the options page only (settingsView): stored, it is most of a short key.
    expect(a.hint).toBeNull();
    resetVaultForTests();
    expect(await unseal(a, SVC)).toBe(KEY);
  });

  it('cannot open ciphertext once the wrapping key is gone (no plaintext fallback)', async () => {
    const sealed = await seal(KEY, SVC);
    resetVaultForTests();
    await deleteVault();
    expect(await unseal(sealed, SVC)).toBeNull();
    expect(await unseal({ ...sealed, data: 'AAAA' }, SVC)).toBeNull();
  });

  it('gives no hint for very short keys', async () => {
    expect((await seal('short', SVC)).hint).toBeNull();
  });

  it('opens a key only for the address it was sealed for, whatever the stored record says', async () => {
    const sealed = await seal(KEY, SVC);
    expect(sealed.url).toBe(SVC);
    expect(await unseal(sealed, EVIL)).toBeNull();
    expect(await unseal(sealed, `${SVC}/other`)).toBeNull();
    // The address beside the ciphertext is only a label: rewriting it does not move the key.
    expect(await unseal({ ...sealed, url: EVIL }, EVIL)).toBeNull();
    expect(await unseal({ ...sealed, url: EVIL }, SVC)).toBe(KEY);
  });
});

describe('the key is bound to the address it was saved for', () => {
  it('is not given out for an address written into storage behind the options page', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    await fakeBrowser.storage.local.set({ serviceUrl: EVIL });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: EVIL, apiKey: null });
    expect(await apiKeyFor(EVIL)).toBeNull();
    expect(await settingsView()).toEqual({
      serviceUrl: EVIL,
      hasApiKey: false,
      apiKeyHint: 'cdef',
      apiKeyAddress: SVC,
      locked: { serviceUrl: false, apiKey: false },
    });
    // Nor for the address when the key's record is relabelled with it.
    const stored = (await fakeBrowser.storage.local.get('apiKeySealed')).apiKeySealed as Record<string, unknown>;
    await fakeBrowser.storage.local.set({ apiKeySealed: { ...stored, url: EVIL } });
    expect((await effectiveSettings()).apiKey).toBeNull();
    expect(await settingsView()).toMatchObject({ hasApiKey: false, apiKeyAddress: null });
    // Put back, the key works again where it belongs.
    await fakeBrowser.storage.local.set({ serviceUrl: SVC, apiKeySealed: stored });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
  });

  it('drops the saved key when a new address is saved without one, in the same storage change', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    const changes: Record<string, { newValue?: unknown }>[] = [];
    fakeBrowser.storage.local.onChanged.addListener((change) => void changes.push(change));
    const view = await saveSettings({ serviceUrl: EVIL });
    expect(view).toMatchObject({ serviceUrl: EVIL, hasApiKey: false, apiKeyHint: null, apiKeyAddress: null });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: EVIL, apiKey: null });
    expect(changes.map(Object.keys)).toEqual([['serviceUrl', 'apiKeySealed']]);
    // Going back to the old address does not bring the key back: it is gone.
    await saveSettings({ serviceUrl: SVC });
    expect((await effectiveSettings()).apiKey).toBeNull();
  });

  it('keeps the saved key when the vault cannot be read for a while: saves of an address go through without deleting it', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    resetVaultForTests();
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('Internal error opening backing store', 'UnknownError');
    });
    try {
      // Meanwhile no key is used…
      expect((await effectiveSettings()).apiKey).toBeNull();
      // …and the options page's Save of the same address does not take it for one that will never
      // open; another address is saved (the key opens only for its own anyway).
      await saveSettings({ serviceUrl: SVC });
      await saveSettings({ serviceUrl: EVIL });
      await saveSettings({ serviceUrl: SVC });
    } finally {
      open.mockRestore();
    }
    resetVaultForTests();
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
    expect(await settingsView()).toMatchObject({ hasApiKey: true });
  });

  it('keeps the key for the address it belongs to after the stored address was changed behind the page', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    await fakeBrowser.storage.local.set({ serviceUrl: EVIL });
    await saveSettings({ serviceUrl: `${SVC}/` });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
  });

  it('binds a key saved alone to the address in effect, and refuses one with no address to bind to', async () => {
    await saveSettings({ serviceUrl: SVC });
    await saveSettings({ apiKey: KEY });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
    await fakeBrowser.storage.local.clear();
    await expect(saveSettings({ apiKey: KEY })).rejects.toMatchObject({ kind: 'bad_request' });
    expect(await settingsView()).toMatchObject({ hasApiKey: false });
  });

  it('uses a policy key only with the policy’s own address', async () => {
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    managed.mockResolvedValue({ apiKey: 'corp-key-9999' } as never);
    await saveSettings({ serviceUrl: EVIL });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: EVIL, apiKey: null });
    expect(await apiKeyFor(EVIL)).toBeNull();
    expect(await settingsView()).toEqual({
      serviceUrl: EVIL,
      hasApiKey: false,
      apiKeyHint: '9999',
      apiKeyAddress: null,
      locked: { serviceUrl: false, apiKey: true },
    });
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com/api/v2', apiKey: 'corp-key-9999' } as never);
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://corp.example.com', apiKey: 'corp-key-9999' });
    expect(await apiKeyFor('https://corp.example.com')).toBe('corp-key-9999');
    expect(await apiKeyFor(EVIL)).toBeNull();
  });

  it('cleans the policy’s key as a typed one (a newline, "Bearer " pasted along), takes an empty one for none, and reads each field on its own', async () => {
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 'Bearer corp-key-9999\n' } as never);
    expect(await apiKeyFor('https://corp.example.com')).toBe('corp-key-9999');
    expect(await settingsView()).toMatchObject({ hasApiKey: true, apiKeyHint: '9999', locked: { serviceUrl: true, apiKey: true } });
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: '' } as never);
    expect(await settingsView()).toMatchObject({ hasApiKey: false, locked: { serviceUrl: true, apiKey: false } });
    // A key no header can carry is sent nowhere, and stays locked.
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 'corp key 9999' } as never);
    expect(await apiKeyFor('https://corp.example.com')).toBeNull();
    expect(await settingsView()).toMatchObject({ hasApiKey: false, locked: { apiKey: true } });
    // Firefox checks no schema: a key of the wrong type does not unlock the address.
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 12345 } as never);
    expect(await settingsView()).toMatchObject({ serviceUrl: 'https://corp.example.com', locked: { serviceUrl: true, apiKey: false } });
    await expect(saveSettings({ serviceUrl: EVIL })).rejects.toBeDefined();
  });

  it('binds the user’s key to the policy’s address, and does not carry one saved for another address over to it', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    managed.mockResolvedValue({ serviceUrl: 'https://corp.example.com' } as never);
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://corp.example.com', apiKey: null });
    expect(await settingsView()).toMatchObject({ hasApiKey: false, apiKeyAddress: SVC });
    await saveSettings({ apiKey: 'user-key-for-corp-1234' });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://corp.example.com', apiKey: 'user-key-for-corp-1234' });
  });
});

describe('a key saved before the address binding', () => {
  it('is bound to the address saved beside it when this version first starts, and to no other', async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: `${SVC}/api/v2/` });
    await storeUnboundKey(KEY);
    await migrateUnboundKey();
    const stored = (await fakeBrowser.storage.local.get('apiKeySealed')).apiKeySealed;
    expect(stored).toMatchObject({ v: 2, url: SVC, hint: null });
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(await effectiveSettings()).toMatchObject({ baseUrl: SVC, apiKey: KEY });
    await fakeBrowser.storage.local.set({ serviceUrl: EVIL });
    expect((await effectiveSettings()).apiKey).toBeNull();
  });

  it('is bound once: the old wrapping key is deleted, so a copy of the old record put back later opens nowhere', async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: SVC });
    const unbound = await storeUnboundKey(KEY);
    await migrateUnboundKey();
    expect(await vaultKeyIds()).not.toContain('api-key-wrapper');
    // A content script kept a copy, and writes it back with its own address.
    await fakeBrowser.storage.local.set({ serviceUrl: EVIL, apiKeySealed: unbound });
    resetVaultForTests();
    resetSettingsForTests();
    await migrateUnboundKey();
    expect(await effectiveSettings()).toMatchObject({ baseUrl: EVIL, apiKey: null });
    expect(await settingsView()).toMatchObject({ hasApiKey: false });
    await fakeBrowser.storage.local.set({ serviceUrl: SVC });
    expect((await effectiveSettings()).apiKey).toBeNull();
  });

  it('is migrated before any settings are read, and dropped when no address was saved beside it', async () => {
    await storeUnboundKey(KEY);
    // No explicit migration: the first read runs it.
    expect(await effectiveSettings()).toMatchObject({ baseUrl: null, apiKey: null });
    expect((await fakeBrowser.storage.local.get('apiKeySealed')).apiKeySealed ?? null).toBeNull();
    await saveSettings({ serviceUrl: SVC });
    expect((await effectiveSettings()).apiKey).toBeNull();
  });

  it('is never used while unbound', async () => {
    await fakeBrowser.storage.local.set({ serviceUrl: SVC });
    await storeUnboundKey(KEY);
    // Read first through the view, as the options page would.
    expect(await settingsView()).toMatchObject({ serviceUrl: SVC, hasApiKey: true, apiKeyAddress: SVC });
    expect(await apiKeyFor(EVIL)).toBeNull();
  });
});

describe('settings', () => {
  it('saves a normalised address and a sealed key; storage never holds the key in clear', async () => {
    const view = await saveSettings({ serviceUrl: 'https://svc.example.com/api/v2/', apiKey: `  ${KEY} ` });
    expect(view).toEqual({ serviceUrl: 'https://svc.example.com', hasApiKey: true, apiKeyHint: 'cdef', apiKeyAddress: 'https://svc.example.com', locked: { serviceUrl: false, apiKey: false } });
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain(KEY);
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://svc.example.com', apiKey: KEY });
  });

  it('saves a pasted key without the invisible characters a copy added, and refuses one a copy changed', async () => {
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: `\u200B${KEY}\uFEFF` });
    expect((await effectiveSettings()).apiKey).toBe(KEY);
    await expect(saveSettings({ apiKey: `${KEY.slice(0, 8)}…` })).rejects.toMatchObject({ kind: 'bad_request', message: expect.stringContaining('“…”') });
    expect((await effectiveSettings()).apiKey).toBe(KEY);
  });

  it('writes the address and the key of one save in one storage change, the key sealed', async () => {
    const changes: Record<string, { newValue?: unknown }>[] = [];
    fakeBrowser.storage.local.onChanged.addListener((change) => void changes.push(change));
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    expect(changes.map(Object.keys)).toEqual([['serviceUrl', 'apiKeySealed']]);
    expect(JSON.stringify(changes)).not.toContain(KEY);
  });

  it('removes the key on null, keeps it when absent and the address stays, and refuses a bad address', async () => {
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    // The same address as typed differently: the key stays (a new address drops it, see below).
    await saveSettings({ serviceUrl: 'https://svc.example.com/api/v2/' });
    expect((await effectiveSettings()).apiKey).toBe(KEY);
    await saveSettings({ apiKey: null });
    expect(await settingsView()).toMatchObject({ hasApiKey: false, apiKeyHint: null });
    await expect(saveSettings({ serviceUrl: 'http://svc.example.com' })).rejects.toMatchObject({ kind: 'bad_request' });
  });

  it('lets enterprise policy win and lock the values', async () => {
    await saveSettings({ serviceUrl: 'https://user.example.com', apiKey: KEY });
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 'corp-key-9999' } as never);
    expect(await settingsView()).toEqual({ serviceUrl: 'https://corp.example.com', hasApiKey: true, apiKeyHint: '9999', apiKeyAddress: null, locked: { serviceUrl: true, apiKey: true } });
    expect(await effectiveSettings()).toMatchObject({ baseUrl: 'https://corp.example.com', apiKey: 'corp-key-9999' });
    await expect(saveSettings({ serviceUrl: 'https://x.example.com' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(saveSettings({ apiKey: 'new' })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('shows no part of a short administrator’s key (its last four characters would be most of it)', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: 'abcde' } as never);
    expect(await settingsView()).toMatchObject({ hasApiKey: true, apiKeyHint: null });
  });

  it('refuses a typed key that is only invisible characters, keeping the saved one (only null removes it)', async () => {
    await saveSettings({ serviceUrl: SVC, apiKey: KEY });
    for (const typed of ['\u200B', '\u00AD\uFEFF', '']) {
      await expect(saveSettings({ apiKey: typed })).rejects.toMatchObject({ kind: 'bad_request' });
    }
    expect((await effectiveSettings()).apiKey).toBe(KEY);
    await saveSettings({ apiKey: null });
    expect((await effectiveSettings()).apiKey).toBeNull();
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

  it('is not moved by the pages’ signal, which another of the user’s browsers may sync over', async () => {
    const changed = vi.fn();
    const saved = vi.fn();
    const unwatch = watchSettings(changed);
    const unwatchSaved = watchSettingsSaved(saved);
    await fakeBrowser.storage.sync.set({ [SETTINGS_SAVED_KEY]: Date.now() });
    expect(changed).not.toHaveBeenCalled();
    expect(saved).toHaveBeenCalledTimes(1);
    // Pages go by that signal only: neither the saved settings nor a policy moves them.
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: KEY });
    await fakeBrowser.storage.managed.set({ apiKey: 'corp-key' });
    expect(saved).toHaveBeenCalledTimes(1);
    unwatch();
    unwatchSaved();
  });

  it('knows the saved settings by the keys they are stored under', () => {
    expect(SETTINGS_KEYS.local).toEqual([serviceUrlItem, signedServiceUrlItem, sealedApiKeyItem].map((item) => item.key.replace(/^local:/, '')));
  });
});
