import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyContactIds, publishEarlyStart, SAVED_COPY_WAIT_MS, savedCopySettled, savedInsightIds, takeEarlyStart, type EarlyInsights } from '@/components/panel/data/early-start';
import { insightsMessages } from '@/components/panel/data/insights-message';
import type { RawTarget } from '@/lib/panel/target-read';
import { panelTargetFrom } from '@/lib/panel/target';
import { fakeBackground, sent } from '../support/fake-background';
import { insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const raw = (patch: Partial<RawTarget>): RawTarget => ({ tabId: 3, focus: undefined, status: undefined, shown: new Set(), page: Promise.resolve(null), ...patch });
const maya = match('m', 'Maya Chen', 'maya@example.com');
const tom = match('t', 'Tom Okafor', 'tom@example.com');

describe('what the start-up script asks for', () => {
  it('takes the chosen person, or the chosen meeting’s known people once each', async () => {
    expect(await earlyContactIds(raw({ focus: { kind: 'person', match: maya } }))).toEqual(['m']);
    const meeting = surface([pagePerson('Maya', 'maya@example.com', maya), pagePerson('New', 'new@example.com', null), pagePerson('Tom', 'tom@example.com', tom), pagePerson('Maya', null, maya)]);
    expect(await earlyContactIds(raw({ focus: { kind: 'surface', surface: meeting } }))).toEqual(['m', 't']);
  });

  it('else takes the page’s first surface with people that is not a list, as the panel briefs it', async () => {
    const page = {
      site: 'gmail',
      recognised: true,
      surfaces: [surface([pagePerson('Tom', 'tom@example.com', tom)], { kind: 'list' }), surface([pagePerson('Maya', 'maya@example.com', maya)], { kind: 'thread' })],
    };
    const target = raw({ page: Promise.resolve(page), shown: new Set(['t', 'm']) });
    expect(await earlyContactIds(target)).toEqual(['m']);
    // The same person the checked target briefs.
    const checked = await panelTargetFrom(target);
    expect(checked.page?.surfaces[1]?.people[0]?.match?.contact.id).toBe('m');
    // A contact the page's lookups were never given is not asked for (lib/panel/shown-matches.ts).
    expect(await earlyContactIds({ ...target, shown: new Set(['t']) })).toEqual([]);
  });

  it('asks for nothing when the page is not recognised, there is no tab, or what was read is not what Primer writes', async () => {
    expect(await earlyContactIds(raw({ page: Promise.resolve({ recognised: false, surfaces: [surface([pagePerson('Maya', null, maya)])] }) }))).toEqual([]);
    expect(await earlyContactIds(raw({ tabId: null }))).toEqual([]);
    expect(await earlyContactIds(raw({ focus: { kind: 'person', match: { contact: { id: 42 } } } }))).toEqual([]);
    expect(await earlyContactIds(raw({ focus: 'nonsense', page: Promise.resolve([1, 2]) }))).toEqual([]);
  });

  it('leaves out contacts whose insights the saved cache holds', () => {
    const client = new QueryClient();
    client.setQueryData(['insights', 'm'], reply(insights({ contactId: 'm' })));
    client.setQueryData(['contact', 'email:tom@example.com'], tom);
    const saved = JSON.stringify({ timestamp: 1, buster: 'v1', clientState: dehydrate(client) });
    expect([...savedInsightIds(saved)]).toEqual(['m']);
    expect(savedInsightIds('{not json').size).toBe(0);
    expect(savedInsightIds(null).size).toBe(0);
    expect(savedInsightIds(JSON.stringify({ clientState: { queries: 'no' } })).size).toBe(0);
  });

  it('asks for one contact alone (revalidated) and for several in one message', () => {
    expect(insightsMessages(['m', 'm'])).toEqual([{ type: 'contact.insights', contactIds: ['m'], payload: { contactId: 'm', revalidate: true } }]);
    const many = insightsMessages(Array.from({ length: 150 }, (_, i) => `c${i}`));
    expect(many.map((message) => [message.type, message.contactIds.length])).toEqual([['contacts.insights', 100], ['contacts.insights', 50]]);
    expect(insightsMessages([])).toEqual([]);
  });
});

describe('handing over to the panel', () => {
  /** A hand-over whose saved copy is `savedCopy` (the rest does not matter here). */
  const withSavedCopy = (savedCopy: Promise<boolean>) =>
    publishEarlyStart({ target: Promise.resolve(raw({})), savedCache: Promise.resolve(null), savedInsights: Promise.resolve(new Set<string>()), insights: Promise.resolve([]), savedCopy });

  it('the live panel waits for the copy to be on screen, or to be known not to come, and not for long', async () => {
    takeEarlyStart();
    await expect(savedCopySettled()).resolves.toBeUndefined();
    let settle!: (value: boolean) => void;
    withSavedCopy(new Promise((resolve) => (settle = resolve)));
    let done = false;
    const waiting = savedCopySettled().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    settle(true);
    await waiting;
    vi.useFakeTimers();
    withSavedCopy(new Promise(() => undefined));
    let capped = false;
    void savedCopySettled().then(() => (capped = true));
    await vi.advanceTimersByTimeAsync(SAVED_COPY_WAIT_MS - 1);
    expect(capped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(capped).toBe(true);
    vi.useRealTimers();
    takeEarlyStart();
  });

  it('is taken once, and only when it has the expected shape', () => {
    const start = { target: Promise.resolve(raw({})), savedCache: Promise.resolve(null), savedInsights: Promise.resolve(new Set<string>()), insights: Promise.resolve([]), savedCopy: Promise.resolve(false) };
    publishEarlyStart(start);
    expect(takeEarlyStart()).toEqual(start);
    expect(takeEarlyStart()).toBeNull();
    publishEarlyStart({ ...start, insights: [] as never });
    expect(takeEarlyStart()).toBeNull();
  });
});

describe('insights the start-up script asked for', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.resetModules();
  });

  const early = (contactIds: string[], answer: Promise<unknown>): Promise<EarlyInsights[]> =>
    Promise.resolve(insightsMessages(contactIds).map((message) => ({ message, reply: answer })));

  it('are used once instead of being asked for again; later asks go to the background', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'asked again' }))) });
    const loader = await import('@/components/panel/data/insights-loader');
    const answer = [
      { ok: true, contactId: 'm', reply: reply(insights({ contactId: 'm', preferredTone: 'early' })) },
      { ok: true, contactId: 't', reply: reply(insights({ contactId: 't', preferredTone: 'early' })) },
    ];
    loader.adoptEarlyInsights(early(['m', 't'], Promise.resolve({ ok: true, data: answer })));
    expect((await loader.loadInsights('m')).insights.preferredTone).toBe('early');
    expect((await loader.loadInsights('t')).insights.preferredTone).toBe('early');
    expect(vi.mocked((await import('@/lib/messaging/send')).sendRequest)).not.toHaveBeenCalled();
    expect((await loader.loadInsights('m')).insights.preferredTone).toBe('asked again');
    expect((await loader.loadInsights('x')).insights.contactId).toBe('x');
    expect(sent('contact.insights')).toEqual([{ contactId: 'm', revalidate: true }, { contactId: 'x', revalidate: true }]);
  });

  it('are checked like any reply: a contact’s failure, a refusal, an unreadable answer and an unreachable background each fail', async () => {
    fakeBackground({});
    const loader = await import('@/components/panel/data/insights-loader');
    const failed = { ok: false, contactId: 't', error: { kind: 'rate_limited', message: 'Slow down', status: 429, code: null, retryAfterMs: 5000 } };
    loader.adoptEarlyInsights(
      Promise.all([
        early(['m', 't'], Promise.resolve({ ok: true, data: [{ ok: true, contactId: 'm', reply: reply(insights({ contactId: 'm' })) }, failed] })),
        early(['a', 'b'], Promise.resolve({ ok: false, error: { kind: 'unauthorized', message: 'No', status: 401, code: null, retryAfterMs: null } })),
        early(['c'], Promise.resolve({ ok: true, data: { insights: 'not insights' } })),
        early(['d'], Promise.reject(new Error('The message port closed before a response was received.'))),
      ]).then((lists) => lists.flat()),
    );
    expect((await loader.loadInsights('m')).insights.contactId).toBe('m');
    await expect(loader.loadInsights('t')).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 5000 });
    await expect(loader.loadInsights('a')).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(loader.loadInsights('c')).rejects.toMatchObject({ kind: 'invalid_response' });
    await expect(loader.loadInsights('d')).rejects.toMatchObject({ kind: 'network', message: expect.stringContaining('background') });
  });

  it('a contact still on its way when the background answered (pending) is asked for alone, once', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'asked alone' }))) });
    const loader = await import('@/components/panel/data/insights-loader');
    const answer = [
      { ok: true, contactId: 'm', reply: reply(insights({ contactId: 'm', preferredTone: 'early' })) },
      { ok: false, contactId: 't', pending: true },
    ];
    loader.adoptEarlyInsights(early(['m', 't'], Promise.resolve({ ok: true, data: answer })));
    expect((await loader.loadInsights('m')).insights.preferredTone).toBe('early');
    expect((await loader.loadInsights('t')).insights.preferredTone).toBe('asked alone');
    expect(sent('contact.insights')).toEqual([{ contactId: 't', revalidate: true }]);
  });

  it('are asked for again when no background listened yet (Firefox restores the sidebar before it starts its background page)', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'asked again' }))) });
    const loader = await import('@/components/panel/data/insights-loader');
    loader.adoptEarlyInsights(early(['m'], Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'))));
    expect((await loader.loadInsights('m')).insights.preferredTone).toBe('asked again');
    expect(sent('contact.insights')).toEqual([{ contactId: 'm', revalidate: true }]);
  });
});

