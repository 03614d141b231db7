/**
 * Azure Blob storage ends every error's Message with a line of its request's id and one of the
 * time ("…\nRequestId:7c8e…\nTime:2026-…Z"), and its answer to an expired or otherwise refused SAS
 * address (403 AuthenticationFailed) says only to check the Authorization header (Primer sends
 * none: the address is the credential), the cause being in AuthenticationErrorDetail. The row
 * showed the id and the time, cut before Azure's code, and never why the address was refused.
 */
import { describe, expect, it } from 'vitest';
import { serverText } from '@/lib/format/text';
import { storageErrorMessage } from '@/lib/upload/xhr-put';

const azure = (code: string, message: string, extra = '') =>
  `\uFEFF<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}
RequestId:7c8e9f0a-b01e-0012-4a3c-1c5a5e000000
Time:2026-05-19T10:00:00.1234567Z</Message>${extra}</Error>`;

describe('Azure Blob storage’s refusals', () => {
  it('say the cause of an expired SAS address, not the request’s id and time', () => {
    const body = azure(
      'AuthenticationFailed',
      'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.',
      '<AuthenticationErrorDetail>Signature not valid in the specified time frame: Start [Tue, 19 May 2026 08:00:00 GMT] - Expiry [Tue, 19 May 2026 09:00:00 GMT] - Current [Tue, 19 May 2026 10:00:00 GMT]</AuthenticationErrorDetail>',
    );
    const said = storageErrorMessage(403, body);
    expect(said).toBe(
      'The upload server answered 403: Signature not valid in the specified time frame: Start [Tue, 19 May 2026 08:00:00 GMT] - Expiry [Tue, 19 May 2026 09:00:00 GMT] - Current [Tue, 19 May 2026 10:00:00 GMT] (AuthenticationFailed)',
    );
  });

  it('say a signature that does not match without the string Azure signed', () => {
    const body = azure(
      'AuthenticationFailed',
      'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.',
      '<AuthenticationErrorDetail>Signature did not match. String to sign used was w\n2026-05-19T09:00:00Z\n2026-05-19T11:00:00Z\n/blob/meetingrecordingsprod/recordings/2026/05/19/rec-1f0c9a7e-5b2d-4c1e-9a3f-7d2e8b6c4a10/Weekly%20sync%20with%20Maya%20Chen%20and%20the%20whole%20product%20team.m4a\n\n\nhttps\n2022-11-02\nb\n\n\n\naudio/mp4\n\n\n\n</AuthenticationErrorDetail>',
    );
    expect(storageErrorMessage(403, body)).toBe('The upload server answered 403: Signature did not match. (AuthenticationFailed)');
  });

  it('say any other refusal in Azure’s words, with its code, and no request id or time', () => {
    const body = azure('AuthorizationPermissionMismatch', 'This request is not authorized to perform this operation using this permission.');
    const said = storageErrorMessage(403, body);
    expect(said).toBe('The upload server answered 403: This request is not authorized to perform this operation using this permission. (AuthorizationPermissionMismatch)');
    // Whole in the row, code and all.
    expect(serverText(storageErrorMessage(413, azure('RequestBodyTooLarge', 'The request body is too large and exceeds the maximum permissible limit.')))).toBe(
      'The upload server answered 413: The request body is too large and exceeds the maximum permissible limit. (RequestBodyTooLarge)',
    );
  });
});
