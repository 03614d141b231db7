import { describe, expect, it, vi } from 'vitest';
import { PeopleLookup, personKey } from '@/lib/content/lookup';
import type { PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';

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
      lookup.find({ email: 'a@example.com' }),
      lookup.find({ email: 'A@example.com' }),
      lookup.find({ email: 'b@example.com' }),
      lookup.find({ name: 'Bo' }),
    ]);
    expect(answers.map((a) => a?.contact.id ?? null)).toEqual(['a', 'a', null, null]);
    expect(find).toHaveBeenCalledTimes(1);
    expect(find.mock.calls[0]?.[0]).toHaveLength(3);
    await lookup.find({ email: 'a@example.com' });
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('splits very large batches and asks again after a failure or a clear', async () => {
    let fail = true;
    const find = vi.fn((people: PersonQuery[]) => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(people.map(() => null))));
    const lookup = new PeopleLookup(find);
    await expect(lookup.find({ email: 'x@example.com' })).rejects.toThrow('offline');
    fail = false;
    await expect(lookup.find({ email: 'x@example.com' })).resolves.toBeNull();
    expect(find).toHaveBeenCalledTimes(2);
    lookup.clear();
    await lookup.find({ email: 'x@example.com' });
    expect(find).toHaveBeenCalledTimes(3);
    await Promise.all(Array.from({ length: 1200 }, (_, i) => lookup.find({ email: `p${i}@example.com` })));
    expect(find.mock.calls.slice(3).map((call) => call[0].length)).toEqual([500, 500, 200]);
  });
});
