/**
 * Storage refused every new upload address, with words of its own as long as S3's (403
 * SignatureDoesNotMatch: "The request signature we calculated does not match the signature you
 * provided. Check your key and signing method."). The row and the notification show the error cut
 * to SERVER_TEXT_MAX: Primer's own words after storage's (that a new address was refused the same
 * way; that every new one was refused, and to try later: Azure's answer to an expired SAS address) were the part cut off, so the user saw
 * storage's words and a Retry, never that Primer had already asked for new addresses.
 */
import { expect, it } from 'vitest';
import { ApiError } from '@/lib/api/error-info';
import { serverText } from '@/lib/format/text';
import { announcementOf } from '@/lib/background/uploads';
import { REFUSED_THE_SAME_WAY } from '@/lib/upload/runner';
import { UploadService } from '@/lib/upload/service';
import { storageErrorCode, storageErrorMessage } from '@/lib/upload/xhr-put';
import { fakePlatform, idle, memoryStore, presigned, T0 } from './helpers';
import { record } from '../popup/records';

const S3_MISMATCH = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message><AWSAccessKeyId>AKIAEXAMPLE</AWSAccessKeyId><StringToSign>AWS4-HMAC-SHA256</StringToSign><RequestId>4442587FB7D0A2F9</RequestId></Error>`;
/** Azure Blob's answer to a SAS address whose time ran out. */
const AZURE_EXPIRED = `\uFEFF<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.
RequestId:7c8e9f0a-b01e-0012-4a3c-1c5a5e000000
Time:2026-05-19T10:00:00.1234567Z</Message><AuthenticationErrorDetail>Signature not valid in the specified time frame: Start [Tue, 19 May 2026 08:00:00 GMT] - Expiry [Tue, 19 May 2026 09:00:00 GMT] - Current [Tue, 19 May 2026 10:00:00 GMT]</AuthenticationErrorDetail></Error>`;

async function stoppedWith(status: number, body: string) {
  const store = memoryStore();
  const platform = fakePlatform(store, () => T0);
  let created = 0;
  platform.requestUrl.mockImplementation(() => Promise.resolve(presigned(++created, T0)));
  platform.put.mockImplementation(() =>
    Promise.reject(new ApiError('forbidden', storageErrorMessage(status, body), { status, code: storageErrorCode(body) })),
  );
  const service = new UploadService(platform);
  await service.start('u1', record().file, record().meta);
  await idle();
  return (await store.get('u1'))!;
}

it('says a new address was refused the same way, after S3’s whole SignatureDoesNotMatch words', async () => {
  const stopped = await stoppedWith(403, S3_MISMATCH);
  expect(stopped.state).toBe('failed');
  // What the row shows (UploadItem: serverText(record.error)), and what the notification says.
  expect(serverText(stopped.error)).toMatch(/^The upload server answered 403: The request signature .*A new upload address was refused the same way\.$/);
  expect(stopped.error!.endsWith(REFUSED_THE_SAME_WAY)).toBe(true);
  expect(announcementOf(stopped).message).toContain(REFUSED_THE_SAME_WAY);
});

it('says every new address was refused too, and to try later, after Azure’s words for an expired address', async () => {
  const stopped = await stoppedWith(403, AZURE_EXPIRED);
  expect(stopped.state).toBe('failed');
  expect(serverText(stopped.error)).toMatch(/^The upload server answered 403: .*Every new upload address was refused too; try again later\.$/);
  expect(announcementOf(stopped).message).toContain('Every new upload address was refused too; try again later.');
});
