// @vitest-environment node
/**
 * POST /api/v2/webhooks answered with a 301/302/303 (Django's APPEND_SLASH sends it on to
 * /api/v2/webhooks/): fetch follows it as a GET, and the webhook LIST comes back. Nothing was
 * created; the page must not say "Webhook created".
 */
import { describe, expect, it } from 'vitest';
import { clientAnswering, reply, servedClient } from './served-client';

const config = { url: 'https://hooks.example.com/primer', events: ['insights.generated' as const] };

/** What fetch hands back after following a redirect on the same origin: the final answer, marked redirected. */
function redirectedTo(url: string, body: unknown): Response {
  const response = reply(200, body);
  Object.defineProperty(response, 'redirected', { value: true });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

describe('a POST the server sent on, answered with the webhook list', () => {
  it.each([
    ['a bare list', []],
    ['Django REST framework’s page', { count: 1, next: null, previous: null, results: [{ id: 'wh_0', url: 'https://other.example/x' }] }],
    ['{webhooks: […]}', { webhooks: [] }],
  ])('is not taken for a created webhook: %s', async (_shape, listed) => {
    const client = servedClient(() => redirectedTo('https://api.test/api/v2/webhooks/', listed));
    // Resolved as {id: null, url: <the address asked for>, secret: null}: the page showed
    // "Webhook created" and the service never sends an event.
    await expect(client.createWebhook(config)).rejects.toMatchObject({ message: expect.stringMatching(/redirected.*service address/) });
  });

  it('still takes a one-entry list holding the address asked for as the creation (rows returned, PostgREST-style)', async () => {
    const client = clientAnswering(201, [{ id: 'wh_1', url: config.url, secret: 'whsec_1' }]);
    await expect(client.createWebhook(config)).resolves.toMatchObject({ id: 'wh_1', secret: 'whsec_1' });
  });
});
