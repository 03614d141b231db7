/**
 * The panel briefs a person by the address the page showed (PersonBriefing: leftOutPerson(
 * person.email, match)): Maya, shown as maya@gmail.com, is briefed although the contact the
 * service found has her work address in a domain the user excluded. Its saves judge the same way:
 * the briefing it shows is saved, and paints at once (and offline) on the next opening.
 */
import { QueryClient } from '@tanstack/react-query';
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
