/** Firefox tests of the vault (IndexedDB) failing: the build stubbed as Firefox's, the vault's keys forgotten around each test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { resetVaultForTests } from '@/lib/background/key-vault';

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
