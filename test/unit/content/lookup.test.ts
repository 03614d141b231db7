import { describe, expect, it, vi } from 'vitest';
import { CONTACT_MS, FAILED_RETRY_MS, MAX_REMEMBERED, NOT_A_CONTACT_MS, PeopleLookup, personKey, WHOLE_FAILURE_MS } from '@/lib/content/lookup';
import { LOOKUP_FAILED, type PersonAnswer, type PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';

/** One person's answer, as a scan asks for it (findAll): undefined when the lookup failed. */
const one = (lookup: PeopleLookup, query: PersonQuery) => lookup.findAll([query]).then(([answer]) => answer);

const match = (id: string): ContactMatch => ({ contact: { id, name: id, email: `${id}@example.com`, company: null, title: null }, matchedBy: 'email' });

describe('PeopleLookup', () => {
  it('keys people by normalised address or name', () => {
    expect(personKey({ email: ' Maya@Example.com ' })).toBe('e:maya@example.com');
    expect(personKey({ name: '  Alex   KIM ' })).toBe('n:alex kim');
  });

  it('sends everything asked in one task as one batch, and each person once', async () => {
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p && p.email.startsWith('a') ? match('a') : null))));
    const lookup = new PeopleLookup(find);
    const answers = await Promise.all([
      one(lookup, { email: 'a@example.com' }),
      one(lookup, { email: 'A@example.com' }),
      one(lookup, { email: 'b@example.com' }),
      one(lookup, { name: 'Bo' }),
    ]);
    expect(answers.map((a) => a?.contact.id ?? null)).toEqual(['a', 'a', null, null]);
    expect(find).toHaveBeenCalledTimes(1);
    expect(find.mock.calls[0]?.[0]).toHaveLength(3);
    await one(lookup, { email: 'a@example.com' });
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('splits very large batches and asks again after a failure or a clear', async () => {
    let fail = true;
    let now = 1_000;
    const find = vi.fn((people: PersonQuery[]) => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(people.map(() => null))));
    const lookup = new PeopleLookup(find, () => now);
    await expect(one(lookup, { email: 'x@example.com' })).resolves.toBeUndefined();
    fail = false;
    // A wholly failed message is asked again after WHOLE_FAILURE_MS, not on the page's next change.
    await expect(one(lookup, { email: 'x@example.com' })).resolves.toBeUndefined();
    expect(find).toHaveBeenCalledTimes(1);
    now += WHOLE_FAILURE_MS;
    await expect(one(lookup, { email: 'x@example.com' })).resolves.toBeNull();
    expect(find).toHaveBeenCalledTimes(2);
    lookup.clear();
    await one(lookup, { email: 'x@example.com' });
    expect(find).toHaveBeenCalledTimes(3);
    await Promise.all(Array.from({ length: 1200 }, (_, i) => one(lookup, { email: `p${i}@example.com` })));
    expect(find.mock.calls.slice(3).map((call) => call[0].length)).toEqual([500, 500, 200]);
  });

  it('findAll answers in order: known people at once, the rest from the batches they ride in', async () => {
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p && p.email.startsWith('a') ? match(p.email) : null))));
    const lookup = new PeopleLookup(find);
    await one(lookup, { email: 'a1@example.com' });
    const pending = one(lookup, { email: 'a2@example.com' });
    const all = await lookup.findAll([{ email: 'a1@example.com' }, { email: 'b@example.com' }, { email: 'a2@example.com' }, { email: 'a3@example.com' }]);
    expect(all.map((m) => m?.contact.id ?? null)).toEqual(['a1@example.com', null, 'a2@example.com', 'a3@example.com']);
    expect((await pending)?.contact.id).toBe('a2@example.com');
    // a1 was known; a2 rode in the pending batch with b and a3: two messages in all.
    expect(find).toHaveBeenCalledTimes(2);
    expect(find.mock.calls[1]?.[0]).toEqual([{ email: 'a2@example.com' }, { email: 'b@example.com' }, { email: 'a3@example.com' }]);
  });

  it('findAll gives undefined (not null, "not a contact") for people whose lookup failed (also when the sender throws at once), and asks again later', async () => {
    let mode: 'throw' | 'reject' | 'ok' = 'throw';
    const find = vi.fn((people: PersonQuery[]) => {
      if (mode === 'throw') throw new Error('no background');
      if (mode === 'reject') return Promise.reject(new Error('offline'));
      return Promise.resolve(people.map(() => match('x')));
    });
    let now = 1_000;
    const lookup = new PeopleLookup(find, () => now);
    expect(await lookup.findAll([{ email: 'x@example.com' }])).toEqual([undefined]);
    mode = 'reject';
    now += WHOLE_FAILURE_MS;
    expect(await lookup.findAll([{ email: 'x@example.com' }, { name: 'Bo' }])).toEqual([undefined, undefined]);
    // A whole message that failed is remembered for WHOLE_FAILURE_MS (a refused key was a message,
    // and a call refused, on every change of the page), not a person's minute.
    expect(lookup.retryAt(personKey({ email: 'x@example.com' }))).toBe(now + WHOLE_FAILURE_MS);
    mode = 'ok';
    now += WHOLE_FAILURE_MS;
    expect((await lookup.findAll([{ email: 'x@example.com' }]))[0]?.contact.id).toBe('x');
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('asks again about a person whose own lookup failed only after FAILED_RETRY_MS, and about that person only', async () => {
    let failing = true;
    let now = 5_000;
    const find = vi.fn((people: PersonQuery[]) =>
      Promise.resolve(
        people.map((p): PersonAnswer => {
          if (!('email' in p) || p.email.startsWith('n')) return null;
          return failing && p.email.startsWith('slow') ? LOOKUP_FAILED : match(p.email);
        }),
      ),
    );
    const lookup = new PeopleLookup(find, () => now);
    const people = [{ email: 'a@example.com' }, { email: 'slow@example.com' }, { email: 'n@example.com' }];
    expect(await lookup.findAll(people)).toEqual([match('a@example.com'), undefined, null]);
    await expect(one(lookup, { email: 'slow@example.com' })).resolves.toBeUndefined();
    // When a later scan asks again (recovery.ts waits for it); anyone else would be asked at once.
    expect(lookup.retryAt('e:slow@example.com')).toBe(5_000 + FAILED_RETRY_MS);
    expect(lookup.retryAt('e:n@example.com')).toBe(-Infinity);
    failing = false;
    now += FAILED_RETRY_MS - 1;
    expect((await lookup.findAll(people)).map((m) => m?.contact.id ?? null)).toEqual(['a@example.com', null, null]);
    expect(find).toHaveBeenCalledTimes(1);
    now += 1;
    expect((await lookup.findAll(people)).map((m) => m?.contact.id ?? null)).toEqual(['a@example.com', 'slow@example.com', null]);
    expect(find.mock.calls.map((call) => call[0])).toEqual([people, [{ email: 'slow@example.com' }]]);
  });

  it('does not keep answers for people never shown again: a tab open for days stays the same size', async () => {
    let now = 1_000;
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((person) => ('email' in person && person.email.startsWith('known') ? match('known') : null))));
    const lookup = new PeopleLookup(find, () => now);
    // A day of threads, each with new people: every 10 minutes, 50 people never seen before.
    for (let view = 0; view < 144; view++) {
      await lookup.findAll(Array.from({ length: 50 }, (_, i) => ({ email: `${i === 0 ? 'known' : 'p'}${view}-${i}@example.com` })));
      now += 10 * 60_000;
    }
    // Only the last hour's answers can still be believed (contacts for an hour, the rest 10 min).
    expect(lookup.remembered).toBeLessThanOrEqual(7 * 50);
    // Still answered from memory when shown again within their time.
    const calls = find.mock.calls.length;
    now -= 10 * 60_000 - 1;
    await lookup.findAll([{ email: 'known143-0@example.com' }, { email: 'p143-1@example.com' }]);
    expect(find.mock.calls.length).toBe(calls);
  });

  it('keeps at most MAX_REMEMBERED answers, dropping the oldest (asked again if shown again)', async () => {
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map(() => null)));
    const lookup = new PeopleLookup(find, () => 1_000);
    const people = Array.from({ length: MAX_REMEMBERED + 20 }, (_, i) => ({ email: `p${i}@example.com` }));
    for (let i = 0; i < people.length; i += 400) await lookup.findAll(people.slice(i, i + 400));
    expect(lookup.remembered).toBe(MAX_REMEMBERED);
    const calls = find.mock.calls.length;
    await lookup.findAll([people.at(-1)!]);
    expect(find.mock.calls.length).toBe(calls);
    await lookup.findAll([people[0]!]);
    expect(find.mock.calls.length).toBe(calls + 1);
  });

  it('believes "not a contact" for ten minutes, then asks again (a contact added meanwhile is found)', async () => {
    expect(NOT_A_CONTACT_MS).toBe(10 * 60_000);
    let now = 1_000;
    let added = false;
    const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map(() => (added ? match('new') : null))));
    const lookup = new PeopleLookup(find, () => now);
    expect(await lookup.findAll([{ email: 'new@example.com' }])).toEqual([null]);
    added = true;
    now += NOT_A_CONTACT_MS - 1;
    expect(await lookup.findAll([{ email: 'new@example.com' }])).toEqual([null]);
    expect(await one(lookup, { email: 'new@example.com' })).toBeNull();
    expect(find).toHaveBeenCalledTimes(1);
    now += 1;
    expect((await lookup.findAll([{ email: 'new@example.com' }]))[0]?.contact.id).toBe('new');
    expect(find).toHaveBeenCalledTimes(2);
    // A contact found is kept longer: no third question for an hour.
    now += CONTACT_MS - 1;
    await lookup.findAll([{ email: 'new@example.com' }]);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('believes a contact found for an hour, then asks again (one renamed or deleted on the service is not kept all day), once', async () => {
    expect(CONTACT_MS).toBe(60 * 60_000);
    let now = 1_000;
    let name = 'Maya Chen';
    const find = vi.fn((people: PersonQuery[]) =>
      Promise.resolve(people.map((): PersonAnswer => (name ? { ...match('m'), contact: { ...match('m').contact, name } } : null))),
    );
    const lookup = new PeopleLookup(find, () => now);
    const maya = { email: 'maya@example.com' };
    expect((await one(lookup, maya))?.contact.name).toBe('Maya Chen');
    name = 'Maya Lopez';
    now += CONTACT_MS - 1;
    expect((await lookup.findAll([maya]))[0]?.contact.name).toBe('Maya Chen');
    expect(find).toHaveBeenCalledTimes(1);
    now += 1;
    // Asked at once by two scans: one question.
    const [fromScan, fromCard] = await Promise.all([lookup.findAll([maya]), one(lookup, maya)]);
    expect(fromScan[0]?.contact.name).toBe('Maya Lopez');
    expect(fromCard?.contact.name).toBe('Maya Lopez');
    expect(find).toHaveBeenCalledTimes(2);
    // Deleted on the service: the next asking after another hour finds no one.
    name = '';
    now += CONTACT_MS;
    expect(await lookup.findAll([maya])).toEqual([null]);
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('an answer arriving after a clear is not remembered', async () => {
    let answer!: (value: (ContactMatch | null)[]) => void;
    const find = vi.fn(() => new Promise<(ContactMatch | null)[]>((resolve) => (answer = resolve)));
    const lookup = new PeopleLookup(find);
    const first = one(lookup, { email: 'a@example.com' });
    await Promise.resolve();
    lookup.clear();
    answer([match('old')]);
    expect((await first)?.contact.id).toBe('old');
    const again = one(lookup, { email: 'a@example.com' });
    await Promise.resolve();
    expect(find).toHaveBeenCalledTimes(2);
    answer([match('new')]);
    expect((await again)?.contact.id).toBe('new');
  });
});
