import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openOptionsIfNew, openOptionsOnInstall } from '@/lib/background/first-run';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { resetSettingsForTests, saveSettings } from '@/lib/background/settings';

/** The fake browser mocks neither runtime.onInstalled nor openOptionsPage. */
function fakeRuntime() {
  const addListener = vi.fn();
  const openOptionsPage = vi.fn(() => Promise.resolve());
  Object.assign(fakeBrowser.runtime, { onInstalled: { addListener }, openOptionsPage });
  return { addListener, openOptionsPage };
}

beforeEach(() => {
  resetVaultForTests();
  resetSettingsForTests();
});

describe('first run', () => {
  it('opens the options page when Primer is first installed: nothing else says what to do first', async () => {
    const runtime = fakeRuntime();
    openOptionsOnInstall();
    expect(runtime.addListener).toHaveBeenCalledTimes(1);
    await openOptionsIfNew({ reason: 'install' });
    expect(runtime.openOptionsPage).toHaveBeenCalledTimes(1);
  });

  it('opens nothing on an update of Primer or of the browser', async () => {
    const runtime = fakeRuntime();
    await openOptionsIfNew({ reason: 'update' });
    await openOptionsIfNew({ reason: 'chrome_update' });
    expect(runtime.openOptionsPage).not.toHaveBeenCalled();
  });

  it('opens nothing when Primer is set up already (an administrator’s policy) and may contact the service', async () => {
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' });
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    const runtime = fakeRuntime();
    await openOptionsIfNew({ reason: 'install' });
    expect(runtime.openOptionsPage).not.toHaveBeenCalled();
    expect(contains).toHaveBeenCalledWith({ origins: ['https://svc.example.com/*'] });
  });

  it('opens the options page when Primer is set up but not yet allowed to contact the service (access is given in a click there)', async () => {
    await saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
    const runtime = fakeRuntime();
    await openOptionsIfNew({ reason: 'install' });
    expect(runtime.openOptionsPage).toHaveBeenCalledTimes(1);
  });
});
