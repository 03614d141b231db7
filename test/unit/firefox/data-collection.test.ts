/**
 * Firefox (AMO): `browser_specific_settings.gecko.data_collection_permissions` must name every kind
 * of data the extension transmits. Besides the names and addresses of the people on the pages
 * (`personallyIdentifyingInfo`, declared), the popup uploads meeting recordings (the audio of a
 * call) to the configured service; Mozilla's taxonomy files "data from phone calls and conference
 * calls" under `personalCommunications`, which the manifest does not declare.
 */
import { describe, expect, it } from 'vitest';

async function firefoxManifest() {
  const { default: config } = await import('../../../wxt.config');
  return (typeof config.manifest === 'function'
    ? await config.manifest({ browser: 'firefox', manifestVersion: 2, mode: 'production', command: 'build' } as never)
    : config.manifest) as { browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } } } };
}

describe('the Firefox manifest’s data collection declaration', () => {
  it('declares the uploaded meeting recordings (personalCommunications)', async () => {
    const declared = (await firefoxManifest()).browser_specific_settings?.gecko?.data_collection_permissions;
    expect([...(declared?.required ?? []), ...(declared?.optional ?? [])]).toContain('personalCommunications');
  });
});
