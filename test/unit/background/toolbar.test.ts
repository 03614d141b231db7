import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setGlobalBadge, setTabAlert } from '@/lib/background/toolbar';

describe('the toolbar button', () => {
  it('gives a tab whose alert is cleared the global badge’s colour back, not the alert’s', async () => {
    const action = fakeBrowser.action as unknown as Record<string, (details: object) => Promise<void>>;
    for (const name of ['setBadgeText', 'setTitle', 'setBadgeBackgroundColor']) action[name] = vi.fn(() => Promise.resolve());
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1', action: { default_title: 'Primer' } } as never);
    const colours = vi.mocked(action.setBadgeBackgroundColor!);
    await setGlobalBadge('↑1', '#1a56b0');
    await setTabAlert(5, { text: 'off', title: 'Primer: the service refused the API key', colour: '#b3261e' });
    await setTabAlert(5, null);
    expect(colours.mock.calls.map(([details]) => details)).toEqual([{ color: '#1a56b0' }, { tabId: 5, color: '#b3261e' }, { tabId: 5, color: '#1a56b0' }]);
  });
});
