// @vitest-environment node
/**
 * The background's handlers end to end against the stand-in: settings through the vault, the
 * connection test's outcomes, caching and deduplication of lookups, webhooks.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker, type Handlers } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { OPTIONS_OPEN_INTERVAL_MS } from '@/lib/background/handlers/settings';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { uploadStore } from '@/lib/background/upload-store';
import { noteShown } from '@/lib/background/shown-contacts';
import { watchSettings } from '@/lib/storage/settings-change';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS, RECORDING_IDS, SAMPLE_CONTACTS } from '../../stand-in/sample-data';
import { uploadRecord } from '../upload/helpers';

let standIn: StandIn;
let handlers: Handlers;
let context: ServiceContext;
const options = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };
const content = { id: 'test-extension-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 4 } };

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

beforeEach(async () => {
  // The tab's page was given these contacts (people.find): its cards may read them.
  await noteShown(4, Object.values(CONTACT_IDS));
  standIn.reset();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  context = new ServiceContext({ cacheStore: storageCacheStore });
  handlers = createHandlers(context);
});

const broker = () => createBroker(handlers, { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' });

async function send<T extends MessageType>(type: T, payload: RequestOf<T>, sender: object = options) {
  return broker()({ primer: 1, type, payload }, sender);
}

/** A sample contact as a page lists them: a guest, matched by address. */
function asPerson(contact: (typeof SAMPLE_CONTACTS)[number]) {
  return {
    email: contact.email,
    name: contact.name,
    roles: ['guest' as const],
    match: { contact: { id: contact.id, name: contact.name, email: contact.email, company: contact.company, title: contact.title }, matchedBy: 'email' as const },
  };
}

/** The contacts whose insights the stand-in was asked for, in order. */
function insightsAsked(): string[] {
  return standIn.requests.filter((r) => r.path.startsWith('/api/v2/insights/contact/')).map((r) => decodeURIComponent(r.path.split('/').at(-1)!));
}

async function configure() {
  await send('settings.save', { serviceUrl: `${standIn.baseUrl}/api/v2/`, apiKey: standIn.apiKey });
}

describe('settings and connection', () => {
  it('reports not configured until both values are saved', async () => {
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(await send('connection.test', {})).toMatchObject({ ok: true, data: { ok: false, reason: 'not_configured' } });
  });

  it('saves, never returns the key, and tests the connection', async () => {
    const saved = await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
    expect(saved).toMatchObject({ ok: true, data: { serviceUrl: standIn.baseUrl, hasApiKey: true } });
    expect(JSON.stringify(saved)).not.toContain(standIn.apiKey);
    expect(await send('connection.test', {})).toMatchObject({ ok: true, data: { ok: true, serviceUrl: standIn.baseUrl } });
    expect(await send('connection.test', { apiKey: 'wrong-key' })).toMatchObject({ ok: true, data: { ok: false, reason: 'bad_key' } });
    expect(await send('connection.test', { apiKey: 'readonly-key' })).toMatchObject({ ok: true, data: { ok: true } });
    // A typed key with what a copy adds is tested as the key it is; one a copy changed is not sent.
    expect(await send('connection.test', { apiKey: `\u200B${standIn.apiKey}\uFEFF` })).toMatchObject({ ok: true, data: { ok: true } });
    const before = standIn.requests.length;
    expect(await send('connection.test', { apiKey: `${standIn.apiKey.slice(0, 6)}…` })).toMatchObject({
      ok: true,
      data: { ok: false, reason: 'invalid_key', message: 'An API key has no “…” in it: copy the key again from the service.' },
    });
    expect(standIn.requests.length).toBe(before);
  });

  it('tells apart an unreachable address, a non-service, a bad address and missing permission', async () => {
    await configure();
    // Another address is tested only with a key typed for it (the saved one is not sent there).
    expect(await send('connection.test', { serviceUrl: 'http://127.0.0.1:9', apiKey: standIn.apiKey })).toMatchObject({ data: { ok: false, reason: 'unreachable' } });
    expect(await send('connection.test', { serviceUrl: standIn.storageUrl, apiKey: standIn.apiKey })).toMatchObject({ data: { ok: false, reason: 'not_service' } });
    expect(await send('connection.test', { serviceUrl: 'http://example.com' })).toMatchObject({ data: { ok: false, reason: 'invalid_url' } });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
    expect(await send('connection.test', {})).toMatchObject({ data: { ok: false, reason: 'no_permission' } });
    standIn.failNext({ path: '/api/v2/contacts', status: 503 });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    expect(await send('connection.test', {})).toMatchObject({ data: { ok: false, reason: 'server_error' } });
  });

  it('gives back access asked for addresses tested or used before, keeping the one in effect and an upload’s', async () => {
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true as never);
    const removed = () => remove.mock.calls.flatMap(([request]) => request.origins ?? []);
    await send('settings.save', { serviceUrl: 'https://old.example.com', apiKey: standIn.apiKey });
    remove.mockClear();
    // Tried before saving, with access given from its click (nothing answers there).
    await send('connection.test', { serviceUrl: 'http://localhost:9', apiKey: standIn.apiKey });
    // An upload not finished sends to storage on the former address's host (its address sealed, as the background keeps it).
    await uploadStore().put(uploadRecord({ state: 'failed', recordingId: 'rec-1', uploadUrl: 'https://old.example.com/put?sig=1' }));
    await configure();
    expect(removed()).toEqual(['http://localhost/*']);
    // Saving the key alone gives nothing back while the upload may still send there…
    remove.mockClear();
    await send('settings.save', { apiKey: standIn.apiKey });
    expect(removed()).toEqual([]);
    // …and the former host once it is done.
    await fakeBrowser.storage.local.set({ uploads: [] });
    await send('settings.save', { apiKey: standIn.apiKey });
    expect(removed()).toEqual(['https://old.example.com/*']);
  });

  it('gives back access asked for an address tested before a key was typed for it', async () => {
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true as never);
    const removed = () => remove.mock.calls.flatMap(([request]) => request.origins ?? []);
    // A mistyped address tested first thing: access given in the click, the answer "needs a key".
    expect(await send('connection.test', { serviceUrl: 'https://api.exmaple.com' })).toMatchObject({ data: { ok: false, reason: 'needs_key' } });
    await configure();
    expect(removed()).toEqual(['https://api.exmaple.com/*']);
  });

  it('suggests plain http when https to a service on this computer gets no answer', async () => {
    // "127.0.0.1:8787" typed without a scheme is taken as https; a local service is usually http.
    const https = standIn.baseUrl.replace(/^http:/, 'https:');
    const result = await send('connection.test', { serviceUrl: https, apiKey: standIn.apiKey });
    expect(result).toMatchObject({ data: { ok: false, reason: 'unreachable' } });
    expect(JSON.stringify(result)).toContain(`try ${standIn.baseUrl}`);
    // Not for a service elsewhere, nor one on this computer tested over http already.
    const http = await send('connection.test', { serviceUrl: 'http://127.0.0.1:9', apiKey: standIn.apiKey });
    expect(JSON.stringify(http)).not.toContain('try http');
  });
});

