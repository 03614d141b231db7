/**
 * What the client learns of a server (which lookup form works, where insights are) is kept in
 * storage.local, best-effort: with storage full ("QUOTA_BYTES quota exceeded"), the lookup or the
 * insights the service answered are still shown, and what was learned is kept in memory, so the
 * next lookup does not calibrate again.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceClient } from '@/lib/api/client';
import { storageDiscoveryStore } from '@/lib/background/browser-stores';

const MAYA = { id: 'c1', name: 'Maya Chen', email: 'maya@acme.example' };
const BASE = 'https://full.test';

function client() {
  const asked: string[] = [];
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  const service = new ServiceClient(BASE, 'secret-key', {
    discovery: storageDiscoveryStore,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url.pathname + url.search);
      const email = url.searchParams.get('email');
      if (url.pathname === '/api/v2/contacts') return json({ items: email === null || email.toLowerCase() === MAYA.email ? [MAYA] : [] });
      return Promise.resolve(new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { service, asked };
}

it('finds the person the service found although storage.local is full, and does not calibrate again', async () => {
  vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
  const { service, asked } = client();
  await expect(service.findContactByEmail('maya@acme.example')).resolves.toMatchObject({ id: 'c1' });
  asked.length = 0;
  await expect(service.findContactByEmail('MAYA@acme.example')).resolves.toMatchObject({ id: 'c1' });
  expect(asked).toEqual(['/api/v2/contacts?email=maya%40acme.example&limit=50']);
});

it('shows a recording’s insights the service sent although storage.local is full', async () => {
  vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
  const service = new ServiceClient('https://insights-full.test', 'secret-key', {
    discovery: storageDiscoveryStore,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const path = new URL(input).pathname;
      const body = path === '/api/v2/insights/recording/r1' ? { recording_id: 'r1', key_decisions: ['Budget approved.'], action_items: [], topics_discussed: ['Budget'] } : {};
      return Promise.resolve(new Response(JSON.stringify(body), { status: path === '/api/v2/insights/recording/r1' ? 200 : 404, headers: { 'content-type': 'application/json' } }));
    },
  });
  await expect(service.getRecordingInsights('r1')).resolves.toMatchObject({ recordingId: 'r1', topicsDiscussed: ['Budget'] });
});

it('writes what it kept in memory once storage has room again', async () => {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
  await storageDiscoveryStore.update('https://later.test', { contactLookup: 'search-path', contactLookupCheckedAt: 1 });
  expect(await storageDiscoveryStore.get('https://later.test')).toMatchObject({ contactLookup: 'search-path' });
  await storageDiscoveryStore.update('https://later.test', { recordingInsights: 'embedded', recordingInsightsCheckedAt: 2 });
  set.mockRestore();
  const { discovery } = await fakeBrowser.storage.local.get('discovery');
  expect(discovery).toMatchObject({ 'https://later.test': { contactLookup: 'search-path', recordingInsights: 'embedded' } });
});
