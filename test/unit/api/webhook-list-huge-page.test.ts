// @vitest-environment node
/**
 * A webhook list the server sends as one page of 130,000 (a receiver registered over and over by
 * a script) is listed whole: the client gathered the pages by spreading each into push(), which
 * throws RangeError past ~125,000 items, and the options page could not list webhooks at all.
 */
import { expect, it, vi } from 'vitest';
import type * as Normalise from '@/lib/api/normalise';
import { reply, servedClient } from './served-client';

const COPIES = 130_000;

// The server's page is read as it is, then its one webhook repeated: reading 130,000 webhooks one
// by one takes most of a minute here, and the test is of how the pages are gathered.
vi.mock('@/lib/api/normalise', async (original) => {
  const actual = await original<typeof Normalise>();
  return {
    ...actual,
    toWebhookPage: (...args: Parameters<typeof actual.toWebhookPage>) => {
      const page = actual.toWebhookPage(...args);
      const [hook] = page.items;
      return hook ? { ...page, items: Array.from({ length: COPIES }, (_, i) => ({ ...hook, id: `w${i}` })) } : page;
    },
  };
});

it('lists the 130,000 webhooks of one page', async () => {
  const client = servedClient(() => reply(200, { webhooks: [{ id: 'w', url: 'https://h.test/w', events: ['contact.updated'] }] }));
  const outcome = await client.listWebhooks().then(
    (listed) => ({ listed: listed?.length ?? null }),
    (error: unknown) => ({ failed: String(error) }),
  );
  expect(outcome).toEqual({ listed: COPIES });
});