describe('the API key goes only to the address it was saved for', () => {
  const ELSEWHERE = 'https://elsewhere.example.net';
  let calls: { url: string; authorization: string | null }[];

  beforeEach(() => {
    calls = [];
    // Every request the client makes is seen here; none reaches a real host other than the stand-in.
    const fetch = (input: string, init?: RequestInit) => {
      calls.push({ url: input, authorization: new Headers(init?.headers).get('authorization') });
      return input.startsWith(ELSEWHERE) ? Promise.resolve(new Response('{}', { status: 404 })) : globalThis.fetch(input, init);
    };
    context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
    handlers = createHandlers(context);
  });

  const sentElsewhere = () => calls.filter((call) => call.url.startsWith(ELSEWHERE));
  const carryingKey = (key: string) => calls.filter((call) => call.authorization?.includes(key));

  it('sends the saved key with every call to the address it was saved with', async () => {
    await send('settings.save', { serviceUrl: `${standIn.baseUrl}/api/v2/`, apiKey: standIn.apiKey });
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: true });
    expect(await send('connection.test', {})).toMatchObject({ data: { ok: true, serviceUrl: standIn.baseUrl } });
    // The same address typed another way is the same address.
    expect(await send('connection.test', { serviceUrl: `${standIn.baseUrl}/` })).toMatchObject({ data: { ok: true } });
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.url.startsWith(`${standIn.baseUrl}/`)).toBe(true);
      expect(call.authorization).toBe(`Bearer ${standIn.apiKey}`);
    }
  });

  it('does not send the stored key to an address written into storage behind the options page', async () => {
    await configure();
    await fakeBrowser.storage.local.set({ serviceUrl: ELSEWHERE });
    await context.resetIfSettingsChanged();
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(await send('connection.test', {})).toMatchObject({ data: { ok: false, reason: 'needs_key' } });
    expect(sentElsewhere()).toEqual([]);
    expect(carryingKey(standIn.apiKey)).toEqual([]);
    // Put back, the key is used again where it belongs.
    await fakeBrowser.storage.local.set({ serviceUrl: standIn.baseUrl });
    await context.resetIfSettingsChanged();
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: true });
    expect(carryingKey(standIn.apiKey).length).toBeGreaterThan(0);
  });

  it('drops the saved key when the options page saves a new address without one', async () => {
    await configure();
    const saved = await send('settings.save', { serviceUrl: ELSEWHERE });
    expect(saved).toMatchObject({ ok: true, data: { serviceUrl: ELSEWHERE, hasApiKey: false } });
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(sentElsewhere()).toEqual([]);
    expect(carryingKey(standIn.apiKey)).toEqual([]);
  });

  it('tests another address only with a key typed for it, never with the saved key', async () => {
    await configure();
    const reply = await send('connection.test', { serviceUrl: ELSEWHERE });
    expect(reply).toMatchObject({ ok: true, data: { ok: false, reason: 'needs_key' } });
    expect(JSON.stringify(reply)).toContain(ELSEWHERE);
    expect(sentElsewhere()).toEqual([]);
    await send('connection.test', { serviceUrl: ELSEWHERE, apiKey: 'typed-for-elsewhere' });
    expect(sentElsewhere().map((call) => call.authorization)).toEqual(['Bearer typed-for-elsewhere']);
    expect(carryingKey(standIn.apiKey)).toEqual([]);
  });

  it('uses an administrator’s key only with the administrator’s address', async () => {
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    managed.mockResolvedValue({ apiKey: standIn.apiKey } as never);
    await send('settings.save', { serviceUrl: ELSEWHERE });
    await context.reset();
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(await send('connection.test', {})).toMatchObject({ data: { ok: false, reason: 'needs_key' } });
    expect(await send('connection.test', { serviceUrl: ELSEWHERE })).toMatchObject({ data: { ok: false, reason: 'needs_key' } });
    // Not even with the address the key happens to work at, when the user typed it.
    await send('settings.save', { serviceUrl: standIn.baseUrl });
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(calls).toEqual([]);
    managed.mockResolvedValue({ serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey } as never);
    await context.reset();
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: true });
    expect(await send('connection.test', { serviceUrl: ELSEWHERE })).toMatchObject({ data: { ok: false, reason: 'needs_key' } });
    expect(sentElsewhere()).toEqual([]);
  });
});

