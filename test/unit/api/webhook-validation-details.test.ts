/**
 * A 400/422 refusing a new webhook whose body keeps the field's problem beside a generic summary
 * ("Validation failed", "The given data was invalid.") or names the field only as `path` /
 * `pointer`: the message says which field is wrong and why (so the Webhook URL field can be
 * marked), not the summary alone.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { reply, servedClient } from './served-client';

async function refusal(status: number, body: unknown, type = 'application/json'): Promise<ApiError> {
  const client = servedClient(() => reply(status, body, type));
  const error = await client.createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a validation refusal of a new webhook', () => {
  it('keeps the field and the problem of an RFC 9457 problem with an `errors` list (pointer + detail)', async () => {
    const error = await refusal(
      422,
      { type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'Validation failed', errors: [{ pointer: '#/url', detail: 'must use https' }] },
      'application/problem+json',
    );
    expect(error.message).toMatch(/url/i);
    expect(error.message).toMatch(/must use https/);
  });

  it('keeps the field and the problem of `{error: {message, details: [{field, message}]}}`', async () => {
    const error = await refusal(400, { error: { code: 'validation_error', message: 'Validation failed', details: [{ field: 'url', message: 'is not reachable from the internet' }] } });
    expect(error.message).toMatch(/url/i);
    expect(error.message).toMatch(/is not reachable from the internet/);
  });

  it('keeps the field and the problem of Laravel’s `{message: "The given data was invalid.", errors: {url: [...]}}`', async () => {
    const error = await refusal(422, { message: 'The given data was invalid.', errors: { url: ['The url must be a valid public address.'] } });
    expect(error.message).toMatch(/must be a valid public address/);
  });

  it('names the field of express-validator’s `{errors: [{msg, path: "url"}]}`', async () => {
    const error = await refusal(400, { errors: [{ type: 'field', value: 'https://hooks.example.com/primer', msg: 'Invalid value', path: 'url', location: 'body' }] });
    expect(error.message).toMatch(/url/i);
  });

  it('says something of zod’s `{issues: [{message, path: ["url"]}]}`', async () => {
    const error = await refusal(400, { issues: [{ code: 'custom', message: 'Webhook host is not allowed', path: ['url'] }] });
    expect(error.message).toMatch(/Webhook host is not allowed/);
  });
});
