/** Firefox tests of the uploads and the vault (IndexedDB): the build stubbed as Firefox's, the vault's keys forgotten around each test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { uploadStore } from '@/lib/background/upload-store';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, T0 } from '../upload/helpers';

/** Registers the hooks: Firefox's build, the vault's keys read afresh, every spy restored. */
export function asFirefoxWithFreshVault(): void {
  beforeEach(() => {
    vi.stubEnv('FIREFOX', true as never);
    resetVaultForTests();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    resetVaultForTests();
  });
}

/** IndexedDB cannot be opened while `isDown()` says so (from now on, without it); `vi.restoreAllMocks()` ends it. */
export function vaultDown(isDown: () => boolean = () => true): void {
  const open = indexedDB.open.bind(indexedDB);
  vi.spyOn(indexedDB, 'open').mockImplementation((...args: Parameters<typeof indexedDB.open>) => {
    if (isDown()) throw new DOMException('Internal error opening backing store', 'UnknownError');
    return open(...args);
  });
}

/** The background started again: an upload service over the vault-sealed store, with host access and upload u1's kept file. */
export function restartedBackground() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
  platform.listFiles.mockResolvedValue(['u1']);
  return { platform, service: new UploadService(platform) };
}
