// @vitest-environment node
/**
 * A page whose people lookups fail for want of a setup, a valid key, host access or a service
 * that answers says so on its tab's toolbar button (and records it for the popup); transient
 * failures say nothing; the badge clears itself when lookups work again, when the settings change
 * and when the tab leaves the supported sites. Against the stand-in, through the broker.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker, type Handlers } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { pageStatusHandlers } from '@/lib/background/handlers/page-status';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { LookupHealth, SILENCE_LAPSE_MS, UNREACHABLE_AFTER_MS } from '@/lib/background/lookup-health';
import { ServiceContext } from '@/lib/background/service-context';
import { ApiError } from '@/lib/api/errors';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { readLookupProblem } from '@/lib/storage/lookup-problem';
import { watchSettings } from '@/lib/storage/settings-change';
import { SERVICE_ACCESS_KEY } from '@/lib/storage/service-access';
import { permissionPatternFor } from '@/lib/api/base-url';
import { createStandIn, type StandIn } from '../../stand-in/server';

let standIn: StandIn;
let health: LookupHealth;
let handlers: Handlers;
let context: ServiceContext;
let clock: number;
let online: boolean;
let hostAccess: boolean;
/** What the browser tells of host access granted (permissions.onAdded). */
let accessAdded: (permissions: { origins?: string[] }) => void = () => undefined;
/** The service stops answering: every call fails as a refused connection does. */
let down: boolean;
/** Something else answers at the service's address: a web page, 404, or nothing (204), to every call. */
let wrongSite: 'page' | '404' | 'empty' | null;
/** A service with no contacts that answers its list with no body (204), and refuses it without the key. */
let noContacts: boolean;

const options = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };
const tab = (id: number) => ({ id: 'test-extension-id', url: 'https://mail.google.com/mail/u/0/', tab: { id } });
let personCount = 0;

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.reset();
  resetVaultForTests();
  clock = 0;
  online = true;
  hostAccess = true;
  down = false;
  wrongSite = null;
  noContacts = false;
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(() => Promise.resolve(hostAccess) as never);
  // The title a cleared tab gets back is the manifest's.
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1.0.0', action: { default_title: 'Primer' } });
  health = new LookupHealth({ now: () => clock, online: () => online });
  health.watchTabs();
  // The fake browser has no permissions.onAdded: its listener is kept here.
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation((listener) => void (accessAdded = listener));
  health.watchAccess();
  context = new ServiceContext({
    cacheStore: storageCacheStore,
    // One attempt per call: retries are the http layer's business, tested there.
    clientOptions: { retry: { attempts: 1 } },
    fetch: (input, init) => {
      if (down) return Promise.reject(new TypeError('Failed to fetch'));
      if (wrongSite === 'empty') return Promise.resolve(new Response(null, { status: 204 }));
      if (wrongSite) return Promise.resolve(new Response('<!doctype html><title>Example</title>', { status: wrongSite === 'page' ? 200 : 404, headers: { 'content-type': 'text/html' } }));
      if (noContacts && new URL(input).pathname === '/api/v2/contacts') {
        const withKey = new Headers(init?.headers).has('authorization');
        return Promise.resolve(withKey ? new Response(null, { status: 204 }) : new Response('{"error":"unauthorized"}', { status: 401 }));
      }
      return fetch(input, init);
    },
    onReset: () => health.forgetAll(),
  });
  handlers = createHandlers(context, undefined, health);
});

const broker = () => createBroker(handlers, { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' });

async function send<T extends MessageType>(type: T, payload: RequestOf<T>, sender: object = options) {
  return broker()({ primer: 1, type, payload }, sender);
}

/** A page in tab `tabId` looks up someone it has not asked about before; resolves once the badge is settled. */
async function pageLooksUp(tabId: number) {
  const reply = await send('people.find', { people: [{ email: `person${++personCount}@example.org` }] }, tab(tabId));
  await health.idle();
  return reply;
}

/** The worker stopped and started again: a new LookupHealth, with only what storage kept. */
function restart() {
  health = new LookupHealth({ now: () => clock, online: () => online });
  handlers = createHandlers(context, undefined, health);
}

const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
const title = (tabId: number) => fakeBrowser.action.getTitle({ tabId });

async function configure(apiKey = standIn.apiKey) {
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey });
  await health.idle();
}

