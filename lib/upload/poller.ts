/**
 * After complete-upload, the service processes the recording; this checks its status with backoff
 * (30 s, 1 min, 2 min, 4 min, then every 5 min), driven by one alarm rather than a timer loop so
 * nothing runs between checks and a stopped service worker picks up where it was. The schedule
 * starts at 30 s because Chrome runs a packed extension's alarms at most that often: a shorter
 * first delay would behave differently unpacked (tests) and packed (users).
 *
 * Each upload keeps its own due time (`nextCheckAt`); the alarm is set for the earliest of them.
 * A view that is open (the popup) may check more often to show progress, but its checks are not
 * scheduled ones: they move neither the backoff nor the give-up count, and they wait out a rate
 * limit's Retry-After as the scheduled ones do (`serviceWaitUntil`).
 */
import { ApiError } from '../api/error-info';
import type { Recording } from '../models';
import { sameId } from '../api/normalise/values';
import { NO_LONGER_FOLLOWED, RECORDING_GONE, withoutContact, type UploadRecord } from './record';
import { aheadOfClock } from '../clock';
import type { UploadStore } from './store';

export const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 5 * 60_000;
/** Past this many scheduled checks (about a day of backoff) an upload stops being watched. */
export const MAX_POLLS = 300;
/** An alarm may fire a little before the earliest due time it was set for; such a check is not early. */
const DUE_SLACK_MS = 1000;

/** The wait before the scheduled check that follows `polls` checks. */
export function pollDelayMs(polls: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(polls, 20), MAX_DELAY_MS);
}

/**
 * When this processing upload's next scheduled check is due (records from before due times: now).
 * One saved more than a minute "ahead" of `now` was saved while the clock was wrong (set back
 * since): its due time may be hours away, and it is due now instead.
 */
export function dueAt(record: UploadRecord, now?: number): number {
  if (now !== undefined && aheadOfClock(record.updatedAt, now)) return now;
  return record.nextCheckAt ?? record.updatedAt;
}

/** When the alarm should next fire: the earliest due check of any upload being processed; null when there is none. */
export function nextPollAt(records: UploadRecord[], now: number = Date.now()): number | null {
  const due = records.filter((record) => record.state === 'processing').map((record) => dueAt(record, now));
  return due.length === 0 ? null : Math.min(...due);
}

export interface PollDeps {
  store: UploadStore;
  /** `serviceUrl`, `account`: the service and account the recording was created on (null: the ones in effect). */
  getRecording(id: string, serviceUrl?: string | null, account?: string | null): Promise<Recording>;
  /**
   * Processing ended: what depends on the result is made ready (cached briefings dropped) before
   * the new state is saved, since every open view reacts to that save.
   */
  beforeFinish(record: UploadRecord): Promise<void>;
  /** Processing ended and this check is the one that saved it: tell the user. Once per upload. */
  finished(record: UploadRecord): Promise<void>;
  now(): number;
}

/** `scheduled`: the alarm's check, which backs off and counts; `viewer`: an open view asking for fresh progress. */
export type CheckKind = 'scheduled' | 'viewer';

type Outcome = Pick<UploadRecord, 'state' | 'processingStatus' | 'processingProgress' | 'failedStep' | 'error' | 'errorKind' | 'meta'>;

/**
 * Why checks cannot be made that only the user can end (settings for another service, a key
 * refused): said on the upload, and no reason to give up on a recording the service still has.
 */
const USERS_WAIT = new Set(['not_configured', 'unauthorized', 'forbidden']);

/**
 * Whether the processed recording shows it is not this contact's: another is its primary contact,
 * or none is said, and no participant has their id. So a server that ignored the contact sent
 * beside the interface's four fields (§2.3) creates it. One that does not report the field at all
 * says nothing either way: the contact chosen stays.
 */
function notTiedTo(recording: Recording, contactId: string): boolean {
  const primary = recording.primaryContactId;
  if (primary !== null ? sameId(primary, contactId) : recording.primaryContactUnreported) return false;
  // A bare `id` equal to theirs counts too where the recordings list would count it: no primary
  // contact said, or the primary among the participants by that id (the participants are contacts,
  // {id, name, email}). Not otherwise: serial ids make a row's own number equal theirs by chance.
  const bareIds = primary === null || recording.participants.some((participant) => participant.id !== undefined && sameId(participant.id, primary));
  return !recording.participants.some((participant) => {
    const id = participant.contactId ?? (bareIds ? (participant.id ?? null) : null);
    return id !== null && sameId(id, contactId);
  });
}

/**
 * What the service's answer (or failure) means for the upload; null when nothing was learned, or
 * `{waitMs}` when the service asked to be left alone that long (a rate limit's Retry-After).
 */
