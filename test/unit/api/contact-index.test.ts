import { describe, expect, it, vi } from 'vitest';
import { ContactIndex, normaliseEmail, normaliseName, type IndexSnapshot } from '@/lib/api/contact-index';
import type { Contact } from '@/lib/models';

const contact = (id: string, name: string | null, email: string | null): Contact => ({ id, name, email, company: null, title: null });

describe('ContactIndex', () => {
  it('normalises addresses and names', () => {
    expect(normaliseEmail('  Jonas.Berg@Example.org ')).toBe('jonas.berg@example.org');
    expect(normaliseName('  Alex   KIM ')).toBe('alex kim');
    expect(normaliseName('Zoe\u0301')).toBe(normaliseName('Zoé'));
  });

  it('builds once on first use and finds by address and by full name', async () => {
    const loadAll = vi.fn(() =>
      Promise.resolve([contact('1', 'Alex Kim', 'alex@example.com'), contact('2', 'Alex Kim', 'akim@example.org'), contact('3', null, 'Jonas.Berg@Example.org'), contact('3', null, 'jonas.berg@example.org'), contact('4', 'No Mail', null)]),
    );
    const index = new ContactIndex(loadAll);
    expect(await index.byEmail('JONAS.BERG@example.org')).toHaveLength(1);
    expect((await index.byName('alex kim')).map((c) => c.id)).toEqual(['1', '2']);
    expect(await index.byName('No Mail')).toHaveLength(1);
    expect(await index.byEmail('nobody@example.com')).toEqual([]);
    expect(loadAll).toHaveBeenCalledTimes(1);
  });

  it('restores a persisted snapshot, serves it while stale and rebuilds behind it', async () => {
    let now = 10_000;
    let saved: IndexSnapshot | null = { contacts: [contact('1', 'Old', 'old@example.com')], builtAt: 0 };
    const persistence = { load: () => Promise.resolve(saved), save: (s: IndexSnapshot) => ((saved = s), Promise.resolve()) };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loadAll = vi.fn(async () => {
      await gate;
      return [contact('2', 'New', 'new@example.com')];
    });
    const index = new ContactIndex(loadAll, { persistence, ttlMs: 5000, now: () => now });
    expect(await index.byEmail('old@example.com')).toHaveLength(1);
    expect(loadAll).toHaveBeenCalledTimes(1);
    release();
    await index.refresh();
    expect(await index.byEmail('new@example.com')).toHaveLength(1);
    expect(await index.byEmail('old@example.com')).toHaveLength(0);
    expect(saved?.builtAt).toBe(10_000);
    expect(index.builtAt).toBe(10_000);
    now = 11_000;
    await index.byEmail('new@example.com');
    expect(loadAll).toHaveBeenCalledTimes(1);
  });

  it('reads the list again before a name is matched once it is older than its lifetime (addresses are served the old list)', async () => {
    let now = 0;
    const lists = [[contact('1', 'Alex Kim', 'alex@example.com')], [contact('1', 'Alex Kim', 'alex@example.com'), contact('2', 'Alex Kim', 'akim@example.org')]];
    // The second reading takes a while, as paging a whole list does.
    const loadAll = vi.fn(async () => {
      const call = loadAll.mock.calls.length;
      if (call > 1) await new Promise((resolve) => setTimeout(resolve, 20));
      return lists[Math.min(call - 1, 1)]!;
    });
    const index = new ContactIndex(loadAll, { ttlMs: 5000, now: () => now });
    expect((await index.allByName('Alex Kim'))?.map((c) => c.id)).toEqual(['1']);
    now = 6000;
    expect((await index.allByName('Alex Kim'))?.map((c) => c.id)).toEqual(['1', '2']);
    expect(loadAll).toHaveBeenCalledTimes(2);
  });

  it('matches no one by a name found once in a list past its lifetime that cannot be read again', async () => {
    let now = 0;
    let down = false;
    const index = new ContactIndex(() => (down ? Promise.reject(new Error('offline')) : Promise.resolve([contact('1', 'Alex Kim', 'alex@example.com')])), { ttlMs: 5000, now: () => now });
    expect((await index.allByName('Alex Kim'))?.map((c) => c.id)).toEqual(['1']);
    now = 6000;
    down = true;
    expect(await index.allByName('Alex Kim')).toBeNull();
    // Addresses are exact however old the list.
    expect(await index.byEmail('alex@example.com')).toHaveLength(1);
  });

  it('says it cannot tell a name’s namesakes when the list was read only in part', async () => {
    const index = new ContactIndex(() => Promise.resolve({ contacts: [contact('1', 'Alex Kim', 'alex@example.com')], complete: false }));
    expect(await index.allByName('Alex Kim')).toBeNull();
    expect(await index.byEmail('alex@example.com')).toHaveLength(1);
  });

  it('finds a contact by any of its addresses, each only exactly (case aside)', async () => {
    const ann = { ...contact('a', 'Ann Lee', 'ann@new.example'), emails: ['ann@new.example', 'Ann@Old.Example'] };
    const index = new ContactIndex(() => Promise.resolve([ann, contact('b', 'Bob', 'bob@x.example')]));
    expect((await index.byEmail('ann@new.example')).map((c) => c.id)).toEqual(['a']);
    expect((await index.byEmail(' ANN@old.example ')).map((c) => c.id)).toEqual(['a']);
    for (const near of ['nn@old.example', 'ann@old.exampl', 'ann@old.example.org', 'xann@old.example', 'old.example', 'ann@']) {
      expect(await index.byEmail(near)).toEqual([]);
    }
  });

  it('answers from the list it read when the copy cannot be saved (storage full)', async () => {
    const full = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    const index = new ContactIndex(() => Promise.resolve([contact('1', 'Ann Lee', 'ann@example.com')]), { persistence: { load: () => Promise.resolve(null), save: full }, now: () => 1 });
    expect((await index.byEmail('ann@example.com')).map((c) => c.id)).toEqual(['1']);
  });

  it('still reads a snapshot saved before contacts kept their address list', async () => {
    const saved: IndexSnapshot = { contacts: [contact('1', 'Old', 'Old@Example.com')], builtAt: 0 };
    const index = new ContactIndex(() => Promise.resolve([]), { persistence: { load: () => Promise.resolve(saved), save: () => Promise.resolve() }, now: () => 1 });
    expect((await index.byEmail('old@example.com')).map((c) => c.id)).toEqual(['1']);
  });

  it('answers a whole batch from a fresh saved copy after a restart: the lookups arriving while it is read wait for it', async () => {
    const saved: IndexSnapshot = { contacts: [contact('1', 'Ann Lee', 'ann@example.com')], builtAt: 60_000 };
    const load = () => new Promise<IndexSnapshot>((resolve) => setTimeout(() => resolve(saved), 5));
    const loadAll = vi.fn(() => Promise.resolve([contact('2', 'Bo', 'bo@example.com')]));
    const index = new ContactIndex(loadAll, { persistence: { load, save: () => Promise.resolve() }, now: () => 120_000 });
    const found = await Promise.all([index.byEmail('ann@example.com'), index.byEmail('x@example.com'), index.byName('Ann Lee'), index.byEmail('ann@example.com'), index.byName('Bo')]);
    expect(found.map((list) => list.map((c) => c.id))).toEqual([['1'], [], ['1'], ['1'], []]);
    expect(loadAll).not.toHaveBeenCalled();
  });

  it('keeps a build finished while the saved copy was read over that older copy, and builds when the copy cannot be read', async () => {
    const saved: IndexSnapshot = { contacts: [contact('1', 'Old', 'old@example.com')], builtAt: 1 };
    let loaded!: (snapshot: IndexSnapshot) => void;
    const index = new ContactIndex(() => Promise.resolve([contact('2', 'New', 'new@example.com')]), {
      persistence: { load: () => new Promise<IndexSnapshot>((resolve) => (loaded = resolve)), save: () => Promise.resolve() },
      now: () => 50,
    });
    const lookup = index.byEmail('new@example.com');
    await index.refresh();
    loaded(saved);
    expect(await lookup).toHaveLength(1);
    expect(await index.byEmail('old@example.com')).toEqual([]);
    const unreadable = new ContactIndex(() => Promise.resolve([contact('3', 'C', 'c@example.com')]), { persistence: { load: () => Promise.reject(new Error('storage')), save: () => Promise.resolve() } });
    expect(await unreadable.byEmail('c@example.com')).toHaveLength(1);
  });

  it('shares one rebuild between concurrent callers', async () => {
    const loadAll = vi.fn(() => new Promise<Contact[]>((resolve) => setTimeout(() => resolve([contact('1', 'A', 'a@example.com')]), 5)));
    const index = new ContactIndex(loadAll);
    await Promise.all([index.byEmail('a@example.com'), index.byName('A'), index.refresh()]);
    expect(loadAll).toHaveBeenCalledTimes(1);
  });
});