describe('a tab whose lookups cannot work says why on its toolbar button', () => {
  it.each([
    [401, '<html><head><title>401 Authorization Required</title></head><body><center><h1>401 Authorization Required</h1></center><hr><center>nginx</center></body></html>'],
    [403, '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'],
  ])('a %i web page (a proxy, a static site, a wrong address): says the address answered with a web page, not that the key was refused', async (status, body) => {
    await configure();
    await pageLooksUp(4);
    standIn.failNext({ path: '/api/v2/contacts', status, body });
    expect(await pageLooksUp(4)).toMatchObject({ ok: false });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toMatch(/answered with a web page refusing access/);
    expect(await title(4)).not.toMatch(/API key/);
    expect(await readLookupProblem(4)).toEqual({ problem: 'web_page_refusal', service: new URL(standIn.baseUrl).origin });
  });

  it('a refused key: at once, with the fix, on that tab only; cleared by the next lookup that works', async () => {
    await configure();
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    standIn.failNext({ path: '/api/v2/contacts', status: 401 });
    expect(await pageLooksUp(4)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toBe('Primer: the service refused the API key — open Primer’s options to enter a valid key');
    expect(await readLookupProblem(4)).toEqual({ problem: 'key_refused', service: new URL(standIn.baseUrl).origin });
    expect(await badge(5)).toBe('');
    // The browser resets a tab's badge when it loads a page (a reload): the page's next failure says it again.
    await fakeBrowser.action.setBadgeText({ tabId: 4, text: null as unknown as string });
    standIn.failNext({ path: '/api/v2/contacts', status: 401 });
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    expect(await title(4)).toBe('Primer');
    expect(await readLookupProblem(4)).toBeNull();
  });

  it('a batch the cache answered alone does not clear it: the badge would come and go with the people in view', async () => {
    await configure();
    const seenBefore = { people: [{ email: 'grace.liu@example.org' }] };
    await send('people.find', seenBefore, tab(4));
    standIn.failNext({ path: '/api/v2/contacts', status: 401 });
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    expect(await send('people.find', seenBefore, tab(4))).toMatchObject({ ok: true, data: [{ contact: { email: 'grace.liu@example.org' } }] });
    await health.idle();
    expect(await badge(4)).toBe('off');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
  });

  it('a key that may not read contacts, and no setup at all', async () => {
    expect(await pageLooksUp(4)).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toBe('Primer: not set up yet — open Primer’s options to add the service address and API key');
    await configure();
    standIn.failNext({ path: '/api/v2/contacts', status: 403 });
    await pageLooksUp(5);
    expect(await title(5)).toBe('Primer: the API key may not look up contacts — open Primer’s options to enter a key that may');
  });

  it('a setup an administrator broke sends the user to the administrator, not to fields they cannot change', async () => {
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    try {
      // The administrator's key, without their address: the key goes to no address the user types.
      managed.mockResolvedValue({ apiKey: standIn.apiKey } as never);
      await send('settings.save', { serviceUrl: standIn.baseUrl });
      expect(await pageLooksUp(4)).toMatchObject({ ok: false, error: { kind: 'not_configured' } });
      expect(await title(4)).toBe('Primer: cannot connect as your administrator set it up — ask your administrator to correct Primer’s setup');
      expect(await readLookupProblem(4)).toMatchObject({ problem: 'not_configured', administrator: true });
    } finally {
      managed.mockRestore();
    }
  });

  it('a 403 on one person while the service answers the others is that person’s, not the key’s', async () => {
    await configure();
    await pageLooksUp(4);
    standIn.failNext({ path: '/api/v2/contacts', status: 403 });
    const reply = await send('people.find', { people: [{ email: 'grace.liu@example.org' }, { email: `person${++personCount}@example.org` }] }, tab(4));
    await health.idle();
    expect(reply).toMatchObject({ ok: true });
    expect((reply as { data: unknown[] }).data).toContain('failed');
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
  });

  it('a 403 on one person while the cache answered the others is that person’s too: one of them is asked again live', async () => {
    await configure();
    const known = { email: 'grace.liu@example.org' };
    await send('people.find', { people: [known] }, tab(4));
    // The page read again: Grace comes from the cache, the new person is refused.
    standIn.failNext({ path: '/api/v2/contacts', status: 403 });
    const reply = await send('people.find', { people: [known, { email: `person${++personCount}@example.org` }] }, tab(4));
    await health.idle();
    expect(reply).toMatchObject({ ok: true, data: [{ contact: { email: 'grace.liu@example.org' } }, 'failed'] });
    expect(await badge(4)).toBe('');
    // Refused for everyone, the live question is refused too: the key's problem, said as such.
    standIn.failNext({ path: '/api/v2/contacts', status: 403 });
    standIn.failNext({ path: '/api/v2/contacts', status: 403 });
    expect(await send('people.find', { people: [known, { email: `person${++personCount}@example.org` }] }, tab(4))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('saving settings clears what was said about the old ones, before any page asks again', async () => {
    await configure('wrong-key');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    await configure();
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
  });

  it('host access taken away: said at once, naming the service', async () => {
    await configure();
    await pageLooksUp(4);
    hostAccess = false;
    // Without host access, a service sending no CORS headers cannot be read: the call fails.
    down = true;
    expect(await pageLooksUp(4)).toEqual({ ok: true, data: ['failed'] });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toBe(`Primer: not allowed to contact ${new URL(standIn.baseUrl).origin} — open Primer’s options and choose Allow access`);
  });

  it('host access granted: cleared at once for the service it was missing for, and the pages are told to ask again', async () => {
    await configure();
    await pageLooksUp(4);
    hostAccess = false;
    down = true;
    await pageLooksUp(4);
    standIn.failNext({ path: '/api/v2/contacts', status: 401 });
    down = false;
    await pageLooksUp(5);
    expect([await badge(4), await badge(5)]).toEqual(['off', 'off']);
    // Access to another site says nothing of the service.
    accessAdded({ origins: ['https://elsewhere.example/*'] });
    await health.idle();
    expect(await badge(4)).toBe('off');
    expect(await fakeBrowser.storage.local.get(SERVICE_ACCESS_KEY)).toEqual({});
    hostAccess = true;
    accessAdded({ origins: [permissionPatternFor(standIn.baseUrl)!] });
    await health.idle();
    expect(await badge(4)).toBe('');
    expect(await title(4)).toBe('Primer');
    expect(await readLookupProblem(4)).toBeNull();
    expect(Object.keys(await fakeBrowser.storage.local.get(SERVICE_ACCESS_KEY))).toEqual([SERVICE_ACCESS_KEY]);
    // A refused key is not a missing access.
    expect(await badge(5)).toBe('off');
  });

  it('an address where something else answers (a web page, or 404, to every call): said at once, naming the address', async () => {
    await configure();
    const notTheService = `Primer: ${new URL(standIn.baseUrl).origin} does not answer as Primer’s service — check the service address in Primer’s options`;
    // Never calibrated: the contact list itself answers a web page.
    wrongSite = 'page';
    expect(await pageLooksUp(4)).toEqual({ ok: true, data: ['failed'] });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toBe(notTheService);
    expect(await readLookupProblem(4)).toEqual({ problem: 'not_the_service', service: new URL(standIn.baseUrl).origin });
    // Calibrated while it worked, then 404 for everything.
    wrongSite = null;
    await pageLooksUp(5);
    wrongSite = '404';
    await send('people.find', { people: [{ email: `person${++personCount}@example.org` }, { name: 'Nobody Known' }] }, tab(5));
    await health.idle();
    expect(await title(5)).toBe(notTheService);
    // The service back: the next lookup that works clears it.
    wrongSite = null;
    await pageLooksUp(5);
    expect(await badge(5)).toBe('');
  });

  it('an address that answers nothing (204) to every call, with the key or without: not the service; a service with no contacts that answers so is', async () => {
    await configure();
    wrongSite = 'empty';
    expect(await pageLooksUp(4)).toEqual({ ok: true, data: ['failed'] });
    expect(await title(4)).toBe(`Primer: ${new URL(standIn.baseUrl).origin} does not answer as Primer’s service — check the service address in Primer’s options`);
    // The service's own empty list: it refuses the list without the key. No one is a contact.
    wrongSite = null;
    noContacts = true;
    expect(await pageLooksUp(5)).toEqual({ ok: true, data: [null] });
    expect(await badge(5)).toBe('');
    expect(await readLookupProblem(5)).toBeNull();
  });

  it('one contact the service does not know (a 404 for it, an empty search) is not a wrong address', async () => {
    await configure();
    await pageLooksUp(4);
    standIn.failNext({ path: '/api/v2/contacts', status: 404 });
    expect(await pageLooksUp(4)).toEqual({ ok: true, data: [null] });
    expect(await send('people.find', { people: [{ name: 'Nobody Known' }] }, tab(4))).toEqual({ ok: true, data: [null] });
    await health.idle();
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
  });

  it('a service that stops answering: said only once it has been silent for a while, on every tab that found it so', async () => {
    await configure();
    await pageLooksUp(4);
    down = true;
    await pageLooksUp(4);
    clock = 5_000;
    await pageLooksUp(5);
    expect([await badge(4), await badge(5)]).toEqual(['', '']);
    clock = UNREACHABLE_AFTER_MS;
    await pageLooksUp(4);
    expect([await badge(4), await badge(5), await badge(6)]).toEqual(['off', 'off', '']);
    expect(await title(4)).toBe(`Primer: ${new URL(standIn.baseUrl).origin} is not answering — check your connection, or the address in Primer’s options`);
    // Back: each tab clears with its own lookup that works.
    down = false;
    await pageLooksUp(4);
    expect([await badge(4), await badge(5)]).toEqual(['', 'off']);
    await pageLooksUp(5);
    expect(await badge(5)).toBe('');
  });

  it('counts a silence across the worker’s restarts: it stops after 30 s idle, and a silent page asks again a minute later', async () => {
    await configure();
    down = true;
    await pageLooksUp(4);
    await pageLooksUp(5);
    // The worker stops; the next one starts with the next batch.
    restart();
    clock = UNREACHABLE_AFTER_MS + 40_000;
    await pageLooksUp(4);
    // Every tab that found it silent says so, the one from before the restart too.
    expect([await badge(4), await badge(5)]).toEqual(['off', 'off']);
    // Answered again, after another restart: the silence is over, and a new one starts from zero.
    restart();
    down = false;
    await pageLooksUp(4);
    down = true;
    restart();
    clock += 1_000;
    await pageLooksUp(6);
    expect(await badge(6)).toBe('');
  });

  it('starts a silence over when nothing failed for a while (pages answered from the cache, a computer asleep), also across restarts', async () => {
    await configure();
    down = true;
    await pageLooksUp(4);
    // Two hours without a failed batch, the worker long stopped; then one failure.
    restart();
    clock = 2 * 60 * 60 * 1000;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    // Failing on for long enough from there: said.
    clock += UNREACHABLE_AFTER_MS;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    // Within the lapse, failures a minute apart keep one silence going.
    expect(SILENCE_LAPSE_MS).toBeGreaterThan(60_000);
  });

  it('says nothing of a service silent for a moment, busy, failing once, or of the browser being offline', async () => {
    await configure();
    await pageLooksUp(4);
    // Silent, then answering again: the silence starts over.
    down = true;
    await pageLooksUp(4);
    down = false;
    clock = 10_000;
    await pageLooksUp(4);
    down = true;
    clock = 10_000 + UNREACHABLE_AFTER_MS - 1;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    // Offline: every site fails, and says so itself.
    online = false;
    clock += UNREACHABLE_AFTER_MS * 3;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    down = false;
    online = true;
    for (const status of [429, 500]) {
      standIn.failNext({ path: '/api/v2/contacts', status, ...(status === 429 ? { retryAfter: 3600 } : {}) });
      expect(await pageLooksUp(4)).toEqual({ ok: true, data: ['failed'] });
      clock += UNREACHABLE_AFTER_MS * 3;
      expect(await badge(4)).toBe('');
    }
    expect(await readLookupProblem(4)).toBeNull();
  });

  it('a service that answers with an error is not silent: the silence starts over', async () => {
    await configure();
    await pageLooksUp(4);
    down = true;
    await pageLooksUp(4);
    down = false;
    clock = 5_000;
    standIn.failNext({ path: '/api/v2/contacts', status: 500 });
    expect(await pageLooksUp(4)).toEqual({ ok: true, data: ['failed'] });
    down = true;
    clock = UNREACHABLE_AFTER_MS;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
    clock = 5_000 + UNREACHABLE_AFTER_MS;
    await pageLooksUp(4);
    expect(await badge(4)).toBe('');
  });

  it('a gateway answering for a missing service counts as silence', async () => {
    await configure();
    await pageLooksUp(4);
    standIn.failNext({ path: '/api/v2/contacts', status: 502 });
    await pageLooksUp(4);
    clock = UNREACHABLE_AFTER_MS;
    standIn.failNext({ path: '/api/v2/contacts', status: 503 });
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
  });

  it('the side panel’s own lookups speak for no tab', async () => {
    await configure('wrong-key');
    expect(await send('people.find', { people: [{ email: 'someone@example.org' }] })).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    await health.idle();
    expect(Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) => key.startsWith('lookupProblem:'))).toEqual([]);
  });
});

describe('the badge among the button’s other uses', () => {
  it('comes before the layout’s "!", which returns once lookups work', async () => {
    const layout = pageStatusHandlers()['page.status'];
    await layout({ page: 'p1', site: 'gmail', recognised: false, people: 0, known: 0, views: [] }, { sender: 'content', tabId: 4 });
    expect(await badge(4)).toBe('!');
    await configure('wrong-key');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    // A layout report meanwhile does not hide the lookup problem.
    await layout({ page: 'p1', site: 'gmail', recognised: false, people: 0, known: 0, views: [{ kind: 'thread', title: 'x', when: null }] }, { sender: 'content', tabId: 4 });
    expect(await badge(4)).toBe('off');
    await configure();
    await pageLooksUp(4);
    expect(await badge(4)).toBe('!');
    expect(await title(4)).toBe('Primer: this page’s layout is not recognised');
  });

  it('is forgotten when the tab leaves the supported sites or closes, not when it moves within one', async () => {
    await configure('wrong-key');
    await pageLooksUp(4);
    await pageLooksUp(5);
    const gmail = 'https://mail.google.com/mail/u/0/#inbox/FMfcg';
    await fakeBrowser.tabs.onUpdated.trigger(4, { url: gmail }, { url: gmail } as never);
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, { url: gmail } as never);
    await health.idle();
    expect(await badge(4)).toBe('off');
    // Another site: its URL is not even shown to Primer (no "tabs" permission).
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, {} as never);
    await health.idle();
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
    await fakeBrowser.tabs.onRemoved.trigger(5, { windowId: 1, isWindowClosing: false });
    await health.idle();
    expect(await readLookupProblem(5)).toBeNull();
  });

  it('is shown again as soon as the tab has reloaded, as the popup already says it, before the new page asks anything', async () => {
    await configure('wrong-key');
    await pageLooksUp(4);
    const gmail = 'https://mail.google.com/mail/u/0/';
    // The browser clears a tab's badge when it loads a page.
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, { url: gmail } as never);
    await fakeBrowser.action.setBadgeText({ tabId: 4, text: null as unknown as string });
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'complete' }, { url: gmail } as never);
    await health.idle();
    expect(await readLookupProblem(4)).toEqual({ problem: 'key_refused', service: new URL(standIn.baseUrl).origin });
    expect(await badge(4)).toBe('off');
    expect(await title(4)).toBe('Primer: the service refused the API key — open Primer’s options to enter a valid key');
    // A tab with nothing wrong gets nothing (not even an old page's layout report).
    await pageStatusHandlers()['page.status']({ page: 'p1', site: 'gmail', recognised: false, people: 0, known: 0, views: [] }, { sender: 'content', tabId: 5 });
    await fakeBrowser.action.setBadgeText({ tabId: 5, text: null as unknown as string });
    await fakeBrowser.tabs.onUpdated.trigger(5, { status: 'complete' }, { url: gmail } as never);
    await health.idle();
    expect(await badge(5)).toBe('');
  });

  it('a page that asks again the moment a save is stored is answered, and speaks, for the new settings', async () => {
    // As a page's content script does (lib/content/runtime.ts): it asks again as soon as it sees
    // the save in storage, which is before the background has finished saving.
    const askOnSave = () => {
      let asked: ReturnType<typeof send<'people.find'>> | null = null;
      const unwatch = watchSettings(() => {
        asked ??= send('people.find', { people: [{ email: 'maya.chen@example.com' }] }, tab(4));
      });
      return async () => {
        unwatch();
        if (!asked) throw new Error('the save was not seen');
        const reply = await asked;
        await health.idle();
        return reply;
      };
    };
    await configure('wrong-key');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    // The right key saved: the page's people are found with it, not refused with the old one.
    let answered = askOnSave();
    await configure();
    expect(await answered()).toMatchObject({ ok: true, data: [{ contact: { email: 'maya.chen@example.com' } }] });
    expect(await badge(4)).toBe('');
    // A wrong key saved: refused at once, with the new key, and said on the button.
    answered = askOnSave();
    await configure('wrong-key');
    expect(await answered()).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await badge(4)).toBe('off');
  });

  it('a batch begun before a settings change does not speak for the new settings', async () => {
    const report = health.begin(4);
    await health.forgetAll();
    await report({ failures: [new ApiError('unauthorized', 'no')], answered: false }, standIn.baseUrl);
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
  });
});

