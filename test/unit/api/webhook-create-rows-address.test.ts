// @vitest-environment node
/**
 * A creation answered with the created row as a one-entry list (PostgREST's
 * return=representation) is the created webhook when its address is the one asked for, however
 * the service spells it (no trailing slash, host in capitals): refused as "the webhook list", the
 * page said it was not created when it was, and its one-time secret was lost. A list arriving with
 * a 201 is a creation's answer whatever address it shows (a followed redirect ends in a 200).
 */
import { describe, expect, it } from 'vitest';
import { clientAnswering } from './served-client';

// What Primer posts: the address as validateWebhookUrl makes it (https://hooks.example.com typed).
const config = { url: 'https://hooks.example.com/', events: ['insights.generated' as const] };

describe('a creation answered with the created row', () => {
  it.each(['https://hooks.example.com', 'https://HOOKS.example.com/'])('is the created webhook, its address spelled %s', async (stored) => {
    const client = clientAnswering(200, [{ id: 'wh_1', url: stored, secret: 'whsec_1' }]);
    await expect(client.createWebhook(config)).resolves.toMatchObject({ id: 'wh_1', secret: 'whsec_1' });
  });

  it('is the created webhook when it came with a 201, whatever address it shows', async () => {
    const client = clientAnswering(201, [{ id: 'wh_1', url: 'https://hooks.example.com/primer', secret: 'whsec_1' }]);
    await expect(client.createWebhook(config)).resolves.toMatchObject({ id: 'wh_1', secret: 'whsec_1' });
  });

  it('is still the webhook list when a 200 shows another address', async () => {
    const client = clientAnswering(200, [{ id: 'wh_0', url: 'https://hooks.example.com/other' }]);
    await expect(client.createWebhook(config)).rejects.toMatchObject({ message: expect.stringMatching(/list of webhooks/) });
  });
});
