// @vitest-environment node
/**
 * A 201 in the envelope Go services write with encoding/json (no omitempty): `{"data": {…},
 * "error": ""}`. The empty error says there is none; the webhook was created, with its secret.
 */
import { describe, expect, it } from 'vitest';
import { clientAnswering } from './served-client';

const config = { url: 'https://hooks.example.com/primer', events: ['insights.generated' as const] };

describe('a created webhook in an envelope with an empty error field', () => {
  it.each([
    ['{data, error: ""}', { data: { id: 'wh_1', url: config.url, secret: 'whsec_1' }, error: '' }],
    ['{webhook, error: ""}', { webhook: { id: 'wh_1', url: config.url, secret: 'whsec_1' }, error: '' }],
    ['{data, error: {}}', { data: { id: 'wh_1', url: config.url, secret: 'whsec_1' }, error: {} }],
    ['{data, error: []}', { data: { id: 'wh_1', url: config.url, secret: 'whsec_1' }, error: [] }],
  ])('is created, with its signing secret: %s', async (_shape, body) => {
    // Rejected with "The service did not create the webhook.": the secret, shown this once, was
    // dropped, and the user's second Create made a second webhook (every event sent twice).
    await expect(clientAnswering(201, body).createWebhook(config)).resolves.toMatchObject({ id: 'wh_1', secret: 'whsec_1' });
  });
});
