// @vitest-environment node
/**
 * Many gateways (AWS API Gateway's usage-plan keys, DRF's session-less auth, Kong's key-auth)
 * answer a wrong or unknown key with 403, not 401, and say so in the body. "Test connection" must
 * not tell the user the key was accepted, and must pass on what the service said.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { testConnection } from '@/lib/api/connection-test';
import { connectionHeadline } from '@/components/options/connection-messages';

function serve(status: number, body: unknown) {
  return new ServiceClient('https://api.test', 'wrong-key-1234', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  });
}

describe('testConnection: a 403 that refuses the key itself', () => {
  it('does not say the key was accepted, and says what the service said', async () => {
    const result = await testConnection(serve(403, { message: 'Invalid API key' }));
    expect(result.ok).toBe(false);
    const headline = connectionHeadline(result);
    const detail = result.ok ? '' : result.message;
    // What the page shows: headline, then detail.
    expect(`${headline} ${detail}`).toContain('Invalid API key');
    expect(headline).not.toMatch(/accepted the API key/);
  });

  it('says only the next step when the service said nothing of its own', async () => {
    const result = await testConnection(serve(403, {}));
    expect(result).toEqual({ ok: false, reason: 'forbidden', message: 'Check that the key is right and that it may read contacts.' });
  });
});
