/**
 * Firefox, upgrading from the version before the signed address copy (address saved plain, the key
 * sealed for it, no `serviceUrlSigned`): the first Save with nothing changed (same address, key
 * field empty; ServiceSettingsForm sends `serviceUrl` on every Save) now also writes the new
 * `serviceUrlSigned`, which SETTINGS_KEYS watches. The settings in effect did not change (same
 * address, same key), but every page following watchSettings takes it for a change: the sidebar
 * throws away its answers and stack and unmatches the page's people, the upload form drops the
 * chosen contact and says Primer's settings changed (what test/unit/firefox/unchanged-save.test.tsx
 * guards against for an unchanged Save).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { seal } from '@/lib/background/key-vault';
import { effectiveSettings, resetSettingsForTests, saveSettings } from '@/lib/background/settings';
import { watchSettings } from '@/lib/storage/settings-change';
import { deleteVault } from '../background/vault-helpers';

const SVC = 'https://svc.example.com';
const KEY = 'sk_live_0123456789abcdef';

beforeEach(async () => {
  fakeBrowser.reset();
  resetSettingsForTests();
  await deleteVault();
});
afterEach(() => vi.unstubAllEnvs());

it('on Firefox, the first unchanged Save after the upgrade is not a settings change', async () => {
  vi.stubEnv('FIREFOX', true as never);
  // As the version before this one saved them.
  await fakeBrowser.storage.local.set({ serviceUrl: SVC, apiKeySealed: await seal(KEY, SVC) });
  const before = await effectiveSettings();
  const onChange = vi.fn();
  const stop = watchSettings(onChange);
  await saveSettings({ serviceUrl: SVC });
  stop();
  expect(await effectiveSettings()).toEqual(before);
  expect(onChange).not.toHaveBeenCalled();
});
