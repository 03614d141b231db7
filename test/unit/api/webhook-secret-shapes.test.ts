// @vitest-environment node
/** The signing secret of a new webhook, shown by the service this once, wherever a reply keeps it. */
import { describe, expect, it } from 'vitest';
import { toWebhook } from '@/lib/api/normalise';

const requested = { url: 'https://hooks.example.com/primer', events: ['insights.generated'] as const };

describe('the signing secret of a new webhook', () => {
  it.each([
    // {webhook, secret}, inside the common {success, data} envelope.
    ['{success, data: {webhook, secret}}', { success: true, data: { webhook: { id: 'wh_1', url: requested.url }, secret: 'whsec_1' } }],
    ['signing_key', { id: 'wh_1', url: requested.url, signing_key: 'whsec_1' }],
    ['secret_key', { id: 'wh_1', url: requested.url, secret_key: 'whsec_1' }],
    ['signingKey', { id: 'wh_1', url: requested.url, signingKey: 'whsec_1' }],
    ['secretKey', { data: { webhook: { id: 'wh_1', url: requested.url }, secretKey: 'whsec_1' } }],
  ])('is read from %s', (_shape, reply) => {
    // Read as null: the page said "The service did not return a signing secret for this webhook."
    expect(toWebhook(reply, requested).secret).toBe('whsec_1');
  });
});
