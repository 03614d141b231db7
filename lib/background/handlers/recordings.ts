/**
 * recordings.list / recording.get / recording.transcript / recording.insights for the side panel.
 * Someone is waiting on screen, so calls fail fast (interactive) instead of retrying for seconds.
 * A recording's status and the list change while the panel is closed (processing ends, a new
 * recording arrives), and the panel asks again while one is processed: those two are asked of the
 * service each time (the last copy only when it cannot answer, marked with when it was had, so an
 * old "Processing 40%" is not taken for now), never served stale from here.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { isEmptyRecordingInsights, isEmptyTranscript, RecordingInsightsSchema, RecordingPageSchema, RecordingSchema, TranscriptSchema } from '../../models';
import type { Handlers } from '../broker';
import { errorFromInfo } from '../../messaging/sender';
import { ON_SCREEN, type CachePolicy, type Revalidated } from '../cache';
import type { ServiceContext } from '../service-context';

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

export function recordingHandlers(
  context: ServiceContext,
): Pick<Handlers, 'recordings.list' | 'recording.get' | 'recording.transcript' | 'recording.insights'> {
  return {
    'recordings.list': async ({ contactId, limit = 10, offset = 0 }) => {
      const client = await context.client();
      const key = `${client.cacheScope}|recordings|${contactId ?? '*'}|${limit}|${offset}`;
      const cached = await context.cache.revalidate(
        key,
        () => client.listRecordings({ contactId, limit, offset, sort: 'meeting_date:desc' }, ON_SCREEN),
        { schema: RecordingPageSchema, freshMs: MINUTE, maxStaleMs: WEEK },
        ON_SCREEN,
      );
      return asOfCopy(cached);
    },
    'recording.get': async ({ id }) => {
      const client = await context.client();
      const cached = await context.cache.revalidate(
        `${client.cacheScope}|recording|${id}`,
        () => client.getRecording(id, ON_SCREEN),
        { schema: RecordingSchema, freshMs: 15_000, maxStaleMs: WEEK },
        ON_SCREEN,
      );
      return asOfCopy(cached);
    },
    'recording.transcript': async ({ id, live }) => {
      const client = await context.client();
      // A finished transcript does not change; an empty one may be one not written out yet (a
      // recording just finished), so it is asked for again after a minute. Kept a week as read,
      // so keyed by Primer's version: an update's better reading (speaker labels, times) is not
      // hidden behind the copy the last version made.
      return answer(
        context,
        `${client.cacheScope}|transcript|${readerVersion()}|${id}`,
        () => client.getTranscript(id, ON_SCREEN),
        { schema: TranscriptSchema, freshMs: WEEK, maxStaleMs: 4 * WEEK, briefly: isEmptyTranscript },
        live,
      );
    },
    'recording.insights': async ({ id, live }) => {
      const client = await context.client();
      return answer(
        context,
        `${client.cacheScope}|recording-insights|${id}`,
        () => client.getRecordingInsights(id, ON_SCREEN),
        {
          schema: z.nullable(RecordingInsightsSchema),
          freshMs: 10 * MINUTE,
          maxStaleMs: WEEK,
          // Nothing in any list: likely not made yet rather than a conversation without any.
          briefly: isEmptyRecordingInsights,
        },
        live,
      );
    },
  };
}

/**
 * A transcript's or a recording's insights: from the cache, or, when the user asked to check again
 * (`live`), from the service, whose failure is said rather than answered with the copy just shown.
 */
async function answer<T>(context: ServiceContext, key: string, fetcher: () => Promise<T>, policy: CachePolicy<T>, live = false): Promise<T> {
  if (!live) return (await context.cache.get(key, fetcher, policy, ON_SCREEN)).value;
  const fresh = await context.cache.revalidate(key, fetcher, policy, ON_SCREEN);
  if (fresh.problem) throw errorFromInfo(fresh.problem);
  return fresh.value;
}

/** The value, marked as the last copy (when it was had, and why) when served instead of the service's answer. */
function asOfCopy<T extends object>(cached: Revalidated<T>): T {
  return cached.problem ? { ...cached.value, copy: { asOf: cached.storedAt, problem: cached.problem } } : cached.value;
}

/** Primer's version, as transcripts read by it are kept under (none known: one key for all). */
function readerVersion(): string {
  try {
    return browser.runtime.getManifest().version;
  } catch {
    return '';
  }
}
