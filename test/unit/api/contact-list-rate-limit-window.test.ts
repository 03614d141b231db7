/**
 * The whole contact list (the local index: names on Outlook, servers without an e-mail filter) is
 * read page after page in the background. A service with a quota per minute refuses a page once
 * the quota is spent, saying when it renews (Retry-After: 45). A background call waits out 30 s at
 * most, so the read failed, every lookup waiting on it failed, and a minute later it started over
 * from the first page, spent the quota again at the same page, and never reached the end: names
 * were never matched, and on a server without a filter no one was. The list's pages now wait out
 * a quota window (up to two minutes) and go on where they were.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { reply, servedClient } from './served-client';

const PEOPLE = Array.from({ length: 450 }, (_, i) => ({ id: `c${i}`, name: `Person ${i}`, email: `p${i}@acme.example` }));

it('waits out a quota window in the middle of the contact list, and reads it to its end', async () => {
  let refused = false;
  const asked: string[] = [];
  // A clock the waits move on.
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const answer = (url: URL) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    asked.push(`${offset}`);
    if (offset === 200 && !refused) {
      refused = true;
      return new Response(JSON.stringify({ error: 'rate limit exceeded' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '45' } });
    }
    return reply(200, { items: PEOPLE.slice(offset, offset + limit), total: PEOPLE.length, limit, offset });
  };
  const client = new ServiceClient('https://api.test', 'secret-key', {
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    random: () => 0.5,
    online: () => true,
    fetch: (input) => Promise.resolve(answer(new URL(input))),
  });
  const list = await client.readContactList();
  expect(list.complete).toBe(true);
  expect(list.contacts).toHaveLength(450);
  // Each page once, the refused one twice: nothing read again from the start.
  expect(asked).toEqual(['0', '100', '200', '200', '300', '400']);
});

it('still hands other background calls the wait when it is longer than 30 s', async () => {
  const client = servedClient(() => new Response(JSON.stringify({ error: 'rate limit exceeded' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '45' } }));
  await expect(client.findContactByEmail('p1@acme.example')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 45_000 });
});
