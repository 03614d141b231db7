// @vitest-environment node
/**
 * A small service that ignores paging and sends its whole list every time, counted:
 * `{items: [...20 contacts], count: 20}`. The same page for every offset and page number, counted
 * as its own length with no one else ever sent, is the whole list (though 20 is a usual page
 * size): read to its end, so a name shown alone is matched to its single contact. (A server
 * capping its pages and counting each, which does page, is read on: contacts-capped-page-count.)
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, name: i === 0 ? 'Ann Lee' : `Person ${i}`, email: `p${i}@x.test` }));

function service(asked: URL[], discovery = new MemoryDiscoveryStore()) {
  return new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      asked.push(new URL(input));
      // Paging ignored: the whole list, counted.
      return Promise.resolve(Response.json({ items: CONTACTS, count: CONTACTS.length }));
    },
  });
}

describe('a service that sends its whole list of 20 with `count: 20`, ignoring paging', () => {
  it('is read to its end', async () => {
    const asked: URL[] = [];
    const list = await service(asked).readContactList();
    expect(list.contacts).toHaveLength(20);
    expect(list.complete).toBe(true);
  });

  it('still matches the one "Ann Lee" by name (the whole list decides)', async () => {
    const discovery = new MemoryDiscoveryStore();
    await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
    const found = await service([], discovery).findContactByName('Ann Lee');
    expect(found?.id).toBe('c0');
  });
});
