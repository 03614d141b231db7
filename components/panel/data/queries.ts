/** The side panel's data hooks; every call goes through the background. */
import { useCallback, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useQueries, useQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { isNotYet, NO_ACCESS_CODE, serviceWaitMs, type ApiErrorInfo } from '@/lib/api/errors';
import { sendRequest } from '@/lib/messaging/send';
import type { InsightsReply, PersonQuery } from '@/lib/messaging/protocol';
import { isEmptyRecordingInsights, isEmptyTranscript, type ContactMatch, type Copy, type Recording, type RecordingInsights, type RecordingPage, type Transcript } from '@/lib/models';
import type { SubjectPerson } from '@/lib/panel/subject';
import { loadInsights } from './insights-loader';
import { keys } from './keys';

export const RECORDINGS_PAGE_SIZE = 3;
/**
 * While a recording on screen is queued or being processed, it is asked for again this often, so
 * "Processing" turns into "Ready" (and the transcript appears) while the user looks. Processing
 * takes minutes: a few seconds late is fine, and costs one call per view.
 */
export const PROCESSING_POLL_MS = 12_000;

function inProgress(recording: Pick<Recording, 'status'>): boolean {
  return recording.status === 'queued' || recording.status === 'processing';
}

/** When this panel first saw each recording the service still has as being uploaded. */
const uploadingSince = new Map<string, number>();

/**
 * Whether a view showing recordings looks again: while one is queued or processed, and while one
 * is still being uploaded (the service's "created", "pending_upload"), for as long as Primer looks
 * for what is not there yet (NOT_YET_LOOK_MS) from when it was first seen so: an upload may never
 * be finished, and must not be asked about every few seconds for as long as the panel stays open.
 */
function stillMoving(recordings: readonly Pick<Recording, 'id' | 'status'>[]): boolean {
  if (recordings.some(inProgress)) return true;
  const now = Date.now();
  return recordings.some(({ id, status }) => {
    if (status !== 'uploading') return false;
    const since = uploadingSince.get(id) ?? now;
    uploadingSince.set(id, since);
    return now - since < NOT_YET_LOOK_MS;
  });
}
/** While the service cannot be reached, look again this often (only while the panel is open). */
const RECOVER_EVERY_MS = 30_000;

/** How long until a briefing served from its last copy is asked for again: the wait the service gave, else the usual. */
export function askAgainInMs(problem: ApiErrorInfo): number {
  // Timers run at once past 2^31 - 1 ms (about 24.8 days): a Retry-After date far ahead must not
  // turn the interval into a refetch loop.
  return Math.min(serviceWaitMs(problem) ?? RECOVER_EVERY_MS, LONGEST_TIMER_MS);
}

/**
 * How often a view shown from a last copy asks again (its query's interval): never for want of
 * access to the service's host, which only the user can give (in the options); the panel asks
 * again once it is given (PanelApp), instead of calling the service every half minute in vain.
 */
export function copyAskAgainMs(problem: ApiErrorInfo): number | false {
  return problem.code === NO_ACCESS_CODE ? false : askAgainInMs(problem);
}

/** The longest delay browsers keep for a timer. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function personQuery(person: SubjectPerson): PersonQuery | null {
  if (person.email) return { email: person.email };
  if (person.name) return { name: person.name };
  return null;
}

export function contactOptions(person: SubjectPerson) {
  const query = personQuery(person);
  return {
    queryKey: query ? keys.contact(query) : ['contact', 'none', person.name ?? ''],
    queryFn: (): Promise<ContactMatch | null> => (query ? sendRequest('contact.find', query) : Promise.resolve(null)),
    // Known already (from the card or the page): no lookup needed.
    enabled: person.match === null && query !== null,
  };
}

/** The person's contact: as the page or card gave it, else looked up (exact address or full name). */
export function useContactMatch(person: SubjectPerson) {
  const query = useQuery(contactOptions(person));
  // A failed look again keeps the answer had (status "error", data kept): the briefing stays.
  return { ...query, match: person.match ?? query.data ?? null, resolved: person.match !== null || query.data !== undefined };
}

export function useContactMatches(people: readonly SubjectPerson[]) {
  return useQueries({ queries: people.map(contactOptions) });
}

/** A contact's insights, as the panel asks for them; shared by the hooks and the prefetch at start. */
export function insightsOptions(contactId: string | null) {
  return {
    queryKey: keys.insights(contactId ?? ''),
    queryFn: () => loadInsights(contactId ?? ''),
    enabled: contactId !== null,
    // Served from the last copy because the service could not answer: try again while open.
    refetchInterval: (query: { state: { data: InsightsReply | undefined; status: string } }) => {
      // Asking again after that failed otherwise (a refused key, a contact gone) is the notice's Try again.
      if (query.state.status === 'error') return false;
      const problem = query.state.data?.problem;
      return problem ? copyAskAgainMs(problem) : false;
    },
  };
}

export function useInsights(contactId: string | null) {
  return useQuery(insightsOptions(contactId));
}

export function useInsightsOf(contactIds: readonly string[]) {
  return useQueries({ queries: contactIds.map(insightsOptions) });
}

/**
 * Of pages the background answered from its last copy, the oldest copy: the list's note says how
 * old, and when the list is asked for again, which is timed from its problem.
 */
export function oldestCopy(pages: readonly RecordingPage[]): Copy | null {
  return pages.flatMap((page) => (page.copy ? [page.copy] : [])).sort((a, b) => a.asOf - b.asOf)[0] ?? null;
}

export function recordingsOptions(contactId: string) {
  return {
    queryKey: keys.recordings(contactId),
    queryFn: ({ pageParam }: { pageParam: number }) => sendRequest('recordings.list', { contactId, limit: RECORDINGS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    // By what the server listed, not what was kept: a malformed entry dropped here still took a place.
    // Not once a later page repeats only recordings listed before: a server ignoring `offset`
    // answers each with its first page again.
    getNextPageParam: (last: RecordingPage, pages: RecordingPage[]) =>
      last.hasMore && !onlyRepeats(last, pages) ? last.offset + last.received : undefined,
    // Only while the list is shown (an observer's option): stops once nothing listed is in
    // progress; a last copy is asked for again until the service answers.
    refetchInterval: (query: { state: { data: { pages: RecordingPage[] } | undefined; status: string; fetchMeta: { fetchMore?: unknown } | null } }) => {
      // After a failure of another kind (a refused key), asking again is the notice's Try again;
      // not after "More recordings" failed: the pages shown did not, and may still be moving.
      if (query.state.status === 'error' && !query.state.fetchMeta?.fetchMore) return false;
      const pages = query.state.data?.pages ?? [];
      const copy = oldestCopy(pages);
      if (copy) return copyAskAgainMs(copy.problem);
      return stillMoving(pages.flatMap((page) => page.recordings)) ? PROCESSING_POLL_MS : false;
    },
  };
}

/** The ids of the recordings the server listed on a page, others' left out of it included. */
const listedIds = (page: RecordingPage): string[] => page.listed ?? page.recordings.map((recording) => recording.id);

/**
 * Whether the last page, after the first, lists recordings, all of them listed on the pages before
 * it. Judged on what the server listed: of what was kept, a page a new recording shifted by one may
 * hold only one of theirs listed already, though their older ones follow.
 */
function onlyRepeats(last: RecordingPage, pages: readonly RecordingPage[]): boolean {
  const before = new Set(pages.slice(0, -1).flatMap(listedIds));
  const ids = listedIds(last);
  return before.size > 0 && ids.length > 0 && ids.every((id) => before.has(id));
}

/**
 * The pages' recordings, each once: a recording added (or removed) while paging shifts the next
 * page, which then repeats one already listed.
 */
export function recordingsOf(pages: readonly RecordingPage[]): Recording[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.recordings).filter((recording) => !seen.has(recording.id) && Boolean(seen.add(recording.id)));
}

export function useRecordings(contactId: string) {
  return useInfiniteQuery(recordingsOptions(contactId));
}

/** Finds a recording by id among these listed ones (null when it is not among them). */
export function recordingFinder(recordings: readonly Recording[]): (id: string) => Recording | null {
  const byId = new Map(recordings.map((recording) => [recording.id, recording]));
  return (id) => byId.get(id) ?? null;
}

/**
 * The recordings the panel already holds (listed before, or saved) for these contacts, or for
 * anyone, asking for none: a meeting's 20 attendees must not cost 20 recording lists to name where
 * their items came from. Follows those lists as they change.
 */
export function useHeldRecordings(contactIds?: readonly string[]): Recording[] {
  const cache = useQueryClient().getQueryCache();
  const ids = contactIds?.join('\n') ?? null;
  const held = useCallback(
    (key: QueryKey) => key[0] === 'recordings' && (ids === null || ids.split('\n').includes(String(key[1]))),
    [ids],
  );
  const subscribe = useCallback((changed: () => void) => cache.subscribe((event) => held(event.query.queryKey as QueryKey) && changed()), [cache, held]);
  const lists = () => cache.findAll({ queryKey: ['recordings'] }).filter((query) => held(query.queryKey));
  // Re-rendered when a held list's data changes: their update times are the version.
  useSyncExternalStore(subscribe, () => lists().map((query) => query.state.dataUpdatedAt).join());
  return lists().flatMap((query) => recordingsOf((query.state.data as InfiniteData<RecordingPage> | undefined)?.pages ?? []));
}

export function useRecording(id: string) {
  return useQuery({
    queryKey: keys.recording(id),
    queryFn: () => sendRequest('recording.get', { id }),
    // Until it is ready or failed, while its view is open; a last copy, until the service answers.
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const data = query.state.data;
      if (data?.copy) return copyAskAgainMs(data.copy.problem);
      return data && stillMoving([data]) ? PROCESSING_POLL_MS : false;
    },
  });
}

/**
 * How long Primer looks again by itself for what the service does not have yet (a transcript, a
 * recording's insights): a server that never has it must not be asked every few seconds for as
 * long as the view stays open. After that, the view offers to check again.
 */
export const NOT_YET_LOOK_MS = 10 * 60_000;
/** Insights follow the transcript by minutes: looked for less often than a processing recording. */
export const INSIGHTS_POLL_MS = 30_000;

interface LookState<T> {
  data: T | undefined;
  error: unknown;
  errorUpdateCount: number;
  dataUpdateCount: number;
}

function notYetPolling<T>(intervalMs: number, early: (data: T) => boolean) {
  return (query: { state: LookState<T> }) => (stillLooking(query.state, intervalMs, early) ? intervalMs : false);
}

/**
 * Whether Primer still looks again by itself for what the service answered "not yet" for, or
 * answered with nothing in it (`early`: a transcript not written out yet reads as an empty one).
 */
function stillLooking<T>(state: LookState<T> | undefined, intervalMs: number, early: (data: T) => boolean): boolean {
  if (state === undefined) return false;
  const times = NOT_YET_LOOK_MS / intervalMs;
  if (isNotYet(state.error)) return state.errorUpdateCount < times;
  return state.error === null && state.data !== undefined && early(state.data) && state.dataUpdateCount < times;
}

export function useTranscript(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.transcript(id),
    queryFn: () => sendRequest('recording.transcript', { id }),
    enabled,
    // "Not yet" is no failure to retry nor to offer Try again for: the transcript is being made
    // (a finished recording's may lag it), so it is looked for as a processing recording is; so is
    // an empty one, which may be one not written out yet.
    refetchInterval: notYetPolling(PROCESSING_POLL_MS, isEmptyTranscript),
  });
}

