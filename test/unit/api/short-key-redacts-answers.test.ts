/**
 * The key is taken out of every 2xx body since 0a26e32, as text, before the body is read. A key
 * is any printable text (cleanApiKey sets no length or form; a self-hosted or local service's key
 * may be "1234" or "test"), and where it is also a piece of the answer the answer is rewritten:
 * a number holding it no longer parses, a name or address holding it reads "[hidden]". Only
 * failures were rewritten before, which the user reads as words; the answers are data.
 */
import { describe, expect, it } from 'vitest';
import { Http } from '@/lib/api/http';

const answer = (body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('a short key and the service’s 2xx answers', () => {
  it('leaves a count holding the key’s digits as it is', async () => {
    const http = new Http('https://svc.test', '1234', { fetch: answer({ contacts: [], total: 12345 }) });
    await expect(http.request('GET', '/api/v2/contacts')).resolves.toMatchObject({ body: { contacts: [], total: 12345 } });
  });

  it('leaves a contact’s address holding the key’s word as it is', async () => {
    const http = new Http('https://svc.test', 'test', { fetch: answer({ contacts: [{ id: 'c1', name: 'Ann Tester', email: 'ann@test.example' }] }) });
    await expect(http.request('GET', '/api/v2/contacts')).resolves.toMatchObject({ body: { contacts: [{ name: 'Ann Tester', email: 'ann@test.example' }] } });
  });
});
