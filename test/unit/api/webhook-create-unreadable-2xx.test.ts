// @vitest-environment node
/** A 2xx to POST /api/v2/webhooks is a created webhook, whatever its body says (or fails to). */
import { describe, expect, it } from 'vitest';
import { clientAnswering } from './served-client';

const config = { url: 'https://hooks.example.com/primer', events: ['insights.generated' as const] };

describe('a 201 whose body is not the JSON its label says', () => {
  it('is a created webhook (with what was asked for), not an error that invites a second one', async () => {
    // "Created" labelled JSON (http.ts's own note: servers send `OK` labelled JSON, and worse).
    const client = clientAnswering(201, 'Created');
    // Rejected with "The service sent malformed JSON.": the user pressed Create again, and the
    // receiver then got every event twice.
    await expect(client.createWebhook(config)).resolves.toMatchObject({ url: config.url, events: config.events, secret: null });
  });
});
