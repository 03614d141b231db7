/**
 * Every write of the uploads list (a running upload's progress, each second) reads every record,
 * opens every sealed address, and seals them all again. When the vault cannot be read at that
 * moment (IndexedDB failing to open: the case key-vault.ts's openValue says "throws when the vault
 * cannot be read now", unlike a vault since lost), each other upload's address is taken for none
 * and written back as none: gone for good, though the vault opens again a moment later. What the
 * user sees: the Retry of an upload that stopped mid-PUT (or its resume at the next start) asks the
 * service for a new address, a second recording of the meeting on the service, the file sent again
 * from the start. The previous version kept the address whatever the vault did.
 */
import { describe, expect, it } from 'vitest';
import { storageUploadStore, type AddressSealer, type SealedAddress } from '@/lib/upload/store';
import { withUrl, uploadRecord } from './helpers';

/** A sealer that works, except while `down` (the vault's IndexedDB failing for a moment). */
function flakyVault() {
  const state = { down: false };
  const sealer: AddressSealer = {
    seal: (value, binding) => {
      if (state.down) return Promise.reject(new Error('IndexedDB: open failed'));
      return Promise.resolve({ iv: 'iv', data: JSON.stringify({ value, binding }) } satisfies SealedAddress);
    },
    open: (sealed, binding) => {
      if (state.down) return Promise.reject(new Error('IndexedDB: open failed'));
      const { value, binding: bound } = JSON.parse(sealed.data) as { value: unknown; binding: string };
      return Promise.resolve(bound === binding ? value : null);
    },
  };
  return { sealer, state };
}

describe('an upload waiting for Retry, while another upload saves its progress', () => {
  it('keeps its address when the vault cannot be read for a moment', async () => {
    const { sealer, state } = flakyVault();
    const store = storageUploadStore({ sealer });
    // Stopped mid-PUT on a dropped connection: its address is kept for the Retry.
    const stopped = withUrl({ state: 'failed', failedStep: 'put', error: 'The connection dropped.', errorKind: 'network' }, 'u1');
    await store.put(stopped);
    const running = uploadRecord({ state: 'uploading', createdAt: stopped.createdAt + 1 }, 'u2');
    await store.put(running);

    // One progress write of the running upload while IndexedDB fails.
    state.down = true;
    await store.update('u2', (record) => ({ ...record, sentBytes: 1024 })).catch(() => undefined);
    state.down = false;

    expect((await store.get('u1'))?.uploadUrl).toBe(stopped.uploadUrl);
  });
});