async function ask(record: UploadRecord & { recordingId: string }, deps: PollDeps): Promise<Partial<Outcome> | { waitMs: number } | null> {
  try {
    const recording = await deps.getRecording(record.recordingId, record.serviceUrl, record.account);
    // A reason a check could not be made before is over once one is made.
    const seen = { processingStatus: recording.rawStatus ?? recording.status, processingProgress: recording.progress, error: null, errorKind: null };
    if (recording.status === 'completed') {
      const contactId = record.meta.primaryContactId;
      // Not said to be the contact's briefing brought up to date (the notification, the popup's
      // row) when the service never tied the recording to them: their insights did not change.
      const untied = contactId !== null && notTiedTo(recording, contactId) ? { meta: withoutContact(record.meta) } : {};
      return { ...seen, ...untied, state: 'completed', processingProgress: 100 };
    }
    if (recording.status === 'failed') return { ...seen, state: 'failed', failedStep: 'processing', error: recording.error ?? 'The service could not process the recording.' };
    return seen;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not_found') {
      return { state: 'failed', failedStep: 'processing', error: RECORDING_GONE, errorKind: null };
    }
    // Primer is set to another service than the recording's, or its key is refused: it waits, and says why.
    if (error instanceof ApiError && USERS_WAIT.has(error.kind)) return { error: error.message, errorKind: error.kind };
    if (error instanceof ApiError && error.kind === 'rate_limited' && error.retryAfterMs !== null && error.retryAfterMs > 0) return { waitMs: error.retryAfterMs };
    // An answer Primer cannot read is said too (checks go on: a server being updated), not hidden for a day behind "Queued".
    if (error instanceof ApiError && error.kind === 'invalid_response') return { error: error.message, errorKind: error.kind };
    // Offline or a passing failure: a scheduled check looks again later, a little less often.
    return null;
  }
}

/**
 * Checks one upload and saves what was learned. The save is a single read-and-write of the stored
 * record, so when two checks race (the alarm's and a view's), only the one that moves it out of
 * `processing` announces it.
 */
export async function checkProcessing(record: UploadRecord, deps: PollDeps, kind: CheckKind = 'scheduled'): Promise<UploadRecord> {
  if (record.state !== 'processing' || !record.recordingId) return record;
  // An open view asks every few seconds: not while the service's own wait is running.
  if (kind === 'viewer' && record.serviceWaitUntil !== null && record.serviceWaitUntil > deps.now()) return record;
  const answer = await ask({ ...record, recordingId: record.recordingId }, deps);
  const waitMs = answer !== null && 'waitMs' in answer ? answer.waitMs : 0;
  const learned = answer !== null && 'waitMs' in answer ? null : answer;
  // A view's check that learned nothing changes nothing, unless the service asked for a wait.
  if (learned === null && kind === 'viewer' && waitMs === 0) return record;
  const ends = learned?.state !== undefined && learned.state !== 'processing';
  if (ends) await deps.beforeFinish({ ...record, ...learned });
  const now = deps.now();
  const { before, after } = await deps.store.update(record.id, (current) => {
    // Finished meanwhile (the other check), or retried, cancelled, removed: not this check's business.
    if (current.state !== 'processing' || current.recordingId !== record.recordingId) return current;
    let next: UploadRecord = { ...current, ...learned, updatedAt: now };
    if (waitMs > 0) next = { ...next, serviceWaitUntil: now + waitMs };
    if (kind === 'scheduled') {
      const polls = current.polls + 1;
      // Never before the service's own wait is over, however short the backoff.
      next = { ...next, polls, nextCheckAt: now + Math.max(pollDelayMs(polls), waitMs) };
      // Not while it waits for the settings (set back to its service, a key the service takes):
      // that wait is the user's, not the service's, and giving up would lose a recording still
      // there. The user can stop following it meanwhile (UploadService.dismiss).
      if (next.state === 'processing' && polls >= MAX_POLLS && !USERS_WAIT.has(next.errorKind ?? '')) {
        // Not the service's failure: said as Primer no longer following it (noLongerFollowed).
        next = { ...next, state: 'failed', failedStep: 'processing', error: NO_LONGER_FOLLOWED };
      }
    }
    return next;
  });
  if (!after) return record;
  if (before?.state === 'processing' && after.state !== 'processing') await deps.finished(after);
  return after;
}

/** The alarm's work: every upload being processed whose check is due is checked (one after another). */
export async function pollDue(deps: PollDeps): Promise<void> {
  const now = deps.now();
  const due = (await deps.store.all()).filter((record) => record.state === 'processing' && dueAt(record, now) <= now + DUE_SLACK_MS);
  for (const record of due) await checkProcessing(record, deps, 'scheduled');
}
