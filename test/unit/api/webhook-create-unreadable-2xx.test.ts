// @vitest-environment node
/** A 2xx to POST /api/v2/webhooks is a created webhook, whatever its body says (or fails to). */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const config = { url: 'https://hooks.example.com/primer', events: ['insights.generated' as const] };

describe('a 201 whose body is not the JSON its label says', () => {
  it('is a created webhook (with what was asked for), not an error that invites a second one', async () => {
    const client = new ServiceClient('https://api.test', 'secret-key', {
      discovery: new MemoryDiscoveryStore(),
      sleep: () => Promise.resolve(),
      online: () => true,
      // "Created" labelled JSON (http.ts's own note: servers send `OK` labelled JSON, and worse).
      fetch: () => Promise.resolve(new Response('Created', { status: 201, headers: { 'content-type': 'application/json' } })),
    });
    // Rejected with "The service sent malformed JSON.": the user pressed Create again, and the
    // receiver then got every event twice.
    await expect(client.createWebhook(config)).resolves.toMatchObject({ url: config.url, events: config.events, secret: null });
  });
});
