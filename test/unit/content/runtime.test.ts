import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS, LAYOUT_WAIT_DELAY_MS } from '@/lib/content/observer';
import { CONTACT_MS, FAILED_RETRY_MS, WHOLE_FAILURE_MS } from '@/lib/content/lookup';
import { startPrimer } from '@/lib/content/runtime';
import { RETRY_GAP_MS } from '@/lib/content/recovery';
import { QUIET_MS, SETTLE_MS } from '@/lib/content/self-check';
import { fakeAdapter } from './fake-adapter';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { announceServiceAccess } from '@/lib/storage/service-access';
import { PAGE_CONTEXT_REQUEST } from '@/lib/messaging/envelope';

// The browser's own page transitions are trusted; happy-dom marks no event so.
vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

const adapter = fakeAdapter({ ownAddresses: () => ['me@example.com'] });

interface Envelope { type: string; payload: { people?: { email?: string }[] } }

describe('startPrimer', () => {
  let ctx: ContentScriptContext;
  let messages: Envelope[];
  let dropPort: () => void = () => undefined;
  /** Addresses the fake background answers as "could not be looked up" (a rate limit, a timeout). */
  let failing: Set<string>;
  /** While true, every people.find message fails as a whole (the service or the background down). */
  let down: boolean;

  beforeEach(() => {
    vi.useFakeTimers();
    messages = [];
    failing = new Set();
    down = false;
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="me@example.com">Me</span></div>';
    // Content scripts talk over one port (lib/messaging/port.ts): a fake one answers like the background.
    const answer = (envelope: Envelope) => {
      messages.push(envelope);
      if (envelope.type === 'people.find') {
        if (down) return { ok: false, error: { kind: 'network', message: 'The service could not be reached.', status: null, code: null, retryAfterMs: null } };
        return {
          ok: true,
          data: envelope.payload.people!.map((p) =>
            failing.has(p.email!) ? 'failed' : p.email === 'maya@example.com' || p.email === 'alias@work.example' ? { contact: { id: p.email, name: 'Known', email: p.email, company: null, title: null }, matchedBy: 'email' } : null,
          ),
        };
      }
      return { ok: true, data: { recorded: true } };
    };
    let deliver: (message: unknown) => void = () => undefined;
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
      // As in Chrome once the extension was updated or reloaded under the page.
      if (!fakeBrowser.runtime.id) throw new Error('Extension context invalidated.');
      return {
          name: 'primer-content',
          postMessage: (request: { id: number; message: Envelope }) => {
            const reply = answer(request.message);
            queueMicrotask(() => deliver({ id: request.id, reply }));
          },
          disconnect: () => undefined,
          onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
          onDisconnect: { addListener: (listener: () => void) => void (dropPort = listener) },
        } as never;
    });
    ctx = new ContentScriptContext('test');
  });
  const extensionId = fakeBrowser.runtime.id;
  afterEach(() => {
    // fakeBrowser.reset() does not give it back.
    fakeBrowser.runtime.id = extensionId;
    ctx.notifyInvalidated();
    // The sender keeps its port between tests: close it, as a stopped background would.
    dropPort();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settle = async (ms = BATCH_DELAY_MS) => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
  };
  const markers = () => document.querySelectorAll('[data-primer-marker]').length;

  it('marks known people on start and on changes, never asking about the user', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(1);
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual([{ email: 'maya@example.com' }]);

    const more = document.createElement('div');
    more.className = 's';
    more.innerHTML = '<span data-mail="maya@example.com">Maya again</span>';
    document.body.append(more);
    await settle();
    expect(markers()).toBe(2);
    // Maya was known already: no second question.
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(1);
  });

  it('takes away what an earlier copy of itself left (Firefox injects it again on an update, without the old one’s clean-up)', async () => {
    const maya = document.querySelector('[data-mail="maya@example.com"]')!;
    maya.insertAdjacentHTML('beforeend', '<primer-mark data-primer-marker="email" tabindex="0" role="button" aria-label="Primer briefing: Maya"></primer-mark>');
    document.body.insertAdjacentHTML('beforeend', '<primer-hover-card style="position: fixed"></primer-hover-card><primer-key-hint id="primer-card-key-hint">Press Alt+Down</primer-key-hint>');
    await startPrimer(ctx, adapter);
    await settle();
    // One dot for Maya: this copy's.
    expect(markers()).toBe(1);
    expect(document.querySelector('primer-hover-card')).toBeNull();
    expect(document.querySelector('primer-key-hint')).toBeNull();
  });

  it('leaves out the addresses the user set as their own in the options, at once', async () => {
    document.body.innerHTML =
      '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="me@example.com">Me</span><span data-mail="alias@work.example">Alias</span></div>';
    await startPrimer(ctx, adapter);
    await settle();
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual([{ email: 'maya@example.com' }, { email: 'alias@work.example' }]);
    expect(markers()).toBe(2);
    // Saved in the options (with other spacing and case): the page is read again without it.
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, ownAddresses: ['  Alias@Work.example '] });
    await settle();
    expect(markers()).toBe(1);
    expect(document.querySelector('[data-mail="alias@work.example"] [data-primer-marker]')).toBeNull();
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(2);
  });

  it('leaves out an own address typed with its domain in its own script (the page shows its ASCII form)', async () => {
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="max@xn--mller-kva.de">Max</span></div>';
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, ownAddresses: [' Max@Müller.de'] });
    await startPrimer(ctx, adapter);
    await settle();
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual([{ email: 'maya@example.com' }]);
  });

  it('reads the user’s own address again on each scan until the site has shown it, then leaves it for a while', async () => {
    // The account button comes after the first scan (Gmail and Outlook build it after document_idle).
    const ownAddresses = vi.fn((doc: Document) => (doc.querySelector('#account') ? ['alias@work.example'] : []));
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
    await startPrimer(ctx, fakeAdapter({ ownAddresses }));
    await settle();
    expect(markers()).toBe(1);
    const account = document.createElement('div');
    account.id = 'account';
    document.body.append(account);
    const thread = document.createElement('div');
    thread.className = 's';
    thread.innerHTML = '<span data-mail="alias@work.example">Me</span><span data-mail="maya@example.com">Maya</span>';
    document.body.append(thread);
    await settle();
    // The user is neither asked about nor marked.
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual([{ email: 'maya@example.com' }]);
    expect(thread.querySelector('[data-mail="alias@work.example"] [data-primer-marker]')).toBeNull();
    expect(markers()).toBe(2);
    // Found: later scans within the half minute do not read it again.
    const reads = ownAddresses.mock.calls.length;
    const more = document.createElement('div');
    more.className = 's';
    more.innerHTML = '<span data-mail="maya@example.com">Maya</span>';
    document.body.append(more);
    await settle();
    expect(markers()).toBe(3);
    expect(ownAddresses.mock.calls.length).toBe(reads);
  });

  it('takes the user’s mark down from what was read before their address was found (the account button came late)', async () => {
    const ownAddresses = (doc: Document) => (doc.querySelector('#account') ? ['alias@work.example'] : []);
    document.body.innerHTML = '<div class="s"><span data-mail="alias@work.example">Me</span><span data-mail="maya@example.com">Maya</span></div>';
    await startPrimer(ctx, fakeAdapter({ ownAddresses }));
    await settle();
    // Not known yet as the user's: marked (the service knows the address).
    expect(document.querySelector('[data-mail="alias@work.example"] [data-primer-marker]')).not.toBeNull();
    // The account button arrives somewhere else on the page: that thread is not touched, yet it is read again.
    const account = document.createElement('div');
    account.id = 'account';
    const elsewhere = document.createElement('div');
    elsewhere.className = 's';
    elsewhere.innerHTML = '<span data-mail="maya@example.com">Maya</span>';
    document.body.append(account, elsewhere);
    await settle();
    expect(document.querySelector('[data-mail="alias@work.example"] [data-primer-marker]')).toBeNull();
    expect(markers()).toBe(2);
  });

  it('keeps the user’s own address found before when a later read finds nothing (the account button redrawn)', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    document.body.innerHTML = '<div id="account"></div><div class="s"><span data-mail="maya@example.com">Maya</span></div>';
    await startPrimer(ctx, fakeAdapter({ ownAddresses: (doc) => (doc.querySelector('#account') ? ['alias@work.example'] : []) }));
    await settle();
    document.querySelector('#account')!.remove();
    now += 60_000;
    const thread = document.createElement('div');
    thread.className = 's';
    thread.innerHTML = '<span data-mail="alias@work.example">Me</span>';
    document.body.append(thread);
    await settle();
    expect(messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people)).toEqual([{ email: 'maya@example.com' }]);
    expect(markers()).toBe(1);
  });

  // Outlook's pop-out (about:blank, drawn into by the Outlook page that opened it) shows only the
  // message: the account button, and so the user's address, is on the opener's page.
  it.each([
    ['a pop-out the site drew into leaves out the user its opener’s account button shows', 'about:blank', false, false],
    ['a pop-out whose opener is now another site (reading it throws) asks about the user', 'about:blank', true, true],
    ['a page of its own never reads the page that opened it', 'https://outlook.office.com/mail/', false, true],
  ])('%s', async (_what, href, crossOrigin, askedAboutUser) => {
    vi.stubGlobal('location', new URL(href));
    const shown = document.implementation.createHTMLDocument();
    shown.body.innerHTML = '<div id="account"></div>';
    const read = vi.fn(() => {
      if (crossOrigin) throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      return shown;
    });
    vi.stubGlobal('opener', { get document() { return read(); } });
    document.body.innerHTML = '<div class="s"><span data-mail="alias@work.example">Me</span><span data-mail="maya@example.com">Maya</span></div>';
    await startPrimer(ctx, fakeAdapter({ ownAddresses: (doc) => (doc.querySelector('#account') ? ['alias@work.example'] : []) }));
    await settle();
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual(askedAboutUser ? [{ email: 'alias@work.example' }, { email: 'maya@example.com' }] : [{ email: 'maya@example.com' }]);
    expect(document.querySelector('[data-mail="alias@work.example"] [data-primer-marker]') !== null).toBe(askedAboutUser);
    if (href.startsWith('https:')) expect(read).not.toHaveBeenCalled();
  });

  it('asks again about a person whose lookup failed on a scan a minute later (not on every change), marking the rest at once', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="alias@work.example">Alias</span></div>';
    failing.add('maya@example.com');
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(1);
    expect(document.querySelector('[data-mail="alias@work.example"] [data-primer-marker]')).not.toBeNull();
    failing.clear();
    const addMaya = (text: string) => {
      const more = document.createElement('div');
      more.className = 's';
      more.innerHTML = `<span data-mail="maya@example.com">${text}</span>`;
      document.body.append(more);
    };
    const asked = () => messages.filter((m) => m.type === 'people.find').map((m) => m.payload.people);
    // A change soon after: not asked again yet (a rate-limited service is left alone).
    now += FAILED_RETRY_MS - 1;
    addMaya('Maya again');
    await settle();
    expect(asked()).toEqual([[{ email: 'maya@example.com' }, { email: 'alias@work.example' }]]);
    expect(document.querySelector('.s:last-child [data-primer-marker]')).toBeNull();
    now += 1;
    addMaya('Maya once more');
    await settle();
    expect(asked()).toEqual([[{ email: 'maya@example.com' }, { email: 'alias@work.example' }], [{ email: 'maya@example.com' }]]);
    expect(document.querySelector('.s:last-child [data-primer-marker]')).not.toBeNull();
  });

  it('puts back a marker the site removed (its renderer dropping children it did not make), without asking again', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(1);
    document.querySelector('[data-primer-marker]')!.remove();
    expect(markers()).toBe(0);
    await settle();
    expect(markers()).toBe(1);
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(1);
  });

  it('reports the page status once settled', async () => {
    await startPrimer(ctx, adapter);
    await settle(SETTLE_MS);
    expect(messages.find((m) => m.type === 'page.status')?.payload).toMatchObject({ site: 'gmail', recognised: true, people: 1, known: 1 });
  });

  // The test DOM has no PageTransitionEvent: an event with its one field.
  const pageTransition = (type: 'pagehide' | 'pageshow', persisted: boolean) => Object.assign(new Event(type), { persisted });

  it('tells the background when the page goes, and reports again when it is shown from the back/forward cache', async () => {
    await startPrimer(ctx, adapter);
    await settle(SETTLE_MS);
    const statuses = () => messages.filter((m) => m.type === 'page.status').map((m) => m.payload);
    expect(statuses()).toHaveLength(1);
    const before = Date.now();
    window.dispatchEvent(pageTransition('pagehide', true));
    await settle(0);
    const left = messages.filter((m) => m.type === 'page.left');
    expect(left).toHaveLength(1);
    expect((left[0]!.payload as unknown as { at: number }).at).toBeGreaterThanOrEqual(before);
    // Shown again unchanged: the same report goes out, the background having forgotten the first.
    window.dispatchEvent(pageTransition('pageshow', true));
    await settle(0);
    expect(statuses()).toHaveLength(2);
    expect(statuses()[1]).toEqual(statuses()[0]);
    // A first load's pageshow is no news.
    window.dispatchEvent(pageTransition('pageshow', false));
    await settle(0);
    expect(statuses()).toHaveLength(2);
  });

  it('reads, asks and reports nothing while the page is prerendered, and starts once it is shown', async () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    try {
      const started = startPrimer(ctx, adapter);
      await settle(SETTLE_MS);
      expect(messages).toEqual([]);
      expect(markers()).toBe(0);
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
      document.dispatchEvent(new Event('prerenderingchange'));
      await started;
      await settle();
      expect(markers()).toBe(1);
      expect(messages.map((m) => m.type)).toContain('people.find');
    } finally {
      delete (document as { prerendering?: boolean }).prerendering;
    }
  });

  it('tells the panel what the badge says: a page that lists no one by design is recognised, a view whose list shows no one read is not', async () => {
    const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
    const ask = async () => {
      const answers: { recognised?: boolean }[] = [];
      // Answered through sendResponse at once: the listener itself returns false (no async answer).
      expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, (answer: { recognised?: boolean }) => void answers.push(answer))).toEqual([false]);
      return answers[0]?.recognised;
    };
    // Settings: none of the app's anchors, and no one to find there.
    document.body.innerHTML = '<div class="settings">General</div>';
    await startPrimer(ctx, fakeAdapter({ recognise: () => false, peopleless: () => true }));
    await settle(SETTLE_MS);
    expect(await ask()).toBe(true);
    ctx.notifyInvalidated();
    ctx = new ContentScriptContext('test');
    // The frame is there, and so is a list of people, but nobody was read from it.
    document.body.innerHTML = '<div class="list"><div class="row">?</div></div>';
    await startPrimer(ctx, fakeAdapter({ recognise: () => true, expectsPeople: () => true }));
    await settle(SETTLE_MS);
    expect(await ask()).toBe(false);
  });

  it('clears "not recognised" when the app shell arrives late, though nothing in it is a surface yet', async () => {
    const recognise = vi.fn((doc: Document) => doc.querySelector('.app-shell') !== null);
    const lateShell = fakeAdapter({ recognise });
    document.body.innerHTML = '<div class="loading">Loading…</div>';
    await startPrimer(ctx, lateShell);
    await settle(SETTLE_MS);
    const statuses = () => messages.filter((m) => m.type === 'page.status').map((m) => (m.payload as { recognised?: boolean }).recognised);
    expect(statuses()).toEqual([false]);
    // The shell comes in (no surface, so no lookups): the page is checked again, within a second, and says so.
    const shell = document.createElement('div');
    shell.className = 'app-shell';
    document.body.append(shell);
    await settle(BATCH_DELAY_MS);
    expect(statuses()).toEqual([false]);
    await settle(LAYOUT_WAIT_DELAY_MS);
    expect(statuses()).toEqual([false, true]);
    // Recognised now: changes outside surfaces no longer make batches (no check of the layout).
    const checks = recognise.mock.calls.length;
    for (let i = 0; i < 5; i++) document.body.append(document.createElement('div'));
    await settle(LAYOUT_WAIT_DELAY_MS * 2);
    expect(recognise.mock.calls.length).toBe(checks);
  });

  it('does not call a slow page unrecognised while its loader runs: checked once the app has rendered and the page is quiet', async () => {
    const slowApp = fakeAdapter({ recognise: (doc) => doc.querySelector('.app-shell') !== null });
    document.body.innerHTML = '<div class="loading"><div class="bar" style="width: 0%"></div></div>';
    await startPrimer(ctx, slowApp);
    const statuses = () => messages.filter((m) => m.type === 'page.status').map((m) => (m.payload as { recognised?: boolean }).recognised);
    // The loader's bar moves every half second; the app renders at 7 s.
    const bar = document.querySelector<HTMLElement>('.bar')!;
    for (let at = 500; at < 7000; at += 500) {
      await vi.advanceTimersByTimeAsync(500);
      bar.style.width = `${String(at / 70)}%`;
    }
    await vi.advanceTimersByTimeAsync(500);
    document.body.innerHTML = '<div class="app-shell"></div>';
    await settle(QUIET_MS - BATCH_DELAY_MS);
    expect(statuses()).toEqual([]);
    await settle(BATCH_DELAY_MS);
    expect(statuses()).toEqual([true]);
  });

  it('checks a page that stays unrecognised at most once a second, however busy it is', async () => {
    const recognise = vi.fn(() => false);
    await startPrimer(ctx, fakeAdapter({ recognise }));
    await settle(SETTLE_MS);
    const checks = recognise.mock.calls.length;
    // Ten changes in a second: one check.
    for (let i = 0; i < 10; i++) {
      document.body.append(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(100);
    }
    await settle(0);
    expect(recognise.mock.calls.length).toBe(checks + 1);
  });

  it('leaves its marks, and the focus on them, alone when the options change something that does not concern them', async () => {
    document.body.innerHTML =
      '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="alias@work.example">Alias</span></div>';
    await startPrimer(ctx, adapter);
    await settle();
    const maya = document.querySelector('[data-mail="maya@example.com"] [data-primer-marker]') as HTMLElement;
    maya.focus();
    // Another site switched off, a domain nobody here is in excluded: nothing to redo on this page.
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, outlook: false } });
    await settle();
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, outlook: false }, excludedDomains: ['elsewhere.example'] });
    await settle();
    expect(maya.isConnected).toBe(true);
    expect(document.activeElement).toBe(maya);
    expect(markers()).toBe(2);
    // A change that concerns someone here takes only their mark down; the others stay as they were.
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['work.example'] });
    await settle();
    expect(markers()).toBe(1);
    expect(maya.isConnected).toBe(true);
    expect(document.activeElement).toBe(maya);
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(2);
    expect(document.activeElement).toBe(maya);
  });

  it('follows the per-site switch live, and asks again when the service settings change', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
    await settle();
    expect(markers()).toBe(0);
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(1);
    // The save itself is not what pages go by (Chrome closes storage.local to them; in Firefox it
    // would come before the background has started over): the background's word is.
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://other.example.com' });
    await settle();
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(1);
    await fakeBrowser.storage.sync.set({ settingsSavedAt: 1 });
    await settle();
    expect(markers()).toBe(1);
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(2);
  });

  it('asks again once per change the background announces, a policy’s included, never on the policy itself', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    const finds = () => messages.filter((m) => m.type === 'people.find').length;
    expect(finds()).toBe(1);
    // The background hears the policy, starts over if it changed the service, then says so.
    await fakeBrowser.storage.managed.set({ apiKey: 'policy-key' });
    await settle();
    expect(finds()).toBe(1);
    await fakeBrowser.storage.sync.set({ settingsSavedAt: 2 });
    await settle();
    expect(finds()).toBe(2);
    expect(markers()).toBe(1);
    // Preferences synced from another browser are not a settings change.
    await fakeBrowser.storage.sync.set({ somethingElse: true });
    await settle();
    expect(finds()).toBe(2);
  });

  it('asks again about a contact it found an hour later, on a later scan', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    await startPrimer(ctx, adapter);
    await settle();
    const asked = () => messages.filter((m) => m.type === 'people.find').map((m) => m.payload.people);
    now += CONTACT_MS;
    addPerson('maya@example.com');
    await settle();
    expect(asked()).toEqual([[{ email: 'maya@example.com' }], [{ email: 'maya@example.com' }]]);
    expect(markers()).toBe(2);
  });

  /** Primer updated or reloaded: this page's copy is cut off (Chrome: runtime.id is gone). */
  const updateExtension = () => {
    fakeBrowser.runtime.id = undefined as never;
  };
  const addPerson = (email: string) => {
    const more = document.createElement('div');
    more.className = 's';
    more.innerHTML = `<span data-mail="${email}">Someone</span>`;
    document.body.append(more);
  };

  it('takes its marks down when its port closes because the extension was updated under the page', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(1);
    updateExtension();
    dropPort();
    expect(markers()).toBe(0);
    // Nothing watches the page any more.
    const sentBefore = messages.length;
    addPerson('alias@work.example');
    await settle(SETTLE_MS);
    expect(markers()).toBe(0);
    expect(messages).toHaveLength(sentBefore);
  });

  it('keeps its marks when the port closes only because the background stopped', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    dropPort();
    expect(markers()).toBe(1);
    addPerson('alias@work.example');
    await settle();
    expect(markers()).toBe(2);
  });

  it('takes its marks down when a send finds the extension gone (the port had closed before the update)', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    // The background slept (the port closed), then Primer was updated: no port is left to close.
    dropPort();
    updateExtension();
    expect(markers()).toBe(1);
    addPerson('alias@work.example');
    await settle();
    expect(markers()).toBe(0);
  });

  it('does nothing on a switched-off site and cleans up when invalidated', async () => {
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(0);
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(1);
    ctx.notifyInvalidated();
    expect(markers()).toBe(0);
  });

  describe('after a failed lookup', () => {
    const RECOVERY_EVENTS = ['focus', 'online', 'visibilitychange'];
    /** The outage listeners (recovery.ts) on the window and the document now, by event type. */
    const watchListeners = () => {
      const spies = [window, document].flatMap((target) => [vi.spyOn(target, 'addEventListener'), vi.spyOn(target, 'removeEventListener')]);
      return () => {
        const count = new Map<string, number>();
        spies.forEach((spy, i) => {
          for (const [type] of spy.mock.calls) if (RECOVERY_EVENTS.includes(type)) count.set(type, (count.get(type) ?? 0) + (i % 2 === 0 ? 1 : -1));
        });
        return [...count].filter(([, n]) => n > 0).map(([type]) => type).sort();
      };
    };
    const finds = () => messages.filter((m) => m.type === 'people.find').map((m) => m.payload.people);
    const signs: Record<string, () => void> = {
      focus: () => window.dispatchEvent(new Event('focus')),
      online: () => window.dispatchEvent(new Event('online')),
      visibilitychange: () => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    };
    let now: number;
    beforeEach(() => {
      now = 1_000;
      vi.spyOn(performance, 'now').mockImplementation(() => now);
    });

    it.each(RECOVERY_EVENTS)('marks people whose lookup failed on "%s" once their failure is no longer remembered, not before, and then stops listening', async (event) => {
      const listening = watchListeners();
      failing.add('maya@example.com');
      await startPrimer(ctx, adapter);
      await settle();
      expect(markers()).toBe(0);
      expect(listening()).toEqual(RECOVERY_EVENTS);
      failing.clear();
      // The service is back, but a rate-limited service is not asked again within the minute.
      now += FAILED_RETRY_MS - 1;
      signs[event]!();
      await settle();
      expect(finds()).toHaveLength(1);
      expect(markers()).toBe(0);
      now += 1;
      signs[event]!();
      await settle();
      expect(finds()).toEqual([[{ email: 'maya@example.com' }], [{ email: 'maya@example.com' }]]);
      expect(markers()).toBe(1);
      expect(listening()).toEqual([]);
    });

    it('asks again at once about the people it could not look up when access to the service is granted, in a hidden tab too', async () => {
      failing.add('maya@example.com');
      await startPrimer(ctx, adapter);
      await settle();
      expect(markers()).toBe(0);
      failing.clear();
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      // Well within the minute a failure is remembered: the background says access was granted.
      now += 1_000;
      await announceServiceAccess();
      await settle();
      expect(finds()).toEqual([[{ email: 'maya@example.com' }], [{ email: 'maya@example.com' }]]);
      expect(markers()).toBe(1);
      // Nothing failed any more: another grant asks nothing.
      await announceServiceAccess();
      await settle();
      expect(finds()).toHaveLength(2);
    });

    it('adds no listener when every lookup succeeded', async () => {
      const listening = watchListeners();
      await startPrimer(ctx, adapter);
      await settle();
      expect(markers()).toBe(1);
      const adds = [window, document].map((target) => vi.mocked(target.addEventListener).mock.calls.filter(([type]) => RECOVERY_EVENTS.includes(type)));
      expect(adds).toEqual([[], []]);
      expect(listening()).toEqual([]);
    });

    it('asks again after a wholly failed message once a moment has passed, not on every change of the page meanwhile, at most every few seconds however often the window is focused; not while the tab is hidden', async () => {
      down = true;
      await startPrimer(ctx, adapter);
      await settle();
      expect(finds()).toHaveLength(1);
      // The page changes meanwhile (no settings, a refused key: each change was a message, and a call refused).
      for (let i = 0; i < 4; i++) {
        document.querySelector('.s')!.append(document.createElement('i'));
        now += WHOLE_FAILURE_MS / 5;
        await settle();
      }
      expect(finds()).toHaveLength(1);
      now += WHOLE_FAILURE_MS / 5;
      // Online again in a hidden tab: nothing yet (the tab shown is the time).
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      signs.online!();
      await settle();
      expect(finds()).toHaveLength(1);
      visibility.mockReturnValue('visible');
      signs.visibilitychange!();
      await settle();
      expect(finds()).toHaveLength(2);
      for (let i = 0; i < 4; i++) {
        now += RETRY_GAP_MS / 5;
        signs.focus!();
        await settle();
      }
      expect(finds()).toHaveLength(2);
      down = false;
      now += RETRY_GAP_MS / 5;
      signs.focus!();
      await settle();
      expect(finds()).toHaveLength(3);
      expect(markers()).toBe(1);
    });

    it('reads again only the surfaces that hold people whose lookup failed', async () => {
      document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div><div class="s"><span data-mail="bo@example.com">Bo</span></div>';
      failing.add('bo@example.com');
      const readSurface = vi.fn(adapter.readSurface);
      await startPrimer(ctx, { ...adapter, readSurface });
      await settle();
      expect(readSurface.mock.calls.map(([root]) => root.textContent)).toEqual(['Maya', 'Bo']);
      now += FAILED_RETRY_MS;
      signs.focus!();
      await settle();
      expect(readSurface.mock.calls.map(([root]) => root.textContent)).toEqual(['Maya', 'Bo', 'Bo']);
      expect(finds()).toEqual([[{ email: 'maya@example.com' }, { email: 'bo@example.com' }], [{ email: 'bo@example.com' }]]);
    });

    it('stops listening when the view with the failed people goes, or is hidden', async () => {
      const listening = watchListeners();
      failing.add('maya@example.com');
      await startPrimer(ctx, adapter);
      await settle();
      expect(listening()).toEqual(RECOVERY_EVENTS);
      // Gmail hides the thread it leaves.
      document.querySelector<HTMLElement>('.s')!.style.display = 'none';
      await settle();
      expect(listening()).toEqual([]);
      document.querySelector<HTMLElement>('.s')!.style.display = '';
      await settle();
      expect(listening()).toEqual(RECOVERY_EVENTS);
      document.querySelector('.s')!.remove();
      await settle();
      expect(listening()).toEqual([]);
      // Nothing failed is in view: a focus reads nothing and asks nothing.
      now += FAILED_RETRY_MS;
      signs.focus!();
      await settle();
      expect(finds()).toHaveLength(1);
    });

    it('stops listening when the site is switched off, and when the extension is updated under the page', async () => {
      const listening = watchListeners();
      failing.add('maya@example.com');
      await startPrimer(ctx, adapter);
      await settle();
      await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
      await settle();
      expect(listening()).toEqual([]);
      await preferencesItem.setValue(DEFAULT_PREFERENCES);
      await settle();
      expect(listening()).toEqual(RECOVERY_EVENTS);
      ctx.notifyInvalidated();
      expect(listening()).toEqual([]);
      failing.clear();
      now += FAILED_RETRY_MS;
      signs.focus!();
      await settle();
      // Asked once only: switched on again within the minute, the failure was still remembered.
      expect(finds()).toHaveLength(1);
      expect(markers()).toBe(0);
    });
  });
});
