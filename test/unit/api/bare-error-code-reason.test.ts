// @vitest-environment node
/**
 * A refusal whose only reason is a code ({"error": "invalid_url"}, Slack's shape) keeps it as words:
 * where no status speaks (a webhook creation answered 200 {"ok": false, …}) it is the only reason,
 * and a 400 names which thing was refused after the status's own words.
 */
import { expect, it } from 'vitest';
import { toWebhook } from '@/lib/api/normalise/webhooks';
import { clientAnswering } from './served-client';

const requested = { url: 'https://hooks.example/primer', events: ['insights.generated'] };

it('says why the service did not create the webhook when it names the reason as a code', () => {
  expect(() => toWebhook({ ok: false, error: 'invalid_url' }, requested)).toThrow(
    expect.objectContaining({ kind: 'bad_request', message: expect.stringMatching(/invalid.url/i) }),
  );
});

it('says which thing a 400 refused when the service names it by a code', async () => {
  const client = clientAnswering(400, { error: 'unsupported_content_type' });
  const refused = await client.requestUpload({ filename: 'call.xyz', contentType: 'audio/x-xyz', fileSize: 10 }).catch((error: unknown) => error);
  expect(refused).toMatchObject({ kind: 'bad_request', code: 'unsupported_content_type' });
  expect((refused as Error).message).toBe('The service did not accept the request: unsupported content type.');
});

it('says only the status’s words when the code restates them (a 429’s "rate_limited")', async () => {
  const client = clientAnswering(429, { error: 'rate_limited' });
  const refused = await client.requestUpload({ filename: 'call.mp3', contentType: 'audio/mpeg', fileSize: 10 }).catch((error: unknown) => error);
  expect(refused).toMatchObject({ kind: 'rate_limited', code: 'rate_limited', message: 'The service is receiving too many requests. Try again in a moment.' });
});