describe('options.open', () => {
  it('opens the options page for a hover card (a content script cannot), not for another extension', async () => {
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    expect(await send('options.open', {}, content)).toEqual({ ok: true, data: {} });
    expect(open).toHaveBeenCalledTimes(1);
    expect(await send('options.open', {}, { id: 'someone-else', url: 'https://mail.google.com/', tab: { id: 4 } })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens it at most once in a short time for each tab, however often a page asks', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
      // A double click, or a page sending it in a loop: one page opened; the card closes as usual.
      for (let i = 0; i < 5; i++) expect(await send('options.open', {}, content)).toEqual({ ok: true, data: {} });
      expect(open).toHaveBeenCalledTimes(1);
      // Another tab's card is not held back.
      await send('options.open', {}, { ...content, tab: { id: 5 } });
      expect(open).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(OPTIONS_OPEN_INTERVAL_MS);
      await send('options.open', {}, content);
      expect(open).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('people and recordings', () => {
  beforeEach(configure);

  it('finds a person once per cache lifetime, however many tabs ask at once', async () => {
    const asks = Array.from({ length: 12 }, (_, i) =>
      send('contact.find', { email: i % 2 ? 'MAYA.CHEN@example.com' : ' maya.chen@example.com ' }, { ...options, tab: { id: i } }),
    );
    const replies = await Promise.all(asks);
    expect(replies.every((r) => r?.ok && (r.data as { contact: { id: string } }).contact.id === CONTACT_IDS.mayaChen)).toBe(true);
    const lookups = standIn.requests.filter((r) => r.path.startsWith('/api/v2/contacts') && r.query.email === 'maya.chen@example.com');
    expect(lookups).toHaveLength(1);
    // A restarted worker reads the persisted cache instead of asking again.
    await context.cache.flush();
    const restarted = createHandlers(new ServiceContext({ cacheStore: storageCacheStore }));
    handlers = restarted;
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(standIn.requests.filter((r) => r.query.email === 'maya.chen@example.com')).toHaveLength(1);
  });

  it('asks about "not a contact" again after five minutes, a contact found only after half an hour', async () => {
    const asked = (email: string) => standIn.requests.filter((r) => r.path.startsWith('/api/v2/contacts') && r.query.email === email).length;
    expect(await send('contact.find', { email: 'nobody@unknown.example' })).toEqual({ ok: true, data: null });
    await send('contact.find', { email: 'maya.chen@example.com' });
    const before = { nobody: asked('nobody@unknown.example'), maya: asked('maya.chen@example.com') };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * 60_000 });
    try {
      await send('contact.find', { email: 'nobody@unknown.example' });
      expect(asked('nobody@unknown.example')).toBe(before.nobody);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      // Past five minutes the service is asked (the old answer serving meanwhile: a page's marks
      // do not wait for it).
      expect(await send('contact.find', { email: 'nobody@unknown.example' })).toEqual({ ok: true, data: null });
      await vi.waitFor(() => expect(asked('nobody@unknown.example')).toBe(before.nobody + 1));
      await send('contact.find', { email: 'maya.chen@example.com' });
      expect(asked('maya.chen@example.com')).toBe(before.maya);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers name matches labelled as such, and unknown people with null', async () => {
    expect(await send('contact.find', { name: 'Grace Liu' })).toMatchObject({ ok: true, data: { matchedBy: 'name', contact: { id: CONTACT_IDS.graceLiu } } });
    expect(await send('contact.find', { name: 'Alex Kim' })).toEqual({ ok: true, data: null });
    expect(await send('contact.find', { email: 'nobody@unknown.example' })).toEqual({ ok: true, data: null });
  });

  it('looks a "name" that is an address up as that address, exactly, never as a name', async () => {
    expect(await send('contact.find', { name: ' Grace.Liu@Example.org ' })).toMatchObject({ ok: true, data: { matchedBy: 'email', contact: { id: CONTACT_IDS.graceLiu } } });
    expect(await send('contact.find', { name: 'mailto:grace.liu@example.org' })).toMatchObject({ ok: true, data: { matchedBy: 'email' } });
    expect(await send('people.find', { people: [{ name: 'nobody@unknown.example' }] }, content)).toEqual({ ok: true, data: [null] });
  });

  it('never matches an unknown address by the name shown with it', async () => {
    // Grace Liu is the one contact with that name; the address is not hers, so this is no one.
    const both = { email: 'grace@elsewhere.example', name: 'Grace Liu' };
    expect(await send('people.find', { people: [both] }, content)).toEqual({ ok: true, data: [null] });
    expect(await send('contact.find', both)).toEqual({ ok: true, data: null });
    // Nothing was asked about her name: the address alone was looked up.
    expect(standIn.requests.some((r) => Object.values(r.query).some((value) => /grace liu/i.test(value)))).toBe(false);
  });

  it('answers a page’s worth of people in one message, in order', async () => {
    const reply = await send('people.find', { people: [{ email: 'grace.liu@example.org' }, { email: 'nobody@unknown.example' }, { name: 'Grace Liu' }] }, content);
    expect(reply).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.graceLiu }, matchedBy: 'email' }, null, { matchedBy: 'name' }] });
    // A lookup form the server suddenly refuses falls back to the local index, still exact.
    standIn.failNext({ path: '/api/v2/contacts', status: 400, times: 1 });
    expect(await send('people.find', { people: [{ email: 'tom.okafor@example.org' }] }, content)).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.tomOkafor } }] });
    // A bad key concerns everyone: the whole request fails, so the page can say why.
    await send('settings.save', { apiKey: 'wrong-key' });
    expect(await send('people.find', { people: [{ email: 'priya.raman@example.com' }] }, content)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('stops a page’s batch at the first refusal of the key: the lookups still waiting are not sent', async () => {
    await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content);
    await send('settings.save', { apiKey: 'wrong-key' });
    const lookups = () => standIn.requests.filter((r) => r.path.startsWith('/api/v2/contacts')).length;
    const before = lookups();
    const people = Array.from({ length: 60 }, (_, i) => ({ email: `person${String(i)}@unknown.example` }));
    expect(await send('people.find', { people }, content)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    // The lookups still waiting for a turn would go out after the reply: give them the time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // At most the calls already on their way when the first refusal came (six at a time).
    expect(lookups() - before).toBeLessThanOrEqual(6);
  });

  it('stops a page’s batch at the first refusal of a key revoked since the client started: the lookups still waiting are not sent', async () => {
    // The key worked (the client's first lookups are done); the service then revokes it. With a
    // new key (above) the client's first call is refused and every lookup fails with it, so the
    // batch's own stop is only reached here, each lookup meeting the refusal by itself.
    await configure();
    expect(await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content)).toMatchObject({ ok: true });
    standIn.failNext({ path: '/api/v2/contacts', status: 401, times: 1_000 });
    const lookups = () => standIn.requests.filter((r) => r.path.startsWith('/api/v2/contacts')).length;
    const before = lookups();
    const people = Array.from({ length: 60 }, (_, i) => ({ email: `person${String(i)}@unknown.example` }));
    expect(await send('people.find', { people }, content)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Refused (so the batch did meet the key's refusal), then at most the calls already on their
    // way (six at a time) and those started in the slots the first refusals freed before they
    // reached the batch (one or two): not the fifty-odd still waiting.
    expect(lookups() - before).toBeGreaterThan(0);
    expect(lookups() - before).toBeLessThanOrEqual(12);
  });

  it('tells a tab that joined the stopped batch’s calls of the refusal, not of a cancelled request', async () => {
    await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content);
    await send('settings.save', { apiKey: 'wrong-key' });
    const people = Array.from({ length: 30 }, (_, i) => ({ email: `person${String(i)}@unknown.example` }));
    const other = { ...content, tab: { id: 5 } };
    // The second tab asks for the same people at once: its lookups join the first tab's calls.
    const [first, second] = await Promise.all([send('people.find', { people }, content), send('people.find', { people: people.slice(10) }, other)]);
    expect(first).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(second).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('sends pages and the panel a contact’s primary address only, not its whole list', async () => {
    const reply = await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content);
    const found = reply?.ok ? (reply.data as [{ contact: object }])[0].contact : null;
    expect(found).toHaveProperty('email', 'grace.liu@example.org');
    expect(found).not.toHaveProperty('emails');
    const panel = await send('contact.find', { email: 'grace.liu@example.org' });
    expect(panel?.ok ? (panel.data as { contact: object }).contact : null).not.toHaveProperty('emails');
    // Nor does the cache keep the list with the answer.
    await context.cache.flush();
    const all = await fakeBrowser.storage.local.get(null);
    const stored = JSON.stringify(Object.entries(all).filter(([key]) => key.includes('|contact-by-address|')));
    expect(stored).toContain('"grace.liu@example.org"');
    expect(stored).not.toContain('"emails"');
  });

  it('says a person could not be looked up (not "not a contact"), caches no such answer, and still asks once for many tabs', async () => {
    // Learn the server's lookup form first, so the fault below meets the person's own lookup.
    await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content);
    standIn.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 3600 });
    expect(await send('people.find', { people: [{ email: 'tom.okafor@example.org' }] }, content)).toEqual({ ok: true, data: ['failed'] });
    // Within the hour the service asked for, nobody is asked about: the lookups fail at once.
    expect(await send('people.find', { people: [{ email: 'priya.raman@example.com' }] }, content)).toEqual({ ok: true, data: ['failed'] });
    expect(standIn.requests.filter((r) => r.query.email === 'priya.raman@example.com')).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 });
    try {
      const tabs = await Promise.all([4, 5, 6].map((id) => send('people.find', { people: [{ email: 'tom.okafor@example.org' }] }, { ...content, tab: { id } })));
      expect(tabs.every((reply) => reply?.ok && (reply.data as { contact: { id: string } }[])[0]?.contact.id === CONTACT_IDS.tomOkafor)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    // The rate-limited call, then (the hour over) one call for the three tabs.
    expect(standIn.requests.filter((r) => r.query.email === 'tom.okafor@example.org').map((r) => r.status)).toEqual([429, 200]);
  });

  it('serves insights, recordings, transcripts and recording insights', async () => {
    expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content)).toMatchObject({
      ok: true,
      data: { insights: { contactId: CONTACT_IDS.mayaChen }, problem: null },
    });
    const list = await send('recordings.list', { contactId: CONTACT_IDS.mayaChen, limit: 2 });
    expect(list).toMatchObject({ ok: true, data: { hasMore: true } });
    expect(await send('recording.get', { id: RECORDING_IDS.mayaRoadmap })).toMatchObject({ ok: true, data: { status: 'completed' } });
    expect(await send('recording.transcript', { id: RECORDING_IDS.mayaRoadmap })).toMatchObject({ ok: true });
    expect(await send('recording.insights', { id: RECORDING_IDS.mayaRoadmap })).toMatchObject({ ok: true, data: { recordingId: RECORDING_IDS.mayaRoadmap } });
    expect(await send('recording.get', { id: 'missing' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('asks again after a minute for a transcript or recording insights that came back empty (not written out yet), not after a week', async () => {
    const id = RECORDING_IDS.mayaRoadmap;
    const paths = { transcript: `/api/v2/recordings/${id}/transcript`, insights: `/api/v2/insights/recording/${id}` };
    const asked = (what: keyof typeof paths) => standIn.requests.filter((r) => r.path === paths[what]).length;
    standIn.failNext({ path: paths.transcript, status: 200, body: JSON.stringify({ recording_id: id, segments: [] }) });
    standIn.failNext({ path: paths.insights, status: 200, body: JSON.stringify({ recording_id: id, action_items: [], key_decisions: [], topics_discussed: [] }) });
    expect(await send('recording.transcript', { id })).toMatchObject({ ok: true, data: { segments: [] } });
    expect(await send('recording.insights', { id })).toMatchObject({ ok: true, data: { actionItems: [], keyDecisions: [], topicsDiscussed: [] } });
    // Within the minute: the early answers stand.
    await send('recording.transcript', { id });
    await send('recording.insights', { id });
    expect([asked('transcript'), asked('insights')]).toEqual([1, 1]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    try {
      // Past the minute the service is asked again (the early answer serving meanwhile)…
      await send('recording.transcript', { id });
      await send('recording.insights', { id });
      await vi.waitFor(() => expect([asked('transcript'), asked('insights')]).toEqual([2, 2]));
      await context.cache.flush();
      // …and the next ask has what it said.
      const transcript = await send('recording.transcript', { id });
      expect((transcript as { data: { segments: unknown[] } }).data.segments.length).toBeGreaterThan(0);
      const insights = await send('recording.insights', { id });
      expect((insights as { data: { topicsDiscussed: unknown[] } }).data.topicsDiscussed.length).toBeGreaterThan(0);
      expect([asked('transcript'), asked('insights')]).toEqual([2, 2]);
      // A full transcript is kept: asked for no more.
      await send('recording.transcript', { id });
      expect(asked('transcript')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the service when the user checks again for an empty transcript or insights, and says why when it cannot answer', async () => {
    const id = RECORDING_IDS.mayaRoadmap;
    const paths = { transcript: `/api/v2/recordings/${id}/transcript`, insights: `/api/v2/insights/recording/${id}` };
    const asked = (what: keyof typeof paths) => standIn.requests.filter((r) => r.path === paths[what]).length;
    standIn.failNext({ path: paths.transcript, status: 200, body: JSON.stringify({ recording_id: id, segments: [] }) });
    standIn.failNext({ path: paths.insights, status: 200, body: JSON.stringify({ recording_id: id, action_items: [], key_decisions: [], topics_discussed: [] }) });
    await send('recording.transcript', { id });
    await send('recording.insights', { id });
    // Within the minute the kept empty answers would stand; a check asks the service.
    const transcript = await send('recording.transcript', { id, live: true });
    expect((transcript as { data: { segments: unknown[] } }).data.segments.length).toBeGreaterThan(0);
    const insights = await send('recording.insights', { id, live: true });
    expect((insights as { data: { topicsDiscussed: unknown[] } }).data.topicsDiscussed.length).toBeGreaterThan(0);
    expect([asked('transcript'), asked('insights')]).toEqual([2, 2]);
    // A check the service cannot answer says so, rather than showing the copy as its answer.
    standIn.failNext({ path: paths.transcript, status: 503 });
    standIn.failNext({ path: paths.transcript, status: 503 });
    expect(await send('recording.transcript', { id, live: true })).toMatchObject({ ok: false, error: { kind: 'server' } });
  });

  it('answers the panel’s recordings and a recording’s status as the service has them now, the last copy only when it cannot answer', async () => {
    const id = RECORDING_IDS.mayaProcessing;
    expect(await send('recording.get', { id })).toMatchObject({ ok: true, data: { status: 'processing' } });
    const list = await send('recordings.list', { contactId: CONTACT_IDS.mayaChen, limit: 10 });
    expect(list).toMatchObject({ ok: true, data: { recordings: expect.arrayContaining([expect.objectContaining({ id, status: 'processing' })]) } });
    // Processing ends a moment later, while the background still holds its copies.
    const served = async (path: string, query = '') => {
      const response = await fetch(`${standIn.baseUrl}${path}${query}`, { headers: { Authorization: `Bearer ${standIn.apiKey}` } });
      return JSON.stringify(await response.json()).replaceAll('"processing"', '"completed"');
    };
    standIn.failNext({ path: `/api/v2/recordings/${id}`, status: 200, body: await served(`/api/v2/recordings/${id}`) });
    standIn.failNext({ path: '/api/v2/recordings', status: 200, body: await served('/api/v2/recordings', `?contact_id=${CONTACT_IDS.mayaChen}&limit=10`) });
    const fresh = await send('recording.get', { id });
    expect(fresh).toMatchObject({ ok: true, data: { status: 'completed' } });
    const freshList = await send('recordings.list', { contactId: CONTACT_IDS.mayaChen, limit: 10 });
    expect(freshList).toMatchObject({
      ok: true,
      data: { recordings: expect.arrayContaining([expect.objectContaining({ id, status: 'completed' })]) },
    });
    // Answered by the service: nothing says "as of".
    for (const reply of [fresh, freshList]) expect((reply as { data: object }).data).not.toHaveProperty('copy');
    // The service unreachable: the last copy rather than nothing, with when it was had.
    const before = Date.now();
    standIn.failNext({ path: `/api/v2/recordings/${id}`, status: 0, dropConnection: true });
    standIn.failNext({ path: '/api/v2/recordings', status: 0, dropConnection: true });
    const copy = await send('recording.get', { id });
    expect(copy).toMatchObject({ ok: true, data: { status: 'completed', copy: { asOf: expect.any(Number), problem: { kind: 'network' } } } });
    const listCopy = await send('recordings.list', { contactId: CONTACT_IDS.mayaChen, limit: 10 });
    expect(listCopy).toMatchObject({ ok: true, data: { copy: { asOf: expect.any(Number), problem: { kind: 'network' } } } });
    for (const reply of [copy, listCopy]) expect((reply as { data: { copy: { asOf: number } } }).data.copy.asOf).toBeLessThanOrEqual(before);
  });

  it('serves a page’s card from the cache even when it asks past it (revalidate is the panel’s)', async () => {
    await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content);
    const asked = insightsAsked().length;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    try {
      expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true }, content)).toMatchObject({ ok: true });
      expect(insightsAsked().length).toBe(asked);
      // The panel's does ask (its copy is over a minute old).
      await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true });
      expect(insightsAsked().length).toBe(asked + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the last known briefing when the service is down', async () => {
    await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content);
    await standIn.close();
    try {
      // Fresh within its lifetime: served without a call at all.
      expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content)).toMatchObject({ ok: true, data: { problem: null } });
      // The panel is answered from a copy under a minute old without asking the service…
      expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true })).toMatchObject({ ok: true, data: { problem: null } });
      // …and from an older one only after asking: it cannot answer, so the last insights come with why.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
      expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true })).toMatchObject({
        ok: true,
        data: { insights: { contactId: CONTACT_IDS.mayaChen }, problem: { kind: 'network' } },
      });
      expect(await send('contacts.insights', { contactIds: [CONTACT_IDS.mayaChen, CONTACT_IDS.graceLiu] })).toMatchObject({
        ok: true,
        data: [
          { ok: true, contactId: CONTACT_IDS.mayaChen, reply: { problem: { kind: 'network' } } },
          { ok: false, contactId: CONTACT_IDS.graceLiu, error: { kind: 'network' } },
        ],
      });
    } finally {
      vi.useRealTimers();
      standIn = await createStandIn({ processingStepMs: 0 });
    }
  });

  it('answers a meeting’s insights in one message, one result per contact, each call once', async () => {
    const ids = [CONTACT_IDS.mayaChen, CONTACT_IDS.graceLiu, CONTACT_IDS.tomOkafor, CONTACT_IDS.mayaChen];
    const reply = await send('contacts.insights', { contactIds: ids });
    expect(reply).toMatchObject({ ok: true, data: [{ ok: true, contactId: CONTACT_IDS.mayaChen }, { ok: true, contactId: CONTACT_IDS.graceLiu }, { ok: true, contactId: CONTACT_IDS.tomOkafor }] });
    expect((reply as { data: unknown[] }).data).toHaveLength(3);
    const asked = () => standIn.requests.filter((r) => r.path.startsWith('/api/v2/insights/contact/')).length;
    expect(asked()).toBe(3);
    // Opened again within the minute: answered from the background's copies, no call at all.
    await send('contacts.insights', { contactIds: ids });
    expect(asked()).toBe(3);
    // One contact the service does not know fails alone.
    expect(await send('contacts.insights', { contactIds: [CONTACT_IDS.mayaChen, 'ctc_nobody'] })).toMatchObject({
      ok: true,
      data: [{ ok: true }, { ok: false, contactId: 'ctc_nobody', error: { kind: 'not_found' } }],
    });
    // Only the extension's pages may ask.
    expect(await send('contacts.insights', { contactIds: ids }, content)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('starts a meeting’s insights calls on “Open briefing”, and the panel’s own request then calls nothing again', async () => {
    await configure();
    const known = SAMPLE_CONTACTS.slice(0, 4);
    const stranger = { email: 'nobody@unknown.example', name: 'Nobody', roles: ['guest' as const], match: null };
    const surface = { kind: 'event' as const, title: 'Planning', when: null, people: [...known.map(asPerson), stranger, asPerson(known[0]!)] };
    const asked = insightsAsked;

    expect(await send('panel.focus', { focus: { kind: 'surface', surface } }, content)).toMatchObject({ ok: true });
    // Stored with when it was chosen: the same choice again is a change the panel hears of.
    const stored = Object.values(await fakeBrowser.storage.session.get(null)).find((value) => (value as { kind?: unknown }).kind === 'surface') as { chosenAt?: unknown } | undefined;
    expect(stored?.chosenAt).toEqual(expect.any(Number));
    // The calls started with the click, before the panel asked for anything: each known contact once.
    await vi.waitFor(() => expect(asked().sort()).toEqual(known.map((contact) => contact.id).sort()));

    const reply = await send('contacts.insights', { contactIds: known.map((contact) => contact.id) });
    expect(reply).toMatchObject({ ok: true, data: known.map((contact) => ({ ok: true, contactId: contact.id })) });
    expect(asked()).toHaveLength(known.length);
  });

  it('keeps a chosen meeting larger than any page shows to its first 1,000 people and 1,000 characters a text, and starts no more calls than the panel asks for at once', async () => {
    await configure();
    const crowd = Array.from({ length: 1001 }, (_, i) => ({ email: `p${i}@example.com`, name: null, roles: ['guest' as const], match: null }));
    expect(await send('panel.focus', { focus: { kind: 'surface', surface: { kind: 'event', title: 'x'.repeat(1001), when: null, people: crowd } } }, content)).toMatchObject({ ok: true });
    const stored = Object.values(await fakeBrowser.storage.session.get(null)).find((value) => (value as { kind?: unknown }).kind === 'surface') as { surface: { title: string; people: unknown[] } };
    expect(stored.surface.people).toHaveLength(1000);
    expect(stored.surface.title).toHaveLength(1000);
    // 150 known people (ids the stand-in does not have): the head start asks for the first 100 only.
    const known = Array.from({ length: 150 }, (_, i) => ({ ...asPerson(SAMPLE_CONTACTS[0]!), email: `k${i}@example.com`, match: { contact: { id: `ctc_k${i}`, name: `K ${i}`, email: `k${i}@example.com`, company: null, title: null }, matchedBy: 'email' as const } }));
    // The page's lookups gave it these contacts.
    await noteShown(content.tab.id, known.map((person) => person.match.contact.id));
    expect(await send('panel.focus', { focus: { kind: 'surface', surface: { kind: 'event', title: 'Big', when: null, people: known } } }, content)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(insightsAsked()).toHaveLength(100));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(insightsAsked()).toHaveLength(100);
  });

  it('starts the briefing’s calls when the toolbar’s “Open briefing” opens the panel: the page’s meeting, or the focus chosen for the tab', async () => {
    await configure();
    const [inInbox, first, second, chosen] = SAMPLE_CONTACTS;
    const stranger = { email: 'nobody@unknown.example', name: 'Nobody', roles: ['guest' as const], match: null };
    const page = {
      site: 'google-calendar',
      recognised: true,
      surfaces: [
        // A list's senders are not a meeting: the panel briefs the event, and so does the head start.
        { kind: 'list', title: null, when: null, people: [asPerson(inInbox!)] },
        { kind: 'event', title: 'Planning', when: null, people: [asPerson(first!), stranger, asPerson(second!)] },
      ],
    };
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 21 }] as never);
    const ask = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(page as never);
    const asked = insightsAsked;
    // The page's lookups gave it the contacts it shows.
    await noteShown(21, [inInbox!.id, first!.id, second!.id]);

    expect(await send('panel.warm', { windowId: 3 })).toEqual({ ok: true, data: {} });
    expect(query).toHaveBeenCalledWith({ active: true, windowId: 3 });
    await vi.waitFor(() => expect(asked().sort()).toEqual([first!.id, second!.id].sort()));
    expect(ask).toHaveBeenCalledWith(21, expect.objectContaining({ type: 'page.peek' }));
    // The panel's own request finds their answers.
    await send('contacts.insights', { contactIds: [first!.id, second!.id] });
    expect(asked()).toHaveLength(2);

    // A person chosen on a card for that tab is what the panel briefs, whatever the page shows.
    await fakeBrowser.storage.session.set({ 'panelFocus:21': { kind: 'person', match: asPerson(chosen!).match } });
    await send('panel.warm', { windowId: 3 });
    await vi.waitFor(() => expect(asked()).toContain(chosen!.id));
    expect(asked()).toHaveLength(3);
    // Only the extension's own pages may ask.
    expect(await send('panel.warm', { windowId: 3 }, content)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('forgets the lookups that found a contact the service no longer has, and only those', async () => {
    await configure();
    const lookups = (email: string) => standIn.requests.filter((r) => r.path === '/api/v2/contacts' && r.query.email === email).length;
    const maya = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
    const other = SAMPLE_CONTACTS.find((contact) => contact.id !== CONTACT_IDS.mayaChen)!;
    for (const contact of [maya, other]) expect(await send('contact.find', { email: contact.email })).toMatchObject({ ok: true, data: { contact: { id: contact.id } } });
    const [mayaAsked, otherAsked] = [lookups(maya.email), lookups(other.email)];
    // Found again from the cache: no new lookup.
    await send('contact.find', { email: maya.email });
    expect(lookups(maya.email)).toBe(mayaAsked);

    // Gone: the insights and the contact itself both 404.
    standIn.failNext({ path: new RegExp(`^/api/v2/insights/contact/${maya.id}$`), status: 404, times: 1 });
    standIn.failNext({ path: new RegExp(`^/api/v2/contacts/${maya.id}$`), status: 404, times: 1 });
    expect(await send('contact.insights', { contactId: maya.id, revalidate: true })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    // Looked up again, the service is asked (it may know the person under another contact now).
    await send('contact.find', { email: maya.email });
    expect(lookups(maya.email)).toBe(mayaAsked + 1);
    await send('contact.find', { email: other.email });
    expect(lookups(other.email)).toBe(otherAsked);

    // A 404 for the insights of a contact that still exists is "no insights yet": nothing is forgotten.
    standIn.failNext({ path: new RegExp(`^/api/v2/insights/contact/${maya.id}$`), status: 404, times: 1 });
    expect(await send('contact.insights', { contactId: maya.id, revalidate: true })).toMatchObject({
      ok: true,
      data: { insights: { contactId: maya.id, preferredTone: null, recentTopics: [] } },
    });
    await send('contact.find', { email: maya.email });
    expect(lookups(maya.email)).toBe(mayaAsked + 1);
  });

  it('stops serving a hover card the insights of a contact the service says is gone, also when a stale copy’s refresh learns it', async () => {
    await configure();
    const maya = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
    expect(await send('contact.insights', { contactId: maya.id }, content)).toMatchObject({ ok: true });
    // An hour later the copy is stale; the contact was deleted meanwhile.
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + 60 * 60_000);
    try {
      standIn.failNext({ path: new RegExp(`^/api/v2/insights/contact/${maya.id}$`), status: 404, times: 10 });
      standIn.failNext({ path: new RegExp(`^/api/v2/contacts/${maya.id}$`), status: 404, times: 10 });
      // The stale copy is served once, while the refresh behind it finds the contact gone…
      expect(await send('contact.insights', { contactId: maya.id }, content)).toMatchObject({ ok: true });
      await vi.waitFor(() => expect(standIn.requests.some((r) => r.path === `/api/v2/contacts/${maya.id}`)).toBe(true));
      // …then no more: the next card says so.
      await vi.waitFor(async () => expect(await send('contact.insights', { contactId: maya.id }, content)).toMatchObject({ ok: false, error: { kind: 'not_found' } }));
    } finally {
      clock.mockRestore();
    }
  });

  it('does not find a contact the service says is gone again from its local list without asking the service', async () => {
    await configure();
    const maya = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.mayaChen)!;
    expect(await send('contact.find', { name: maya.name })).toMatchObject({ ok: true, data: { contact: { id: maya.id } } });
    const listed = () => standIn.requests.filter((r) => r.path === '/api/v2/contacts' && r.query.email === undefined && r.query.search === undefined).length;
    const before = listed();
    standIn.failNext({ path: new RegExp(`^/api/v2/insights/contact/${maya.id}$`), status: 404, times: 1 });
    standIn.failNext({ path: new RegExp(`^/api/v2/contacts/${maya.id}$`), status: 404, times: 1 });
    expect(await send('contact.insights', { contactId: maya.id, revalidate: true })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    // Out of the local list at once (not found from it again as it was), and the list read again.
    expect(await send('contact.find', { name: maya.name })).toMatchObject({ ok: true, data: null });
    await vi.waitFor(() => expect(listed()).toBeGreaterThan(before));
  });

  it('tells the panel at once when the service asks to slow down, with the retry time', async () => {
    standIn.failNext({ path: /^\/api\/v2\/insights\//, status: 429, retryAfter: 20, times: 5 });
    const started = Date.now();
    expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true })).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryAfterMs: 20_000 },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('tells a hover card at once when the service asks to slow down, with the retry time (someone is looking at it)', async () => {
    standIn.failNext({ path: /^\/api\/v2\/insights\//, status: 429, retryAfter: 20, times: 5 });
    const started = Date.now();
    expect(await send('contact.insights', { contactId: CONTACT_IDS.mayaChen }, content)).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryAfterMs: 20_000 },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(standIn.countRequests({ pathPrefix: '/api/v2/insights/' })).toBe(1);
  });

  it('tells the panel at once when the service asks to slow down while it looks a person up by address', async () => {
    // Before the lookup form is known (its calibration)…
    standIn.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 20, times: 5 });
    let started = Date.now();
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 20_000 } });
    expect(Date.now() - started).toBeLessThan(2_000);
    standIn.reset();
    await configure();
    // …and once it is: the lookup itself.
    await send('contact.find', { email: 'maya.chen@example.com' });
    standIn.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 20, times: 5 });
    started = Date.now();
    expect(await send('contact.find', { email: 'grace.liu@example.org' })).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 20_000 } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps a long rate limit through a restart of the worker, not through new settings', async () => {
    await send('contact.find', { email: 'maya.chen@example.com' });
    standIn.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 600, times: 5 });
    // A page's person the service would not look up now: said as such (asked again later).
    expect(await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content)).toEqual({ ok: true, data: ['failed'] });
    const asked = standIn.requests.length;
    // The worker stopped while idle; a new one starts (same storage).
    context = new ServiceContext({ cacheStore: storageCacheStore });
    handlers = createHandlers(context);
    expect(await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content)).toEqual({ ok: true, data: ['failed'] });
    expect(standIn.requests.length).toBe(asked);
    // Settings saved: started over, as a client made for them always did.
    standIn.reset();
    await configure();
    expect(await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content)).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.graceLiu } }] });
  });

  it('tells the panel at once when the service asks to slow down while it looks a person up by name', async () => {
    standIn.setDialect({ contactLookup: 'search-param-only' });
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: true, data: { contact: { id: CONTACT_IDS.mayaChen } } });
    standIn.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 20, times: 5 });
    const started = Date.now();
    expect(await send('contact.find', { name: 'Grace Liu' })).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 20_000 } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps a page’s batch of lookups patient: a server error is tried until it passes', async () => {
    await send('people.find', { people: [{ email: 'maya.chen@example.com' }] }, content);
    // Two failures in a row: the panel's fail-fast policy gives up after the second, the page's does not.
    standIn.failNext({ path: '/api/v2/contacts', status: 503, times: 2 });
    expect(await send('people.find', { people: [{ email: 'grace.liu@example.org' }] }, content)).toMatchObject({ ok: true, data: [{ contact: { id: CONTACT_IDS.graceLiu } }] });
  });

  it('tells the panel at once when the service asks to slow down while it fetches a conversation’s insights', async () => {
    standIn.failNext({ path: /^\/api\/v2\/insights\/recording\//, status: 429, retryAfter: 20, times: 5 });
    const started = Date.now();
    expect(await send('recording.insights', { id: RECORDING_IDS.mayaRoadmap })).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 20_000 } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('forgets everything fetched with the old settings when they change', async () => {
    await send('contact.find', { email: 'maya.chen@example.com' });
    const signal = async () => (await fakeBrowser.storage.sync.get('settingsSavedAt')).settingsSavedAt as number | undefined;
    const before = await signal();
    await send('settings.save', { apiKey: 'wrong-key' });
    // Pages, which cannot read storage.local, hear that the background has started over.
    expect(await signal()).toBeGreaterThanOrEqual(before ?? 0);
    expect(await signal()).not.toBe(before);
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });
});

describe('settings changes seen in storage', () => {
  beforeEach(configure);

  const mayaLookups = () => standIn.requests.filter((r) => r.path.startsWith('/api/v2/contacts') && r.query.email === 'maya.chen@example.com').length;

  it('leaves the cache alone on the echo of a save it has handled, even with lookups in flight', async () => {
    const asked = send('contact.find', { email: 'maya.chen@example.com' });
    // The storage event of the save above arrives while a page is already looking people up.
    expect(await context.resetIfSettingsChanged()).toBe(false);
    await asked;
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(mayaLookups()).toBe(1);
  });

  it('empties the cache, and what else the old settings fetched, when another tab or a policy changed them', async () => {
    const forgotten = vi.fn(() => Promise.resolve());
    context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgotten });
    handlers = createHandlers(context);
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(await context.resetIfSettingsChanged()).toBe(true);
    expect(await context.resetIfSettingsChanged()).toBe(false);
    expect(forgotten).toHaveBeenCalledTimes(1);
    // Another options tab saved another server address: written to storage, not through this worker.
    await fakeBrowser.storage.local.set({ serviceUrl: `${standIn.baseUrl}/other/` });
    expect(await context.resetIfSettingsChanged()).toBe(true);
    expect(forgotten).toHaveBeenCalledTimes(2);
    await fakeBrowser.storage.local.set({ serviceUrl: standIn.baseUrl });
    expect(await context.resetIfSettingsChanged()).toBe(true);
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(mayaLookups()).toBe(2);
  });

  it('empties the cache once for a save of the address and the key, its storage echo included', async () => {
    const forgotten = vi.fn(() => Promise.resolve());
    context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgotten });
    handlers = createHandlers(context);
    // As the background watches storage (entrypoints/background).
    const unwatch = watchSettings(() => void context.resetIfSettingsChanged());
    await send('settings.save', { serviceUrl: `${standIn.baseUrl}/other/`, apiKey: 'another-key' });
    // The echo's check waits for the reset before it.
    await context.resetIfSettingsChanged();
    unwatch();
    expect(forgotten).toHaveBeenCalledTimes(1);
  });

  it('never serves an answer fetched with the old key to the new one, though it arrives after the save', async () => {
    // The page's lookup has its client (the old key) and waits on the stored copy when the save comes.
    let reading: () => void = () => undefined;
    const readStarted = new Promise<void>((resolve) => (reading = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = true;
    const slowStore = {
      ...storageCacheStore,
      get: async (key: string) => {
        if (gated) {
          reading();
          await gate;
        }
        return storageCacheStore.get(key);
      },
    };
    delete (slowStore as { getMany?: unknown }).getMany;
    context = new ServiceContext({ cacheStore: slowStore });
    handlers = createHandlers(context);
    const before = send('contact.find', { email: 'maya.chen@example.com' });
    await readStarted;
    gated = false;
    await send('settings.save', { apiKey: 'readonly-key' });
    release();
    expect(await before).toMatchObject({ ok: true });
    expect(mayaLookups()).toBe(1);
    // The new key's lookup asks the service: the old key's answer is not this account's.
    expect(await send('contact.find', { email: 'maya.chen@example.com' })).toMatchObject({ ok: true });
    expect(mayaLookups()).toBe(2);
    // Answers are filed by a tag of the key that asked, never by the key.
    await context.cache.flush();
    const stored = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(stored.some((key) => key.includes('|contact-by-address|maya.chen@example.com'))).toBe(true);
    expect(stored.filter((key) => key.includes(standIn.apiKey) || key.includes('readonly-key'))).toEqual([]);
  });

  it('always empties the cache on a save', async () => {
    await send('contact.find', { email: 'maya.chen@example.com' });
    await send('settings.save', { serviceUrl: standIn.baseUrl });
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(mayaLookups()).toBe(2);
  });
});

