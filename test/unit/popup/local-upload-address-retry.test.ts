/**
 * A service elsewhere that hands out an upload address on this computer (a self-hosted MinIO left
 * at its default `http://localhost:9000`) is refused before anything is sent (checkUploadAddress):
 * the recording was created at the service by then. Retry would ask for another upload address,
 * which creates another recording at the service and is refused alike, for as long as the service
 * is set up so: the row offers none, as for the Azure size refusal or a form upload, and the
 * notification does not say to try again.
 */
import { describe, expect, it } from 'vitest';
import { retryLabel } from '@/components/popup/upload-text';
import { announcementOf, checkUploadAddress } from '@/lib/background/uploads';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, presigned, T0 } from '../upload/helpers';
import { record } from './records';

const SERVICE = 'https://svc.example';

describe('an upload address on this computer from a service elsewhere', () => {
  it('offers no Retry once refused: each press creates another recording at the service, refused alike', async () => {
    const store = memoryStore();
    const platform = fakePlatform(store, () => T0);
    let created = 0;
    // The background's requestUrl: the service creates the recording, then its address is checked.
    platform.requestUrl.mockImplementation(() => {
      created++;
      const reply = { ...presigned(created, T0), uploadUrl: `http://localhost:9000/recordings/rec-${created}?X-Amz-Signature=${created}` };
      checkUploadAddress(reply.uploadUrl, SERVICE);
      return Promise.resolve(reply);
    });
    const service = new UploadService(platform);
    await service.start('u1', record().file, record().meta);
    await idle();
    const failed = (await store.get('u1'))!;
    expect(failed).toMatchObject({ state: 'failed', failedStep: 'request-url' });
    expect(created).toBe(1);

    // What the row offers for it.
    const offered = retryLabel(failed);
    // Pressing it anyway: another recording at the service, and the same refusal.
    await service.retry('u1');
    await idle();
    expect(created).toBe(2);
    expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'request-url', error: expect.stringContaining('on this computer') });
    expect(offered).toBeNull();
    expect(announcementOf(failed).message).not.toMatch(/try again\./);
  });
});
