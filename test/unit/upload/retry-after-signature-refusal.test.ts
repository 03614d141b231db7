/**
 * Storage refuses the PUT with 403 SignatureDoesNotMatch (a type or header it did not sign): the
 * runner asks for one new URL only ("each new URL is a new recording at the service"), and stops
 * with "A new upload address was refused the same way." and a Retry button. That Retry counts the
 * refusal it stopped on: it asks for one new URL (one more recording at the service, never to be
 * completed if refused again), not a URL and then another.
 */
import { expect, it } from 'vitest';
import { retryLabel } from '@/components/popup/upload-text';
import { ApiError } from '@/lib/api/error-info';
import { UploadService } from '@/lib/upload/service';
import { fakePlatform, idle, memoryStore, presigned, T0 } from './helpers';
import { record } from '../popup/records';

it('creates at most one new recording per Retry after storage refused a new address the same way', async () => {
  const store = memoryStore();
  const platform = fakePlatform(store, () => T0);
  let created = 0;
  platform.requestUrl.mockImplementation(() => Promise.resolve(presigned(++created, T0)));
  const mismatch = 'The upload server answered 403: The request signature we calculated does not match the signature you provided (SignatureDoesNotMatch)';
  platform.put.mockRejectedValue(new ApiError('forbidden', mismatch, { status: 403, code: 'SignatureDoesNotMatch' }));
  const service = new UploadService(platform);

  await service.start('u1', record().file, record().meta);
  await idle();
  const stopped = (await store.get('u1'))!;
  expect(stopped).toMatchObject({ state: 'failed', failedStep: 'put', error: `${mismatch}. A new upload address was refused the same way.` });
  expect(created).toBe(2);
  expect(retryLabel(stopped)).toBe('Retry');

  await service.retry('u1');
  await idle();
  expect(await store.get('u1')).toMatchObject({ state: 'failed', failedStep: 'put' });
  // The press made this many recordings at the service, none of which will ever be completed.
  expect(created - 2).toBeLessThanOrEqual(1);
  expect(created).toBe(3);
});
