// @vitest-environment node
/**
 * Test connection passes on what a 403 said ("what the service said tells the user which" refusal
 * it is): a 403 saying only a code ({"error": "ip_not_allowed"}) gives that code as words.
 */
import { expect, it } from 'vitest';
import { testConnection } from '@/lib/api/connection-test';
import { clientAnswering } from './served-client';

it('Test connection says the reason a 403 gave as a bare code (ip not allowed)', async () => {
  const result = await testConnection(clientAnswering(403, { error: 'ip_not_allowed' }));
  expect(result.ok).toBe(false);
  expect(result.ok ? '' : result.message).toMatch(/ip not allowed/i);
});
