/**
 * Firefox (MV2 build): the sites' content scripts are not host permissions there. Firefox's
 * permissions.contains checks `extension.allowedOrigins`, which for MV2 holds only the origins in
 * manifest.permissions (plus granted optional ones): content_scripts matches are not in it
 * (Extension.sys.mjs parseManifest; originControls is MV3-only). The MV2 content scripts run
 * anyway and cannot be withheld by the user, so the panel must not say that Primer may not read
 * the sites, nor ask for them.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SiteAccessNote } from '@/components/panel/SiteAccessNote';

async function firefoxPermissions(): Promise<string[]> {
  const { default: config } = await import('../../../wxt.config');
  const manifest = (typeof config.manifest === 'function'
    ? await config.manifest({ browser: 'firefox', manifestVersion: 2, mode: 'production', command: 'build' } as never)
    : config.manifest) as { permissions?: string[]; host_permissions?: string[] };
  // WXT moves host_permissions into permissions for MV2.
  return [...(manifest.permissions ?? []), ...(manifest.host_permissions ?? [])];
}

describe('SiteAccessNote in Firefox', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('does not tell a Firefox user that Primer may not read the sites its scripts run on', async () => {
    vi.stubEnv('FIREFOX', true as never);
    vi.stubEnv('MANIFEST_VERSION', 2 as never);
    const permissions = await firefoxPermissions();
    // Firefox's contains(): an origin counts only when manifest.permissions (or a grant) has it.
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(({ origins = [] }) => Promise.resolve(origins.every((origin) => permissions.includes(origin))) as never);
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    render(<SiteAccessNote />);
    // Let the permission checks settle.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/is not allowed to read/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Allow Primer on/ })).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });
});