describe('webhooks', () => {
  beforeEach(configure);

  it('creates, lists and deletes; says when the server cannot list', async () => {
    const created = await send('webhook.create', { url: 'https://hooks.example.com/x', events: ['contact.updated'] });
    expect(created).toMatchObject({ ok: true, data: { secret: expect.any(String) } });
    const id = (created as { data: { id: string } }).data.id;
    expect(await send('webhook.list', {})).toMatchObject({ ok: true, data: { supported: true, items: [expect.objectContaining({ id })] } });
    expect(await send('webhook.delete', { id })).toEqual({ ok: true, data: { deleted: true } });
    standIn.setDialect({ webhookManagement: 'create-only' });
    expect(await send('webhook.list', {})).toEqual({ ok: true, data: { supported: false, items: [] } });
    expect(await send('webhook.create', { url: 'https://hooks.example.com/x', events: [] as never })).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
  });

  it('lists and deletes failing fast for the page someone waits on (an unreachable service was tried four times)', async () => {
    standIn.failNext({ method: 'GET', path: '/api/v2/webhooks', status: 0, dropConnection: true, times: 4 });
    expect(await send('webhook.list', {})).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(standIn.countRequests({ method: 'GET', pathPrefix: '/api/v2/webhooks' })).toBeLessThanOrEqual(2);
    standIn.failNext({ method: 'DELETE', path: '/api/v2/webhooks/*', status: 0, dropConnection: true, times: 4 });
    expect(await send('webhook.delete', { id: 'w1' })).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(standIn.countRequests({ method: 'DELETE', pathPrefix: '/api/v2/webhooks/' })).toBeLessThanOrEqual(2);
  });

  it('sends account data only to https endpoints (plain http only on this computer), whoever asks', async () => {
    for (const url of ['http://hooks.example.com/x', 'ftp://hooks.example.com/x', 'https://user:secret@hooks.example.com/x', 'javascript:alert(1)']) {
      expect(await send('webhook.create', { url, events: ['contact.updated'] }), url).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    }
    expect(standIn.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(await send('webhook.create', { url: 'http://127.0.0.1:9000/hook', events: ['contact.updated'] })).toMatchObject({ ok: true });
  });
});

describe('contact index refresh', () => {
  beforeEach(configure);

  it('refreshes only for servers that need the index', async () => {
    await send('contact.find', { email: 'maya.chen@example.com' });
    expect(await context.refreshContactIndexIfUsed()).toBe(false);
    standIn.setDialect({ contactLookup: 'ignores-filter' });
    await context.reset();
    await send('settings.save', { serviceUrl: standIn.baseUrl });
    await fakeBrowser.storage.local.remove('discovery');
    expect(await send('contact.find', { email: 'grace.liu@example.org' })).toMatchObject({ ok: true, data: { contact: { id: CONTACT_IDS.graceLiu } } });
    expect(await context.refreshContactIndexIfUsed()).toBe(true);
  });
});
