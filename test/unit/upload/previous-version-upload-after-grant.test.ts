/**
 * An upload the previous version stopped for want of host access ("Primer needs your permission to
 * send the recording to storage.example"): the update came while it waited. On Chrome the popup's
 * permission prompt closes the popup, so only the background's accessGranted (permissions.onAdded)
 * carries the upload on after the user's "Allow". The previous version kept the presigned address in
 * plain text in the record; this one reads such a record as having no address, and accessGranted
 * skips every record without one: the user allows the host and the upload just stays stopped. And
 * when they click Retry again it asks the service for a new address: a second recording of the
 * meeting on the service, the first left abandoned, though Chrome's storage.local was never
 * writable by pages (the distrust of plain-text addresses is Firefox's).
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uploadStore } from '@/lib/background/upload-store';
import { UploadService } from '@/lib/upload/service';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { isSending } from '@/lib/upload/record';
import { fakePlatform, T0, withUrl } from './helpers';

const ISSUED = 'https://storage.example/rec-1?sig=1';

describe('an upload the previous version left waiting for host access (Chrome)', () => {
  it('goes on to the address it was given once the user allows the host', async () => {
    // As the previous version stored it: the address in plain text, no sealedAddress.
    const waiting = withUrl({
      state: 'failed',
      failedStep: 'put',
      needsAccess: 'https://storage.example/*',
      error: 'Primer needs your permission to send the recording to storage.example.',
      serviceUrl: 'https://svc.example',
    });
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [waiting] });

    const platform = fakePlatform(uploadStore(), () => T0 + 60_000);
    const service = new UploadService(platform);
    // The user allowed storage.example: permissions.onAdded.
    await service.accessGranted();
    await vi.waitFor(async () => expect(isSending((await uploadStore().get('u1'))!)).toBe(false), { timeout: 500 }).catch(() => undefined);

    expect(platform.put).toHaveBeenCalled();
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put.mock.calls.map(([record]) => record.uploadUrl)).toEqual([ISSUED]);
  });
});
