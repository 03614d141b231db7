// @vitest-environment node
/**
 * A contact's own further addresses under names beside the ones read before (`emails`,
 * `additional_emails`, `email_addresses`…): Apollo's `personal_emails`, an HR-style `work_email` and
 * `personal_email`, `alternative_emails`, `email_aliases`. The server's filter found the contact by
 * such an address; Primer, not seeing it among the contact's addresses, took the answer for the
 * filter ignoring its query: that person was "not a contact", and the filter was dropped for a
 * day, the whole list paged for every lookup. Someone else's address on the contact (its owner's,
 * an assistant's) is still never one of its own.
 */
import { describe, expect, it } from 'vitest';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { reply, servedClient } from './served-client';

type Shape = (work: string, home: string) => Record<string, unknown>;
const SHAPES: Record<string, Shape> = {
  'personal_emails (Apollo)': (work, home) => ({ email: work, personal_emails: [home] }),
  'personal_email beside email': (work, home) => ({ email: work, personal_email: home }),
  'work_email and personal_email, no email': (work, home) => ({ work_email: work, personal_email: home }),
  'workEmail and homeEmail': (work, home) => ({ workEmail: work, homeEmail: home }),
  alternative_emails: (work, home) => ({ email: work, alternative_emails: [home] }),
  email_aliases: (work, home) => ({ email: work, email_aliases: [home] }),
};

/** A server whose `email` filter finds a contact by any address it holds for them (`ownAddresses` of each). */
function server(people: Record<string, unknown>[], ownAddresses: (person: Record<string, unknown>) => string[]) {
  const discovery = new MemoryDiscoveryStore();
  const client = servedClient((url) => {
    if (url.pathname !== '/api/v2/contacts') return reply(404, { error: 'not found' });
    const email = url.searchParams.get('email')?.toLowerCase() ?? null;
    return reply(200, { items: email === null ? people : people.filter((person) => ownAddresses(person).includes(email)) });
  }, discovery);
  return { client, discovery };
}

describe.each(Object.entries(SHAPES))('%s', (_name, shape) => {
  const people = [
    { id: 'a', name: 'Ann Lee', ...shape('ann@work.example', 'ann@home.example') },
    { id: 'b', name: 'Bob Stone', ...shape('bob@work.example', 'bob@home.example') },
  ];
  const addressesOf = (person: Record<string, unknown>) => JSON.stringify(person).toLowerCase().match(/[a-z]+@[a-z.]+/g) ?? [];

  it('finds the contact by either address, the work one shown, and the filter stays trusted', async () => {
    const { client, discovery } = server(people, addressesOf);
    expect(await client.findContactByEmail('bob@work.example')).toMatchObject({ id: 'b', email: 'bob@work.example' });
    expect(await client.findContactByEmail('ANN@home.example')).toMatchObject({ id: 'a', email: 'ann@work.example' });
    expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
  });
});

it('never takes the owner’s or an assistant’s address for the contact’s own', async () => {
  const people = [{ id: 'a', name: 'Ann Lee', email: 'ann@work.example', owner_email: 'me@corp.example', assistant_email: 'sam@work.example' }];
  // A server without a filter: the whole list decides.
  const { client } = server(people, () => []);
  expect(await client.findContactByEmail('ann@work.example')).toMatchObject({ id: 'a' });
  expect(await client.findContactByEmail('me@corp.example')).toBeNull();
  expect(await client.findContactByEmail('sam@work.example')).toBeNull();
});
