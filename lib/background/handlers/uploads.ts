/** upload.*: the popup's (and side panel's) way to start and steer uploads; see lib/upload/service.ts. */
import type { UploadRecord } from '../../upload/record';
import type { UploadService } from '../../upload/service';
import type { Handlers } from '../broker';

/** A view is never given an upload's presigned address nor its headers: only the background sends the file. */
const forView = (record: UploadRecord): UploadRecord => ({ ...record, uploadUrl: null, uploadHeaders: {} });

export function uploadHandlers(
  uploads: UploadService,
): Pick<Handlers, 'upload.prepare' | 'upload.start' | 'upload.cancel' | 'upload.retry' | 'upload.dismiss' | 'upload.check'> {
  return {
    'upload.prepare': async () => {
      await uploads.prepare();
      return { ready: true };
    },
    'upload.start': async ({ id, file, meta }) => forView(await uploads.start(id, file, meta)),
    'upload.cancel': async ({ id }) => forView(await uploads.cancel(id)),
    'upload.retry': async ({ id }) => forView(await uploads.retry(id)),
    'upload.dismiss': async ({ id }) => ({ removed: await uploads.dismiss(id) }),
    'upload.check': async ({ id }) => forView(await uploads.check(id)),
  };
}
