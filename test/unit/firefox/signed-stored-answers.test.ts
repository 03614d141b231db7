// @vitest-environment node
/**
 * Firefox: content scripts can write storage.local, so the background signs what it keeps there
 * (the service's cached answers, the contact index) and reads back only what it signed itself.
 * What a user would see go wrong without it: a page that took over a site's renderer names any
 * contact to its tab (and reads their briefing), or has its own words shown as the service's.
 * Chrome (140+ closes the area to content scripts) reads and writes them as before, unsigned.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { INDEX_KEY, SIGNATURE_FIELD_BYTES, storageCacheStore, storageIndexPersistence } from '@/lib/background/browser-stores';
import { SwrCache } from '@/lib/background/cache';
import { storedSize } from '../support/storage-quota';

const HOUR = 60 * 60 * 1000;
const policy = { schema: z.unknown(), freshMs: HOUR, maxStaleMs: 24 * HOUR };
const KEY = 'https://api.test|k|insights|maya';
const STORED = `cache:${KEY}`;

/** A worker's cache answering `key` (with `value` when it has to ask): what it answered, and whether it asked. */
async function workerAnswers(key: string, value: unknown = { summary: 'from the service' }): Promise<{ value: unknown; asked: boolean }> {
  let asked = false;
  const cache = new SwrCache(storageCacheStore);
  const answer = await cache.get(key, () => ((asked = true), Promise.resolve(value)), policy);
  await cache.flush();
  return { value: answer.value, asked };
}

async function stored(key = STORED): Promise<Record<string, unknown>> {
  return (await fakeBrowser.storage.local.get(key))[key] as Record<string, unknown>;
}

afterEach(() => vi.unstubAllEnvs());

describe('on Firefox', () => {
  beforeEach(() => vi.stubEnv('FIREFOX', true as never));

  it('reads back an answer it stored, signed', async () => {
    expect(await workerAnswers(KEY)).toEqual({ value: { summary: 'from the service' }, asked: true });
    expect(await stored()).toMatchObject({ value: { summary: 'from the service' }, sig: expect.any(String) as unknown });
    // The next worker answers from the stored copy.
    expect(await workerAnswers(KEY, { summary: 'asked again' })).toEqual({ value: { summary: 'from the service' }, asked: false });
  });

  it('takes an entry whose value, time or key was changed for absent, and asks the service', async () => {
    await workerAnswers(KEY);
    const signed = await stored();
    await workerAnswers(`${KEY}-other`, { summary: 'someone else' });
    const another = await stored(`${STORED}-other`);
    const forgeries: Record<string, unknown>[] = [
      { [STORED]: { ...signed, value: { summary: 'a page’s words' } } },
      { [STORED]: { ...signed, storedAt: (signed.storedAt as number) + 1 } },
      // Another key's signed entry moved here.
      { [STORED]: another },
      // Written by the version before (unsigned), or by a page without the key.
      { [STORED]: { value: signed.value, storedAt: signed.storedAt } },
      { [STORED]: { ...signed, sig: 'A'.repeat(43) + '=' } },
    ];
    for (const forged of forgeries) {
      await fakeBrowser.storage.local.set(forged);
      expect(await workerAnswers(KEY, { summary: 'asked again' })).toEqual({ value: { summary: 'asked again' }, asked: true });
    }
  });

  it('reads ahead (a meeting’s lookups) only entries it signed', async () => {
    const keys = ['https://api.test|k|contact-by-address|a@x.example', 'https://api.test|k|contact-by-address|b@x.example'];
    for (const key of keys) await workerAnswers(key, { contact: { id: key }, matchedBy: 'email' });
    const real = await stored(`cache:${keys[0]}`);
    await fakeBrowser.storage.local.set({ [`cache:${keys[1]}`]: { ...real, value: { contact: { id: 'grace' }, matchedBy: 'email' } } });
    const cache = new SwrCache(storageCacheStore);
    await cache.preload(keys);
    const get = vi.spyOn(storageCacheStore, 'get');
    const fetched: string[] = [];
    const answers = await Promise.all(keys.map((key) => cache.get(key, () => (fetched.push(key), Promise.resolve(null)), policy)));
    expect(answers.map((answer) => answer.value)).toEqual([{ contact: { id: keys[0] }, matchedBy: 'email' }, null]);
    expect(fetched).toEqual([keys[1]]);
    // Read ahead in one read: none of them read again.
    expect(get).not.toHaveBeenCalled();
    await cache.flush();
  });

  it('counts the signature with the bytes it wrote, as the browser does', async () => {
    // A first write (nothing counted yet: pruned first, then counted from nothing).
    await workerAnswers(KEY);
    const signed = await stored();
    const counted = (await fakeBrowser.storage.session.get('cacheWrittenSincePrune')).cacheWrittenSincePrune;
    const { sig: _sig, ...unsigned } = signed;
    expect(storedSize({ [STORED]: signed }) - storedSize({ [STORED]: unsigned })).toBe(SIGNATURE_FIELD_BYTES);
    // As the cache counts an entry: its key (without the store's prefix) and the JSON stored.
    expect(counted).toBe(storedSize({ [KEY]: signed }));
  });

  it('prunes to its share counting the signatures, and drops entries it did not sign', async () => {
    const keys = ['a', 'b', 'c'].map((name) => `https://api.test|k|insights|${name}`);
    const [first = ''] = keys;
    for (const key of keys) await workerAnswers(key, { summary: 'x'.repeat(1000) });
    await fakeBrowser.storage.local.set({ 'cache:https://api.test|k|insights|unsigned': { value: { summary: 'old' }, storedAt: Date.now() } });
    const entry = await stored(`cache:${first}`);
    // As prune counts an entry (its key in the cache, and the stored JSON): two fit with their signatures only by one byte less.
    const size = storedSize({ [first]: entry });
    const cache = new SwrCache(storageCacheStore);
    expect(await cache.prune(24 * HOUR, 2 * size - 1)).toBe(3);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('cache:'))).toHaveLength(1);
  });

  it('reads back the contact index it signed, and not one changed since', async () => {
    const contacts = [{ id: 'c-maya', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }];
    const store = storageIndexPersistence('https://api.test', 'k');
    await store.save({ builtAt: Date.now(), complete: true, contacts });
    expect(await store.load()).toMatchObject({ contacts });
    const signed = await stored(INDEX_KEY);
    expect(signed.sig).toEqual(expect.any(String));
    await fakeBrowser.storage.local.set({ [INDEX_KEY]: { ...signed, contacts: [{ ...contacts[0], email: 'nobody@attacker.example' }] } });
    expect(await store.load()).toBeNull();
    const { sig: _sig, ...unsigned } = signed;
    await fakeBrowser.storage.local.set({ [INDEX_KEY]: unsigned });
    expect(await store.load()).toBeNull();
  });
});

describe('on Chrome', () => {
  it('stores answers and the contact index as before, unsigned, and reads them back', async () => {
    expect(await workerAnswers(KEY)).toMatchObject({ asked: true });
    expect(Object.keys(await stored())).toEqual(['value', 'storedAt']);
    expect((await fakeBrowser.storage.session.get('cacheWrittenSincePrune')).cacheWrittenSincePrune).toBe(storedSize({ [KEY]: await stored() }));
    expect(await workerAnswers(KEY)).toMatchObject({ asked: false });
    const store = storageIndexPersistence('https://api.test', 'k');
    await store.save({ builtAt: Date.now(), complete: true, contacts: [] });
    expect(Object.keys(await stored(INDEX_KEY))).not.toContain('sig');
    expect(await store.load()).toMatchObject({ contacts: [] });
  });
});
