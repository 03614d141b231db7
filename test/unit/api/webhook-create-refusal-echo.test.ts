// @vitest-environment node
/**
 * A creation answered with a body that says it failed (`success: false`, `ok: false`, JSend's
 * `status: "fail" | "error"`) and only echoes the request under `data` (its address, no id) is a
 * refusal: the page must say the webhook was not created, not "The webhook was created".
 */
import { describe, expect, it } from 'vitest';
import { clientAnswering } from './served-client';

const config = { url: 'https://hooks.example.com/', events: ['insights.generated' as const] };

const echoed = { url: config.url, events: config.events };

describe('a failed creation that echoes the request under data', () => {
  it.each([
    ['success: false', { success: false, error: 'The URL did not answer the verification request.', data: echoed }],
    ['ok: false', { ok: false, message: 'The URL did not answer the verification request.', data: echoed }],
    ['JSend fail', { status: 'fail', message: 'The URL did not answer the verification request.', data: echoed }],
    ['JSend error', { status: 'error', message: 'The URL did not answer the verification request.', data: echoed }],
  ])('is a refusal: %s', async (_shape, body) => {
    await expect(clientAnswering(200, body).createWebhook(config)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'The service did not create the webhook: The URL did not answer the verification request.',
    });
  });

  it.each([
    ['a list of messages', { errors: ['url: the address did not answer the verification request'] }, 'url: the address did not answer the verification request'],
    ['a list of objects', { errors: [{ field: 'url', message: 'did not answer the verification request' }] }, 'url: did not answer the verification request'],
    ['field → problems', { errors: { url: ['did not answer the verification request'] } }, 'url: did not answer the verification request'],
  ])('is a refusal when a 2xx holds only errors (%s), no webhook', async (_shape, body, said) => {
    // A handler that forgot its status code: taken as created ("ID: not given by the service"),
    // the page said "The webhook was created" and no event ever came.
    await expect(clientAnswering(200, body).createWebhook(config)).rejects.toMatchObject({
      kind: 'bad_request',
      message: `The service did not create the webhook: ${said}`,
    });
  });

  it('is created when the errors beside it are none (Cloudflare’s envelope: errors: [])', async () => {
    const client = clientAnswering(200, { success: true, errors: [], messages: [] });
    await expect(client.createWebhook(config)).resolves.toMatchObject({ url: config.url, events: config.events });
  });

  it('is still the created webhook when the reply holds its id, whatever beside it says', async () => {
    const client = clientAnswering(200, { success: false, error: 'verification pending', data: { id: 'wh_1', ...echoed } });
    await expect(client.createWebhook(config)).resolves.toMatchObject({ id: 'wh_1' });
  });
});
