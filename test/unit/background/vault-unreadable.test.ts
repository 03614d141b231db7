// @vitest-environment node
/**
 * The vault (IndexedDB) cannot be read for a moment as the worker starts: settings.ts answers "no
 * key for this call" and keeps the key for later. The worker must read it again on a later call,
 * not say "not set up" until the settings change or the worker stops.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { resetSettingsForTests, saveSettings } from '@/lib/background/settings';

it('uses the saved key again once the vault can be read, without a settings change', async () => {
  resetVaultForTests();
  resetSettingsForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' });
  // A new worker starts while IndexedDB fails to open ("Internal error opening backing store").
  resetVaultForTests();
  const context = new ServiceContext({ cacheStore: storageCacheStore });
  const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store', 'UnknownError');
  });
  await expect(context.client()).rejects.toMatchObject({ kind: 'not_configured' });
  open.mockRestore();
  // A moment later the vault opens again: the next lookup (a page, a resumed upload's complete-upload) has its key.
  const client = await context.client();
  expect(client.baseUrl).toBe('https://svc.example.com');
});
