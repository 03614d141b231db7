// @vitest-environment node
/**
 * A name search answered with a page far past the size asked for (a server that ignores `limit`,
 * and a first word 130,000 of a large account's contacts share) is read like a short one: the
 * client gathered the pages by spreading each into push(), which throws RangeError past ~125,000
 * items, and the card's name match failed with "Something went wrong inside Primer.".
 */
import { expect, it, vi } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { toErrorInfo } from '@/lib/api/errors';
import type * as Normalise from '@/lib/api/normalise';
import { reply, servedClient } from './served-client';

const NAMESAKES = 130_000;

// The server's page is read as it is, then its namesake repeated: reading 130,000 contacts one by
// one takes minutes here, and the test is of how the pages are gathered.
vi.mock('@/lib/api/normalise', async (original) => {
  const actual = await original<typeof Normalise>();
  return {
    ...actual,
    toContactPage: (...args: Parameters<typeof actual.toContactPage>) => {
      const page = actual.toContactPage(...args);
      const namesake = page.items.find((contact) => contact.id === 'namesake');
      return namesake ? { ...page, items: [...page.items, ...Array.from({ length: NAMESAKES }, (_, i) => ({ ...namesake, id: `c${i}` }))] } : page;
    },
  };
});

it('finds "Maya Li" among 130,000 contacts a search for "Maya" answers in one page', async () => {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'search-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: true });
  const maya = { id: 'maya', name: 'Maya Li', email: 'maya@x.test' };
  const service = servedClient((url) =>
    url.searchParams.get('search') === 'Maya'
      ? reply(200, { items: [maya, { id: 'namesake', name: 'Maya Person', email: 'p@x.test' }], total: 2 })
      : reply(200, { items: [maya], total: 1 }),
  discovery);
  const outcome = await service.findContactByName('Maya Li').then(
    (contact) => ({ id: contact?.id ?? null }),
    (error: unknown) => ({ failed: String(error), said: toErrorInfo(error).message }),
  );
  expect(outcome).toEqual({ id: 'maya' });
});
