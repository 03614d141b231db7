/**
 * After complete-upload, the service processes the recording; this checks its status with backoff
 * (3 s, 6 s, 12 s … at most 5 min apart), driven by an alarm rather than a timer loop so nothing
 * runs between checks and a stopped service worker picks up where it was.
 */
import { ApiError } from '../api/error-info';
import type { Recording } from '../models';
import type { UploadRecord } from './record';
import type { UploadStore } from './store';

const FIRST_DELAY_MS = 3000;
const MAX_DELAY_MS = 5 * 60_000;
/** Past this many checks (about a day of backoff) an upload stops being watched. */
const MAX_POLLS = 300;

export function pollDelayMs(polls: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(polls, 20), MAX_DELAY_MS);
}

export interface PollDeps {
  store: UploadStore;
  getRecording(id: string): Promise<Recording>;
  /** Processing ended: tell the user, refresh what depends on it. */
  finished(record: UploadRecord): Promise<void>;
  /** Check again in `delayMs` (an alarm); `null` when nothing is left to watch. */
  schedule(delayMs: number | null): Promise<void>;
  now(): number;
}

/** Checks one upload; returns it as updated (and saved). */
export async function checkProcessing(record: UploadRecord, deps: PollDeps): Promise<UploadRecord> {
  if (record.state !== 'processing' || !record.recordingId) return record;
  let next: UploadRecord;
  try {
    const recording = await deps.getRecording(record.recordingId);
    const base = { ...record, processingStatus: recording.rawStatus ?? recording.status, processingProgress: recording.progress, polls: record.polls + 1, updatedAt: deps.now() };
    if (recording.status === 'completed') next = { ...base, state: 'completed', processingProgress: 100 };
    else if (recording.status === 'failed') next = { ...base, state: 'failed', failedStep: 'processing', error: recording.error ?? 'The service could not process the recording.' };
    else next = base;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not_found') {
      next = { ...record, state: 'failed', failedStep: 'processing', error: 'The service no longer has this recording.', updatedAt: deps.now() };
    } else {
      // Offline or a passing failure: look again later, a little less often.
      next = { ...record, polls: record.polls + 1, updatedAt: deps.now() };
    }
  }
  if (next.state === 'processing' && next.polls >= MAX_POLLS) {
    next = { ...next, state: 'failed', failedStep: 'processing', error: 'Processing did not finish; check the recording on the service later.' };
  }
  await deps.store.put(next);
  if (next.state !== 'processing') await deps.finished(next);
  return next;
}

/** Checks every upload being processed, then schedules the next check for those still going. */
export async function pollAll(deps: PollDeps): Promise<void> {
  const processing = (await deps.store.all()).filter((record) => record.state === 'processing');
  const still: UploadRecord[] = [];
  for (const record of processing) {
    const next = await checkProcessing(record, deps);
    if (next.state === 'processing') still.push(next);
  }
  await deps.schedule(still.length === 0 ? null : Math.min(...still.map((record) => pollDelayMs(record.polls))));
}
