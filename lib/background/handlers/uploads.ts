/** upload.*: the popup's (and side panel's) way to start and steer uploads; see lib/upload/service.ts. */
import type { UploadService } from '../../upload/service';
import type { Handlers } from '../broker';

export function uploadHandlers(
  uploads: UploadService,
): Pick<Handlers, 'upload.prepare' | 'upload.start' | 'upload.cancel' | 'upload.retry' | 'upload.dismiss' | 'upload.check'> {
  return {
    'upload.prepare': async () => {
      await uploads.prepare();
      return { ready: true };
    },
    'upload.start': ({ id, file, meta }) => uploads.start(id, file, meta),
    'upload.cancel': ({ id }) => uploads.cancel(id),
    'upload.retry': ({ id }) => uploads.retry(id),
    'upload.dismiss': async ({ id }) => ({ removed: await uploads.dismiss(id) }),
    'upload.check': ({ id }) => uploads.check(id),
  };
}
