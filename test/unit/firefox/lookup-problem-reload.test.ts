/**
 * Firefox (MV2 build): a tab's URL is given to the background (tabs.onUpdated's `tab.url`) only for
 * origins in `extension.allowedOrigins`, i.e. manifest.permissions plus granted optional origins;
 * the content scripts' matches do not count in MV2 (Extension.sys.mjs parseManifest). The Firefox
 * manifest lists the sites there, so a reloading Gmail tab is seen to stay on Gmail, and its "key
 * refused" record (popup note, upload block, "off" badge) outlives the reload, as in Chrome.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LookupHealth } from '@/lib/background/lookup-health';
import { readLookupProblem } from '@/lib/storage/lookup-problem';
import { lookupProblemKey } from '@/lib/storage/session-keys';

async function manifestPermissions(browser: 'firefox' | 'chrome', manifestVersion: 2 | 3): Promise<string[]> {
  const { default: config } = await import('../../../wxt.config');
  const manifest = (typeof config.manifest === 'function'
    ? await config.manifest({ browser, manifestVersion, mode: 'production', command: 'build' } as never)
    : config.manifest) as { permissions?: string[]; host_permissions?: string[] };
  // WXT moves host_permissions into permissions for MV2.
  return [...(manifest.permissions ?? []), ...(manifest.host_permissions ?? [])];
}

/** The `tab` the browser passes to tabs.onUpdated: its url only where a host permission covers it. */
function tabAsSeen(url: string, permissions: string[]) {
  const visible = permissions.some((pattern) => pattern.endsWith('/*') && url.startsWith(pattern.slice(0, -1)));
  return (visible ? { url } : {}) as never;
}

describe('a tab’s lookup problem across a reload, in Firefox', () => {
  it('is kept when the Gmail tab reloads (the popup and the upload form still say the key is refused)', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 2, name: 'Primer', version: '1', browser_action: { default_title: 'Primer' } } as never);
    const permissions = await manifestPermissions('firefox', 2);
    const problem = { problem: 'key_refused', service: 'https://svc.example' } as const;
    await fakeBrowser.storage.session.set({ [lookupProblemKey(4)]: problem });
    const health = new LookupHealth();
    health.watchTabs();

    const gmail = 'https://mail.google.com/mail/u/0/';
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, tabAsSeen(gmail, permissions));
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'complete' }, tabAsSeen(gmail, permissions));
    await health.idle();

    expect(await readLookupProblem(4)).toEqual(problem);
  });
});
