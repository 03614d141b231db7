// @vitest-environment node
/**
 * What Test connection says when the request fails before any answer. A service behind a
 * certificate this browser does not trust (self-signed, a company's own authority) fails the same
 * way as no server at all, and "Nothing answered" sent its user to check an address that was right.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { testConnection } from '@/lib/api/connection-test';

function failing(baseUrl: string) {
  return new ServiceClient(baseUrl, 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    // What fetch gives for a refused connection, an unknown host and an untrusted certificate alike.
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  });
}

async function message(baseUrl: string): Promise<string> {
  const result = await testConnection(failing(baseUrl));
  expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
  return result.ok ? '' : result.message;
}

describe('testConnection: no answer', () => {
  it('names the certificate as a cause to check for an https address', async () => {
    const said = await message('https://ci.internal.example');
    expect(said).toMatch(/^Nothing answered at https:\/\/ci\.internal\.example\. Check the address and your connection\./);
    expect(said).toMatch(/certificate warning/);
  });

  it('does not speak of certificates for plain http on this computer', async () => {
    expect(await message('http://localhost:8787')).not.toMatch(/certificate/);
  });
});
