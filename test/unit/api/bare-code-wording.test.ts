// @vitest-environment node
/**
 * A bare code ({"error": "quota_exceeded"}) on a status whose words say what to do (wait, check
 * the key) is not hung after them ("… Try again in a moment: quota exceeded."), and Test
 * connection does not quote Primer's own words as the service's.
 */
import { expect, it } from 'vitest';
import { testConnection } from '@/lib/api/connection-test';
import { clientAnswering } from './served-client';

const upload = { filename: 'call.mp3', contentType: 'audio/mpeg', fileSize: 10 };

it('a 429 whose code names why does not hang the code on "Try again in a moment"', async () => {
  const refused = (await clientAnswering(429, { error: 'quota_exceeded' }).requestUpload(upload).catch((e: unknown) => e)) as Error;
  expect(refused.message).not.toMatch(/moment:/);
});

it('a 503 whose code names why does not hang the code on "Try again in a moment"', async () => {
  const refused = (await clientAnswering(503, { error: 'maintenance_mode' }).requestUpload(upload).catch((e: unknown) => e)) as Error;
  expect(refused.message).not.toMatch(/moment:/);
});

it('Test connection does not quote Primer’s own words as what the service said (403 with a bare code)', async () => {
  const result = await testConnection(clientAnswering(403, { error: 'insufficient_scope' }));
  expect(result.ok).toBe(false);
  const message = result.ok ? '' : result.message;
  expect(message).not.toContain('The service said: “The API key is not allowed to do this');
});
