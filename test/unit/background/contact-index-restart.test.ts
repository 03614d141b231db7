/**
 * A mid-sized account (12,000 contacts, about 2.5 MB as saved) keeps its contact index in
 * storage.local within the index's share: after a restart of the service worker (Chrome stops it
 * 30 s after its last event) the list is read back, not paged again (about 120 requests).
 */
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContactIndex } from '@/lib/api/contact-index';
import { storageIndexPersistence } from '@/lib/background/browser-stores';
import { largeAccountContacts } from '../support/storage-quota';

it('reads a mid-sized contact list from its saved copy after a worker restart, with storage.local mostly free', async () => {
  const contacts = largeAccountContacts(12_000);
  let pagedWholeList = 0;
  const listAll = () => {
    pagedWholeList += 1;
    return Promise.resolve({ contacts, complete: true });
  };
  // Nothing else in storage.local: the whole 10 MB is free.
  const bytes = Object.entries(await fakeBrowser.storage.local.get(null)).reduce((sum, [k, v]) => sum + k.length + JSON.stringify(v).length, 0);
  expect(bytes).toBeLessThan(1024);
  const first = new ContactIndex(listAll, { persistence: storageIndexPersistence('https://api.test', 'key-1') });
  expect(await first.byEmail('firstname.lastname7@company7.example')).toMatchObject([{ id: 'c-100007' }]);
  expect(pagedWholeList).toBe(1);

  // The worker restarts: a new index over the same storage.
  const second = new ContactIndex(listAll, { persistence: storageIndexPersistence('https://api.test', 'key-1') });
  expect(await second.byName('Firstname9 Lastname')).toMatchObject([{ id: 'c-100009' }]);
  expect(pagedWholeList).toBe(1);
});
