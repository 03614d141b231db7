/**
 * Storage that answers a refused PUT in JSON, not S3's XML: Supabase Storage's signed upload URLs
 * (`{"statusCode": "403", "error": "Unauthorized", "message": "…"}`), Firebase's `{"error": {"code":
 * 403, "message": …}}`, a service's own upload endpoint (`{"detail": "Upload link expired"}`). The
 * row said only "The upload server answered 403." and the runner, reading no words, could not tell
 * an expired address from any refusal.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { refusesUrl } from '@/lib/upload/runner';
import { storageErrorCode, storageErrorMessage } from '@/lib/upload/xhr-put';

describe('a JSON refusal from storage', () => {
  it.each([
    ['{"statusCode":"400","error":"InvalidJWT","message":"jwt expired"}', 'The upload server answered 400: jwt expired (InvalidJWT)', 'InvalidJWT'],
    ['{"error":{"code":403,"message":"Permission denied. Could not perform this operation"}}', 'The upload server answered 403: Permission denied. Could not perform this operation', null],
    ['{"detail":"Upload link expired"}', 'The upload server answered 400: Upload link expired', null],
    ['{"error":"SignatureDoesNotMatch","message":"The signature does not match"}', 'The upload server answered 400: The signature does not match (SignatureDoesNotMatch)', 'SignatureDoesNotMatch'],
  ])('says its words and code: %s', (body, message, code) => {
    const status = Number(/answered (\d+)/.exec(message)?.[1]);
    expect(storageErrorMessage(status, body)).toBe(message);
    expect(storageErrorCode(body)).toBe(code);
  });

  it('lets the runner tell an expired address by its words', () => {
    const body = '{"statusCode":"400","error":"InvalidJWT","message":"jwt expired"}';
    expect(refusesUrl(new ApiError('bad_request', storageErrorMessage(400, body), { status: 400, code: storageErrorCode(body) }))).toBe(true);
  });

  it('still says nothing but the status for a body that is neither words nor JSON it can read', () => {
    expect(storageErrorMessage(502, '{"ok":false}')).toBe('The upload server answered 502.');
    expect(storageErrorMessage(502, '{not json')).toBe('The upload server answered 502.');
    expect(storageErrorMessage(502, 'null')).toBe('The upload server answered 502.');
  });
});
