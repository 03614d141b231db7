/**
 * The background's store of uploads: upload addresses sealed with the vault (key-vault.ts), so they
 * survive a restart without being readable, or writable, in storage.local (lib/upload/store.ts).
 */
import { storageUploadStore, type StoreOptions, type UploadStore } from '../upload/store';
import { openValue, sealValue } from './key-vault';

export function uploadStore(options: Omit<StoreOptions, 'sealer'> = {}): UploadStore {
  return storageUploadStore({ ...options, sealer: { seal: sealValue, open: openValue } });
}
