// @vitest-environment node
/**
 * A meeting's contact not in within MEETING_INSIGHTS_WAIT_MS comes back pending, and the panel asks
 * for it alone (contact.insights), joining the call on its way. The meeting's one bulk read of the
 * stored copies (cache.preload) already found none for it: the follow-up joins the call without
 * reading the contact's stored copy from storage again (a cold 100-person meeting on a slow
 * service, most contacts pending, would pay one storage.local read each).
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { storageCacheStore } from '@/lib/background/browser-stores';
import type { CacheStore } from '@/lib/background/cache';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { CONTACT_IDS } from '../../stand-in/sample-data';
import { SIDE_PANEL, sendAs, standInBackground } from '../support/stand-in-background';

const background = standInBackground();

it('asks storage for a pending contact’s stored copy once (the meeting’s bulk read), not again on the follow-up', async () => {
  const singleReads: string[] = [];
  const store: CacheStore = {
    ...storageCacheStore,
    get: (key) => {
      singleReads.push(key);
      return storageCacheStore.get(key);
    },
  };
  const send = sendAs(createHandlers(new ServiceContext({ cacheStore: store })), SIDE_PANEL);
  await send('settings.save', { serviceUrl: `${background.standIn.baseUrl}/api/v2/`, apiKey: background.standIn.apiKey });

  const gracePath = `/api/v2/insights/contact/${CONTACT_IDS.graceLiu}`;
  background.standIn.failNext({ path: new RegExp(`^${gracePath}$`), status: 0, delayMs: 1_000 });
  const reply = await send('contacts.insights', { contactIds: [CONTACT_IDS.mayaChen, CONTACT_IDS.graceLiu, CONTACT_IDS.tomOkafor] });
  expect(reply).toMatchObject({ ok: true, data: [{ ok: true }, { pending: true }, { ok: true }] });
  singleReads.length = 0;
  // The panel's follow-up for the pending contact.
  await send('contact.insights', { contactId: CONTACT_IDS.graceLiu, revalidate: true });
  expect(singleReads.filter((key) => key.includes('|insights|'))).toEqual([]);
}, 10_000);
