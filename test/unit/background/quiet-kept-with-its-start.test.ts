/**
 * The service's asked-for quiet is kept in storage.session with the moment it was asked for, so a
 * restarted worker can tell a clock put back since (api/http.ts #quietLeft). A quiet kept as a bare
 * moment (before the start was kept) is still read; anything else stored there holds nothing back.
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionQuietStore } from '@/lib/background/browser-stores';

const BASE = 'https://svc.test';

beforeEach(() => fakeBrowser.reset());

it('keeps until when and from when', async () => {
  await sessionQuietStore(BASE).set(61_000, 1_000);
  expect(await sessionQuietStore(BASE).get()).toEqual({ until: 61_000, from: 1_000 });
});

it.each([
  ['a bare moment, as kept before', 5_000, 5_000],
  ['a start that is no number', { until: 5_000, from: 'then' }, 0],
  ['no number', Number.NaN, 0],
  ['a text', '5000', 0],
])('reads %s kept there', async (_what, kept, read) => {
  await fakeBrowser.storage.session.set({ [`quietUntil:${BASE}`]: kept });
  expect(await sessionQuietStore(BASE).get()).toEqual(read);
});
