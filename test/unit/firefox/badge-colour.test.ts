/**
 * Firefox (MV2 build): the toolbar button is `browserAction`. A tab's alert ("off", "!") sets a
 * tab-specific badge colour; once the alert is cleared, the uploads' "↑1" shown later on that tab
 * is drawn in the uploads' colour, as on every other tab, also when no upload had set it before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** A browserAction that keeps colours as Firefox does: a tab's own colour wins over the global one; null removes it. */
function firefoxBrowserAction() {
  let global: string | null = null;
  const perTab = new Map<number, string>();
  const api = {
    setBadgeText: vi.fn(() => Promise.resolve()),
    setTitle: vi.fn(() => Promise.resolve()),
    setBadgeBackgroundColor: vi.fn(({ tabId, color }: { tabId?: number; color: string | null }) => {
      if (tabId === undefined) global = color;
      else if (color === null) perTab.delete(tabId);
      else perTab.set(tabId, color);
      return Promise.resolve();
    }),
  };
  return { api, colourOn: (tabId: number) => perTab.get(tabId) ?? global };
}

describe('the toolbar badge in Firefox', () => {
  const holder = fakeBrowser as unknown as { action?: unknown; browserAction?: unknown };
  const savedAction = holder.action;
  const savedBrowserAction = holder.browserAction;
  afterEach(() => {
    holder.action = savedAction;
    holder.browserAction = savedBrowserAction;
  });

  it('shows the uploads’ badge in its own colour on a tab whose alert was cleared before the first upload', async () => {
    vi.resetModules();
    const { setGlobalBadge, setTabAlert } = await import('@/lib/background/toolbar');
    const model = firefoxBrowserAction();
    delete holder.action;
    holder.browserAction = model.api;
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 2, name: 'Primer', version: '1', browser_action: { default_title: 'Primer' } } as never);

    // The layout self-check failed on tab 5, then the page was recognised: the alert is cleared.
    await setTabAlert(5, { text: '!', title: 'Primer: this page’s layout is not recognised', colour: '#b3261e' });
    await setTabAlert(5, null);
    // Later an upload starts: "↑1" on every tab, in the uploads' blue.
    await setGlobalBadge('↑1', '#1a56b0');

    expect(model.colourOn(7)).toBe('#1a56b0');
    expect(model.colourOn(5)).toBe('#1a56b0');
  });
});
