/**
 * Versions before 1054759 / ae5b69b saved the API key as pasted, only trimmed: a zero-width space
 * from a web page, the "Bearer " of a curl example, the quotes of a .env line stayed in it, and every
 * call failed ("could not be reached": a header cannot carry U+200B; "key refused" for the others).
 * This version cleans a typed key and the administrator's key on every read, but sends the key an
 * earlier version sealed exactly as it was stored: the update fixes nothing for those users.
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
  ['a zero-width space a web page added', 'sk_live_0123456789abcdef\u200B'],
  ['the “Bearer ” of a curl example', 'Bearer sk_live_0123456789abcdef'],
  ['the quotes of a .env line', '"sk_live_0123456789abcdef"'],
])('a key an earlier version saved with %s is sent as the key', async (_what, asSaved) => {
  // As the version before the cleaning left it: trimmed, sealed for the address saved with it.
  await fakeBrowser.storage.local.set({ serviceUrl: SVC, apiKeySealed: await seal(asSaved, SVC) });
  expect(await apiKeyFor(SVC)).toBe('sk_live_0123456789abcdef');
});

// The options page names the ending of the key sent, not of the key as pasted (the hint sealed with
// it: `…def"` for a .env line's quotes), so the user comparing it with the service's list sees an ending a key has.
it.each([
  ['the quotes of a .env line', '"sk_live_0123456789abcdef"'],
  ['a zero-width space a web page added', 'sk_live_0123456789abcdef\u200B'],
])('names the ending of the key it sends, for a key an earlier version saved with %s', async (_what, asSaved) => {
  await fakeBrowser.storage.local.set({ serviceUrl: SVC, apiKeySealed: await seal(asSaved, SVC) });
  expect(await apiKeyFor(SVC)).toBe('sk_live_0123456789abcdef');
  expect((await settingsView()).apiKeyHint).toBe('cdef');
});
