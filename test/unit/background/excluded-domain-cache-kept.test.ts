// @vitest-environment node
/**
 * The user excludes a domain ("never looked up": e.g. their own company's). What Primer had already
 * fetched about people there (the lookup naming the contact: name, company, title; and their
 * briefing) does not stay at rest in storage.local until the hourly upkeep finds it 30 days old:
 * the background, watching the preferences, forgets it then (forget-excluded.ts).
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore, storageDiscoveryStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { forgetLeftOutOnChange } from '@/lib/background/forget-excluded';
import { forgetChoicesOnSwitchOff } from '@/lib/background/switched-off';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const BASE = 'https://corp.example.com';

it('forgets what it kept about people in a domain once the user excludes it', async () => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: BASE, apiKey: 'key' } as never);
  await storageDiscoveryStore.update(BASE, { contactLookup: 'email-param', contactLookupCheckedAt: Date.now() });
  const ana = { id: 'ana', name: 'Ana Ruiz', email: 'ana@partner.example', company: 'Partner Ltd', title: 'CFO' };
  const fetch = vi.fn((input: string) => {
    const path = new URL(input).pathname;
    const body = path.includes('/insights/contact/') ? { contact_id: 'ana', sensitive_topics: ['the merger'] } : { items: [ana] };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  });
  const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const panel = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };
  // The running background (entrypoints/background/index.ts) watches the preferences.
  forgetChoicesOnSwitchOff();
  forgetLeftOutOnChange(context);

  // The side panel briefed Ana.
  await broker({ primer: 1, type: 'contact.find', payload: { email: 'ana@partner.example' } }, panel);
  await broker({ primer: 1, type: 'contact.insights', payload: { contactId: 'ana', revalidate: true } }, panel);
  await context.cache.flush();
  const aboutAna = async () => Object.entries(await fakeBrowser.storage.local.get(null)).filter(([, value]) => JSON.stringify(value).includes('Ana Ruiz') || JSON.stringify(value).includes('the merger')).map(([key]) => key);
  expect(await aboutAna()).toHaveLength(2);

  // Then the user excludes partner.example in the options.
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await context.cache.flush();
  expect(await aboutAna()).toEqual([]);
});
