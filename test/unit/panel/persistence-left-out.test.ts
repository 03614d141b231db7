/**
 * Someone the options leave out since the panel opened (their domain excluded) is forgotten by the
 * open panel too: the background drops the saved query cache, and the panel, which still held their
 * lookup, briefing and recordings in memory, must not write them back with its next save. Everyone
 * else's answers stay saved.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startPanelCache } from '@/components/panel/data/persistence';
import { keys } from '@/components/panel/data/keys';
import { leftOutPerson } from '@/lib/panel/left-out';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { insights, match, reply } from './fixtures';

const atOnce = (task: () => void) => {
  task();
  return () => undefined;
};

async function savedText(): Promise<string> {
  const stored = (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY];
  return typeof stored === 'string' ? stored : '';
}

/**
 * The user excludes Maya's domain and the background drops the saved cache (forget-excluded.ts);
 * then the panel saves again (another answer comes in, or it is closed).
 */
async function excludePartnerThenSaveAgain(client: QueryClient): Promise<void> {
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await fakeBrowser.storage.local.remove(PANEL_CACHE_KEY);
  await new Promise((resolve) => setTimeout(resolve, 20));
  client.setQueryData(keys.insights('a'), reply(insights({ contactId: 'a', preferredTone: 'Brief and direct' })), { updatedAt: Date.now() });
  await vi.waitFor(async () => expect(await savedText()).toContain('Brief and direct'), { timeout: 2_000 });
}

it('does not save back the lookup, briefing or recordings of someone left out while it is open', async () => {
  const client = new QueryClient();
  await startPanelCache(client, Promise.resolve(null), atOnce);
  const now = Date.now();
  client.setQueryData(keys.contact({ email: 'maya@partner.example' }), match('m', 'Maya Chen', 'maya@partner.example'), { updatedAt: now });
  client.setQueryData(keys.insights('m'), reply(insights({ contactId: 'm', preferredTone: 'Warm and candid' })), { updatedAt: now });
  client.setQueryData(keys.recordings('m'), { pages: [], pageParams: [0] }, { updatedAt: now });
  client.setQueryData(keys.contact({ email: 'ann@kept.example' }), match('a', 'Ann Lee', 'ann@kept.example'), { updatedAt: now });
  client.setQueryData(keys.insights('a'), reply(insights({ contactId: 'a', preferredTone: 'Brief' })), { updatedAt: now });
  await vi.waitFor(async () => expect(await savedText()).toContain('Warm and candid'));

  await excludePartnerThenSaveAgain(client);

  const saved = await savedText();
  expect(saved).not.toContain('maya@partner.example');
  expect(saved).not.toContain('Warm and candid');
  expect(saved).not.toContain('"recordings","m"');
  expect(client.getQueryData(keys.insights('m'))).toBeUndefined();
  expect(client.getQueryData(keys.contact({ email: 'maya@partner.example' }))).toBeUndefined();
  expect(saved).toContain('ann@kept.example');
});

it('does not save the answers a view still shows of someone left out, though it keeps them for that view', async () => {
  const client = new QueryClient();
  await startPanelCache(client, Promise.resolve(null), atOnce);
  client.setQueryData(keys.insights('m'), reply(insights({ contactId: 'm', preferredTone: 'Warm and candid' })), { updatedAt: Date.now() });
  client.setQueryData(keys.contact({ email: 'maya@partner.example' }), match('m', 'Maya Chen', 'maya@partner.example'), { updatedAt: Date.now() });
  // The panel is on Maya: her briefing's view observes both answers.
  const views = [keys.contact({ email: 'maya@partner.example' }), keys.insights('m')].map((queryKey) => new QueryObserver(client, { queryKey, enabled: false }));
  const stops = views.map((view) => view.subscribe(() => undefined));
  await vi.waitFor(async () => expect(await savedText()).toContain('Warm and candid'));

  await excludePartnerThenSaveAgain(client);

  expect(await savedText()).not.toContain('Warm and candid');
  expect(await savedText()).not.toContain('maya@partner.example');
  expect(client.getQueryData(keys.insights('m'))).toBeDefined();
  stops.forEach((stop) => stop());
});

// The views brief by the address shown (PersonBriefing: leftOutPerson(person.email, match)): Maya,
// shown as maya@gmail.com, is briefed though her contact's own address is in the excluded domain,
// and her briefing is saved (it paints at once, and offline, on the next opening).
it('saves the briefing it shows of someone shown under an address the options do not leave out', async () => {
  const preferences = { ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] };
  await preferencesItem.setValue(preferences);
  const maya = match('m', 'Maya Chen', 'maya@partner.example');
  // The panel's view briefs her: the address shown decides.
  expect(leftOutPerson('maya@gmail.com', maya, preferences)).toBeNull();

  const client = new QueryClient();
  await startPanelCache(client, Promise.resolve(null), atOnce);
  await new Promise((resolve) => setTimeout(resolve, 20));
  client.setQueryData(keys.contact({ email: 'maya@gmail.com' }), maya, { updatedAt: Date.now() });
  client.setQueryData(keys.insights('m'), reply(insights({ contactId: 'm', preferredTone: 'Warm and candid' })), { updatedAt: Date.now() });
  client.setQueryData(keys.insights('a'), reply(insights({ contactId: 'a', preferredTone: 'Brief' })), { updatedAt: Date.now() });
  await vi.waitFor(async () => expect(await savedText()).toContain('Brief'), { timeout: 2_000 });

  expect(await savedText()).toContain('Warm and candid');
});
