import { describe, expect, it } from 'vitest';
import { ApiError, defaultMessage, kindForStatus, parseErrorBody, parseRetryAfter, toErrorInfo, withBareCode } from '@/lib/api/errors';

describe('parseErrorBody', () => {
  it.each([
    ['problem+json', '{"type":"https://x.test/probs/invalid-key","title":"Unauthorized","status":401,"detail":"Key revoked"}', 'application/problem+json', 'Key revoked', 'invalid-key'],
    ['problem+json without detail', '{"type":"about:blank","title":"Not Found","status":404}', 'application/problem+json', 'Not Found', null],
    ['error object', '{"error":{"message":"Bad key","code":"unauthorized"}}', 'application/json', 'Bad key', 'unauthorized'],
    ['oauth style', '{"error":"invalid_token","error_description":"Token expired"}', 'application/json', 'Token expired', 'invalid_token'],
    ['message', '{"message":"Slow down","code":42}', 'application/json', 'Slow down', '42'],
    ['detail string', '{"detail":"Not authenticated"}', 'application/json', 'Not authenticated', null],
    ['detail list', '{"detail":[{"loc":["body","filename"],"msg":"field required"},{"msg":"bad type"}]}', 'application/json', 'filename: field required; bad type', null],
    ['errors list', '{"errors":[{"message":"first"},"second"]}', 'application/json', 'first; second', null],
    // Which field a problem is about, where the message alone does not say (FastAPI's "Field required").
    ['FastAPI 422', '{"detail":[{"type":"missing","loc":["body","speakers_expected"],"msg":"Field required","input":{}}]}', 'application/json', 'speakers_expected: Field required', null],
    ['JSON:API pointer', '{"errors":[{"detail":"can\'t be blank","source":{"pointer":"/data/attributes/filename"}}]}', 'application/vnd.api+json', "filename: can't be blank", null],
    ['field named in the message already', '{"error":{"message":"Missing required param: filename.","param":"filename"}}', 'application/json', 'Missing required param: filename.', null],
    ['field named in the message already, capitalised (Rails JSON:API)', '{"errors":[{"detail":"Email has already been taken","source":{"pointer":"/data/attributes/email"}}]}', 'application/vnd.api+json', 'Email has already been taken', null],
    ['FastAPI 422 on a header', '{"detail":[{"type":"missing","loc":["header","x-api-key"],"msg":"Field required"}]}', 'application/json', 'x-api-key: Field required', null],
    ['plain text', 'Service unavailable\n', 'text/plain', 'Service unavailable', null],
    ['s3 xml', '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', 'application/xml', 'Request has expired', 'AccessDenied'],
    ['html page', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', 'text/html', null, null],
    ['empty', '   ', null, null, null],
    ['json-looking garbage', '{not json', 'application/json', '{not json', null],
    // The useful message over a status phrase, and the shapes frameworks send.
    ['NestJS', '{"statusCode":400,"message":["file_size must not be greater than 500000000","filename should not be empty"],"error":"Bad Request"}', 'application/json', 'file_size must not be greater than 500000000; filename should not be empty', null],
    ['Spring with message', '{"timestamp":"2026","status":413,"error":"Payload Too Large","message":"Maximum upload size exceeded","path":"/x"}', 'application/json', 'Maximum upload size exceeded', null],
    ['Spring without message', '{"timestamp":"2026","status":400,"error":"Bad Request","path":"/x"}', 'application/json', 'Bad Request', null],
    ['error true + message', '{"error":true,"message":"Quota exceeded"}', 'application/json', 'Quota exceeded', null],
    ['FastAPI detail object', '{"detail":{"message":"Unsupported audio type","code":"bad_type"}}', 'application/json', 'Unsupported audio type', 'bad_type'],
    ['Rails field hash', '{"errors":{"email":["is invalid"],"content_type":["is not an audio type","is missing"]}}', 'application/json', 'email: is invalid; content_type: is not an audio type, is missing', null],
    ['ASP.NET validation problem', '{"type":"https://tools.ietf.org/html/rfc7231#section-6.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"FileSize":["The field FileSize must be between 1 and 100."]}}', 'application/problem+json', 'FileSize: The field FileSize must be between 1 and 100.', 'rfc7231#section-6.5.1'],
    ['JSON:API errors', '{"errors":[{"status":"422","title":"Invalid attribute","detail":"File size is too big","code":"too_big"}]}', 'application/vnd.api+json', 'File size is too big', 'too_big'],
    ['JSON:API errors, title only', '{"errors":[{"status":"422","title":"Invalid attribute"}]}', 'application/vnd.api+json', 'Invalid attribute', null],
    ['JSON array', '[{"message":"Bad thing"}]', 'application/json', 'Bad thing', null],
    ['JSON string', '"not found"', 'application/json', 'not found', null],
    // Keys frameworks and platforms use besides `message`.
    ['ASP.NET Web API 2', '{"Message":"The request is invalid.","ModelState":{"request.file_size":["Required"]}}', 'application/json', 'The request is invalid.', null],
    ['AWS Lambda', '{"errorMessage":"Unsupported audio type","errorType":"ValueError"}', 'application/json', 'Unsupported audio type', null],
    ['error_message and error_code', '{"error_message":"Quota exceeded","error_code":"quota_exceeded"}', 'application/json', 'Quota exceeded', 'quota_exceeded'],
    ['Flask-JWT-Extended', '{"msg":"Token has expired"}', 'application/json', 'Token has expired', null],
    ['nested error object with a list inside', '{"error":{"errors":[{"message":"x"}],"code":400,"message":"Request had invalid"}}', 'application/json', 'Request had invalid', '400'],
  ])('reads %s', (_name, body, type, message, code) => {
    expect(parseErrorBody(body, type)).toEqual({ message, code });
  });

  it('reads a bare code (Slack’s, OAuth’s without a description) as words, marked as no sentence of the service’s', () => {
    expect(parseErrorBody('{"error":"rate_limited"}', 'application/json')).toEqual({ message: 'Rate limited', code: 'rate_limited', bareCode: true });
    expect(parseErrorBody('{"ok":false,"error":"invalid_url"}', 'application/json')).toEqual({ message: 'Invalid url', code: 'invalid_url', bareCode: true });
    // A phrase is the service's words, as sent.
    expect(parseErrorBody('{"error":"Payload Too Large"}', 'application/json')).toEqual({ message: 'Payload Too Large', code: null });
  });

  it('says a refused request’s bare code after the status’s words; any other status’s words alone', () => {
    expect(withBareCode('bad_request', 'Unsupported content type')).toBe('The service did not accept the request: unsupported content type.');
    expect(withBareCode('bad_request', 'Bad request')).toBe(defaultMessage('bad_request'));
    // Words that say what to do (wait, check the key), not hung after "Try again in a moment".
    for (const [kind, words] of [['forbidden', 'Insufficient scope'], ['rate_limited', 'Quota exceeded'], ['server', 'Maintenance mode'], ['conflict', 'Already exists'], ['unauthorized', 'Unauthorized']] as const) {
      expect(withBareCode(kind, words)).toBe(defaultMessage(kind));
    }
  });

  it('truncates very long messages', () => {
    const parsed = parseErrorBody('x'.repeat(1000), 'text/plain');
    expect(parsed.message).toHaveLength(300);
    expect(parsed.message?.endsWith('…')).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('kindForStatus', () => {
  it.each([
    [401, 'unauthorized'], [403, 'forbidden'], [404, 'not_found'], [410, 'not_found'], [409, 'conflict'],
    [408, 'timeout'], [429, 'rate_limited'], [500, 'server'], [503, 'server'], [400, 'bad_request'], [422, 'bad_request'], [302, 'http'],
  ])('%i is %s', (status, kind) => expect(kindForStatus(status)).toBe(kind));
});

describe('toErrorInfo', () => {
  it('keeps ApiError details and hides anything else', () => {
    expect(toErrorInfo(new ApiError('rate_limited', 'wait', { status: 429, retryAfterMs: 1000 }))).toEqual({
      kind: 'rate_limited', message: 'wait', status: 429, code: null, retryAfterMs: 1000,
    });
    const info = toErrorInfo(new Error('secret internals'));
    expect(info.kind).toBe('http');
    expect(info.message).not.toContain('secret');
  });
});
