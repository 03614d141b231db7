/**
 * A Gmail tab open all day while every lookup fails as a whole (no service address or key saved
 * yet, a refused key, the background unreachable): the failures expire after WHOLE_FAILURE_MS and
 * are swept like any answer, within MAX_REMEMBERED, so the tab does not keep every person it saw.
 */
import { expect, it } from 'vitest';
import { MAX_REMEMBERED, PeopleLookup, WHOLE_FAILURE_MS } from '@/lib/content/lookup';
import type { PersonQuery } from '@/lib/messaging/protocol';

it('keeps no more than MAX_REMEMBERED answers while every message fails, nor expired failures for long', async () => {
  let now = 1_000;
  const lookup = new PeopleLookup((_people: PersonQuery[]) => Promise.reject(new Error('Primer has no service address or key yet.')), () => now);
  // A day of mail: 300 threads read, 30 new people each, a few minutes apart.
  for (let thread = 0; thread < 300; thread++) {
    const people = Array.from({ length: 30 }, (_, i) => ({ email: `t${thread}p${i}@example.com` }));
    await lookup.findAll(people);
    now += 3 * 60_000;
  }
  // Every one of those failures expired hours ago (WHOLE_FAILURE_MS each).
  expect(WHOLE_FAILURE_MS).toBeLessThan(3 * 60_000);
  expect(lookup.remembered).toBeLessThanOrEqual(MAX_REMEMBERED);
});
