/**
 * A recording list whose echoed offset is below the one asked: the server ignores `offset`, and
 * every later page would be its first again. That page is the last, whatever total it gives.
 */
import { expect, it } from 'vitest';
import { toRecordingPage } from '@/lib/api/normalise';

const raw = (id: string) => ({ id, title: `Call ${id}`, status: 'completed' });

it('says no more follows when the server echoes an offset below the one asked', () => {
  const reply = { recordings: [raw('a'), raw('b'), raw('c')], total: 7, limit: 3, offset: 0 };
  expect(toRecordingPage(reply, { limit: 3, offset: 0 }).hasMore).toBe(true);
  expect(toRecordingPage(reply, { limit: 3, offset: 3 }).hasMore).toBe(false);
});
