// @vitest-environment node
/**
 * Webhook replies of reasonable servers that the page read wrong: a signing secret beside the
 * wrapped webhook, listed webhooks under other common names, and a 201 that names the new webhook
 * only in its Location header.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { toWebhook, toWebhookList } from '@/lib/api/normalise';

const requested = { url: 'https://hooks.example.com/primer', events: ['insights.generated'] as const };

describe('the signing secret of a new webhook', () => {
  it.each([
    ['{webhook, secret}', { webhook: { id: 'wh_1', url: requested.url }, secret: 'whsec_1' }],
    ['{data, signing_secret}', { data: { id: 'wh_1', url: requested.url }, signing_secret: 'whsec_1' }],
  ])('is read when the service puts it beside the webhook: %s', (_shape, reply) => {
    // Shown once by the service: lost here, the page said "The service did not return a signing secret".
    expect(toWebhook(reply, requested)).toMatchObject({ id: 'wh_1', secret: 'whsec_1' });
  });
});

describe('listed webhooks under other common names', () => {
  it.each([
    ['address (Shopify)', { id: 'w', address: 'https://h.test/a', topic: 'contact.updated' }],
    ['callback_url (Calendly)', { id: 'w', callback_url: 'https://h.test/a', events: ['contact.updated'] }],
    ['config.url (GitHub, Gitea)', { id: 'w', config: { url: 'https://h.test/a', content_type: 'json' }, events: ['contact.updated'] }],
    ['enabled_events (Stripe)', { id: 'w', url: 'https://h.test/a', enabled_events: ['contact.updated'] }],
    ['topics', { id: 'w', url: 'https://h.test/a', topics: ['contact.updated'] }],
    ['types', { id: 'w', url: 'https://h.test/a', types: ['contact.updated'] }],
    ['filterTypes (Svix)', { id: 'w', url: 'https://h.test/a', filterTypes: ['contact.updated'] }],
  ])('shows the address and events: %s', (_shape, entry) => {
    // Read as "(no address given)" / "No events listed": a Delete the user cannot tell apart.
    expect(toWebhookList([entry])).toEqual([expect.objectContaining({ url: 'https://h.test/a', events: ['contact.updated'] })]);
  });

  it('shows the receiver’s address, not the webhook’s own API address beside it (GitHub: url, config.url)', () => {
    // GitHub's hook: `url` is the hook itself in the API, `config.url` where events are sent. The
    // list showed (and Delete named) the API address, and an address listed already was never seen.
    const hook = {
      id: 12345678,
      name: 'web',
      active: true,
      events: ['contact.updated'],
      config: { content_type: 'json', insecure_ssl: '0', url: 'https://h.test/a' },
      url: 'https://api.test/api/v2/webhooks/12345678',
      test_url: 'https://api.test/api/v2/webhooks/12345678/test',
      ping_url: 'https://api.test/api/v2/webhooks/12345678/pings',
    };
    expect(toWebhookList([hook])).toEqual([expect.objectContaining({ id: '12345678', url: 'https://h.test/a' })]);
    expect(toWebhook({ ...hook, config: { ...hook.config, url: requested.url } }, { ...requested, status: 201 }).url).toBe(requested.url);
  });

  it('says a webhook the service calls disabled is paused (Svix: disabled: true)', () => {
    expect(toWebhookList([{ id: 'w', url: 'https://h.test/a', disabled: true }])[0]?.active).toBe(false);
  });
});

describe('a 201 with a Location header and no body', () => {
  it('names the new webhook by the id in its Location', async () => {
    const client = new ServiceClient('https://api.test', 'secret-key', {
      discovery: new MemoryDiscoveryStore(),
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: () => Promise.resolve(new Response(null, { status: 201, headers: { location: '/api/v2/webhooks/wh_42' } })),
    });
    const created = await client.createWebhook({ url: requested.url, events: ['insights.generated'] });
    // The page said "ID: not given by the service".
    expect(created).toMatchObject({ id: 'wh_42', url: requested.url });
  });
});