describe('a batch that ends after its tab has left', () => {
  it('does not mark the page the tab went on to, nor a closed tab', async () => {
    const leaving = health.begin(4);
    const closing = health.begin(5);
    // The tab goes to another site (its URL not shown to Primer), the other closes, while their batches wait on the service.
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, {} as never);
    await fakeBrowser.tabs.onRemoved.trigger(5, { windowId: 1, isWindowClosing: false });
    await leaving({ failures: [new ApiError('unauthorized', 'no')], answered: false }, standIn.baseUrl);
    await closing({ failures: [new ApiError('unauthorized', 'no')], answered: false }, standIn.baseUrl);
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
    expect(await readLookupProblem(5)).toBeNull();
  });

  it('still speaks for a tab that reloaded the same site meanwhile', async () => {
    const report = health.begin(4);
    const gmail = 'https://mail.google.com/mail/u/0/';
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, { url: gmail } as never);
    await report({ failures: [new ApiError('unauthorized', 'no')], answered: false }, standIn.baseUrl);
    expect(await badge(4)).toBe('off');
  });
});

describe('a page report racing the tab leaving', () => {
  it('does not put back the badge of the page that is gone', async () => {
    await configure('wrong-key');
    await pageLooksUp(4);
    expect(await badge(4)).toBe('off');
    // The old page's self-check reads the tab's records just before the tab goes to another site,
    // and the read is slow to come back.
    const get = fakeBrowser.storage.session.get.bind(fakeBrowser.storage.session);
    let release = () => undefined as void;
    let read = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    vi.spyOn(fakeBrowser.storage.session, 'get').mockImplementationOnce((async (keys: never) => {
      const records = await get(keys);
      read();
      await held;
      return records;
    }) as never);
    const reported = pageStatusHandlers()['page.status']({ page: 'p1', site: 'gmail', recognised: true, people: 0, known: 0, views: [] }, { sender: 'content', tabId: 4 });
    await wasRead;
    await fakeBrowser.tabs.onUpdated.trigger(4, { status: 'loading' }, {} as never);
    // The tab's record is forgotten (and its badge cleared) while the read is out.
    await vi.waitFor(async () => expect(await readLookupProblem(4)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await reported;
    await health.idle();
    expect(await badge(4)).toBe('');
    expect(await readLookupProblem(4)).toBeNull();
  });
});
