/**
 * A processing check saved while the computer's clock was hours ahead (a boot before the time was
 * synced, a dual-boot clock in local time): once the clock is right again, the upload's next
 * check is not hours away (no check is ever scheduled more than 5 minutes out, bar the service's own wait).
 */
import { expect, it, vi } from 'vitest';
import type { Recording } from '@/lib/models';
import { nextPollAt, pollDue, type PollDeps } from '@/lib/upload/poller';
import { memoryStore, T0, withUrl } from './helpers';

const HOURS = 3_600_000;

it('checks, and schedules the alarm for, an upload whose last check was saved by a clock hours ahead', async () => {
  const wrongNow = T0 + 5 * HOURS;
  const record = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued', polls: 3, updatedAt: wrongNow, nextCheckAt: wrongNow + 240_000 });
  const store = memoryStore([record]);
  // The clock is set right: it is now 6 minutes after the check was (really) made.
  const now = T0 + 6 * 60_000;
  expect(nextPollAt(await store.all(), now)).toBeLessThanOrEqual(now + 5 * 60_000);
  const getRecording = vi.fn<PollDeps['getRecording']>(() =>
    Promise.resolve({ id: 'rec-1', filename: null, title: null, meetingDate: null, status: 'completed', rawStatus: null, progress: 100, primaryContactId: null, participants: [], error: null } satisfies Recording),
  );
  const finished = vi.fn(() => Promise.resolve());
  await pollDue({ store, getRecording, beforeFinish: () => Promise.resolve(), finished, now: () => now });
  expect(getRecording).toHaveBeenCalled();
  expect(finished).toHaveBeenCalled();
});
