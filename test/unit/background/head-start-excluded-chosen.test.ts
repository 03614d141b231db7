// @vitest-environment node
/**
 * A person chosen on a card (panel.focus), whose domain the user excluded since. As the live panel
 * (PersonBriefing.tsx: no insights for `leftOutAs`), neither the panel's head start (Alt+Shift+P,
 * the toolbar's "Open briefing": panel-head-start.ts) nor its start-up script asks the service
 * for their briefing, which would be written back to storage.local for another 30 days: the
 * choice is forgotten when the preferences change (switched-off.ts), and the head start leaves out
 * whom the options leave out.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { panelHeadStart } from '@/lib/background/panel-head-start';
import { ServiceContext } from '@/lib/background/service-context';
import { forgetChoicesOnSwitchOff } from '@/lib/background/switched-off';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { focusKey } from '@/lib/storage/session-keys';
import { takeEarlyStart } from '@/components/panel/data/early-start';

const BASE = 'https://corp.example.com';

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlyStart();
});

it('does not fetch, nor keep, the briefing of a chosen person whose domain was excluded since', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  const asked: string[] = [];
  const fetch = vi.fn((input: string) => {
    asked.push(new URL(input).pathname);
    return Promise.resolve(new Response(JSON.stringify({ contact_id: 'ana', recent_topics: ['the merger'] }), { headers: { 'content-type': 'application/json' } }));
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  // Ana was chosen on a Gmail card in tab 3 ("Open briefing")...
  const ana = { contact: { id: 'ana', name: 'Ana Ruiz', email: 'ana@partner.example', company: null, title: null }, matchedBy: 'email' };
  await fakeBrowser.storage.session.set({ [focusKey(3)]: { kind: 'person', match: ana, chosenAt: 1 } });
  // ...then her company's domain was excluded in the options (the running background watches them).
  forgetChoicesOnSwitchOff();
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await new Promise((resolve) => setTimeout(resolve, 20));

  // The keyboard command opens the panel for tab 3: the head start reads what it will brief.
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ site: 'gmail', recognised: true, surfaces: [] } as never);
  panelHeadStart(context).tab(3);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await context.cache.flush();

  expect.soft(asked.filter((path) => path.includes('/insights/contact/'))).toEqual([]);
  const stored = Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.includes('|insights|ana'));
  expect.soft(stored).toEqual([]);
});

it('the panel’s start-up script does not ask for the briefing of a chosen person whose domain was excluded since', async () => {
  const ana = { contact: { id: 'ana', name: 'Ana Ruiz', email: 'ana@partner.example', company: null, title: null }, matchedBy: 'email' };
  await fakeBrowser.storage.session.set({ [focusKey(3)]: { kind: 'person', match: ana, chosenAt: 1 } });
  forgetChoicesOnSwitchOff();
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const sendMessage = vi.fn((message: unknown) => Promise.resolve({ ok: true, data: { message } }));
  vi.stubGlobal('browser', undefined);
  vi.stubGlobal('chrome', {
    tabs: { query: () => Promise.resolve([{ id: 3 }]), sendMessage: () => Promise.resolve({ site: 'gmail', recognised: true, surfaces: [] }) },
    storage: fakeBrowser.storage,
    runtime: { sendMessage },
  });
  const { default: script } = await import('@/entrypoints/panel-start');
  await script.main();
  await takeEarlyStart()?.insights;
  expect(sendMessage.mock.calls.map(([message]) => message)).not.toContainEqual(expect.objectContaining({ type: 'contact.insights', payload: expect.objectContaining({ contactId: 'ana' }) }));
});

it('the head start asks nothing for a person the options leave out, however they were chosen', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  const asked: string[] = [];
  const fetch = vi.fn((input: string) => {
    asked.push(new URL(input).pathname);
    return Promise.resolve(new Response(JSON.stringify({ contact_id: 'x', recent_topics: [] }), { headers: { 'content-type': 'application/json' } }));
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  const person = (id: string, email: string) => ({ contact: { id, name: null, email, company: null, title: null }, matchedBy: 'email' as const });
  // A card's "Open briefing" of a meeting: one guest left out, one not.
  panelHeadStart(context).focus({
    kind: 'surface',
    surface: {
      kind: 'event',
      title: 'Review',
      when: null,
      people: [
        { email: 'ana@partner.example', name: null, roles: ['guest'], match: person('ana', 'ana@partner.example') },
        { email: 'dan@client.example', name: null, roles: ['guest'], match: person('dan', 'dan@client.example') },
      ],
    },
  });
  await vi.waitFor(() => expect(asked).toContain('/api/v2/insights/contact/dan'));
  expect(asked).not.toContain('/api/v2/insights/contact/ana');
});
