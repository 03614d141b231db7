/**
 * A key an earlier version saved as pasted is cleaned when read, and the cleaned key is what is
 * sent. The options page names the ending of that key, not of the key as pasted (the hint sealed
 * with it: `…def"` for a .env line's quotes, `…def` and an invisible character for a zero-width
 * space), so the user comparing it with the service's key list sees an ending a key has.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetVaultForTests, seal } from '@/lib/background/key-vault';
import { apiKeyFor, resetSettingsForTests, settingsView } from '@/lib/background/settings';

const SVC = 'https://svc.example.com';

beforeEach(async () => {
  resetVaultForTests();
  resetSettingsForTests();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('primer-vault');
    request.onsuccess = () => resolve();
  });
});

it.each([
  ['the quotes of a .env line', '"sk_live_0123456789abcdef"'],
  ['a zero-width space a web page added', 'sk_live_0123456789abcdef\u200B'],
])('names the ending of the key it sends, for a key an earlier version saved with %s', async (_what, asSaved) => {
  await fakeBrowser.storage.local.set({ serviceUrl: SVC, apiKeySealed: await seal(asSaved, SVC) });
  expect(await apiKeyFor(SVC)).toBe('sk_live_0123456789abcdef');
  expect((await settingsView()).apiKeyHint).toBe('cdef');
});