describe('the start-up script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    takeEarlyStart();
  });

  it('reads the target and the saved cache, and asks at once for the known people the cache does not hold', async () => {
    const meeting = surface([pagePerson('Maya', 'maya@example.com', maya), pagePerson('Tom', 'tom@example.com', tom), pagePerson('New', 'new@example.com', null)]);
    const client = new QueryClient();
    client.setQueryData(['insights', 'm'], reply(insights({ contactId: 'm' })));
    const saved = JSON.stringify({ timestamp: 1, buster: 'v1', clientState: dehydrate(client) });
    const runtimeSend = vi.fn((message: unknown) => Promise.resolve({ ok: true, data: { message } }));
    const session = vi.fn((keys: string[]) => Promise.resolve(Object.fromEntries(keys.filter((key) => key === 'panelFocus:3').map((key) => [key, { kind: 'surface', surface: meeting }]))));
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', {
      tabs: { query: () => Promise.resolve([{ id: 3 }]), sendMessage: () => Promise.reject(new Error('no content script')) },
      storage: { session: { get: session }, local: { get: (key: string) => Promise.resolve({ [key]: saved }) } },
      runtime: { sendMessage: runtimeSend },
    });
    const { default: script } = await import('@/entrypoints/panel-start');
    await script.main();
    const start = takeEarlyStart();
    expect(start).not.toBeNull();
    const target = await panelTargetFrom(await start!.target, { skipPageWhenFocused: true });
    expect(target.focus).toEqual({ kind: 'surface', surface: meeting });
    expect(await start!.savedCache).toBe(saved);
    const sentEarly = await start!.insights;
    expect(sentEarly.map(({ message }) => message)).toEqual([{ type: 'contact.insights', contactIds: ['t'], payload: { contactId: 't', revalidate: true } }]);
    expect(runtimeSend).toHaveBeenCalledWith({ primer: 1, type: 'contact.insights', payload: { contactId: 't', revalidate: true } });
  });
});