/**
 * Whether Primer still looks again by itself for a recording's transcript or insights. Read from
 * the query's state, which counts its answers (the hook's result does not): the view re-renders
 * with each of them.
 */
export function useStillLooking(of: 'transcript' | 'insights', id: string): boolean {
  const client = useQueryClient();
  return of === 'transcript'
    ? stillLooking(client.getQueryState<Transcript>(keys.transcript(id)), PROCESSING_POLL_MS, isEmptyTranscript)
    : stillLooking(client.getQueryState<RecordingInsights | null>(keys.recordingInsights(id)), INSIGHTS_POLL_MS, isEmptyRecordingInsights);
}

/**
 * Check again, for a transcript or insights that were not there: the service is asked, whatever
 * copy the background keeps (an empty answer is kept a minute), and what it says is shown.
 */
export function useCheckAgain(of: 'transcript' | 'insights', id: string): () => Promise<unknown> {
  const client = useQueryClient();
  return () =>
    (of === 'transcript'
      ? client.fetchQuery({ queryKey: keys.transcript(id), queryFn: () => sendRequest('recording.transcript', { id, live: true }), staleTime: 0 })
      : client.fetchQuery({ queryKey: keys.recordingInsights(id), queryFn: () => sendRequest('recording.insights', { id, live: true }), staleTime: 0 })
    ).catch(() => undefined);
}

export function useRecordingInsights(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.recordingInsights(id),
    queryFn: () => sendRequest('recording.insights', { id }),
    enabled,
    // A processed recording's insights may follow it, or come empty at first.
    refetchInterval: notYetPolling(INSIGHTS_POLL_MS, isEmptyRecordingInsights),
  });
}

/**
 * What went wrong with a query, as soon as it went wrong: its error, or the failure a retry is
 * waiting out (TanStack keeps a query pending until its retries are done). `retrying` while
 * Primer will ask again by itself.
 */
export function problemOf(query: { error: unknown; failureReason: unknown; failureCount: number; fetchStatus: string }): { error: unknown; retrying: boolean } | null {
  const fetching = query.fetchStatus === 'fetching';
  if (query.error) return { error: query.error, retrying: fetching };
  if (fetching && query.failureCount > 0 && query.failureReason) return { error: query.failureReason, retrying: true };
  return null;
}
