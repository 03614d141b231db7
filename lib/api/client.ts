/**
 * Typed client for every endpoint of the Conversation Intelligence Service. Lives only in the
 * background (and in tests): it holds the API key. Every reply goes through lib/api/normalise.
 */
import type {
  ContactRecord,
  ContactPage,
  Insights,
  Participant,
  PresignedUpload,
  Recording,
  RecordingInsights,
  RecordingPage,
  Transcript,
  Webhook,
  WebhookEvent,
} from '../models';
import { AfterIdPaging } from './after-id-paging';
import { ContactFinder } from './contact-finder';
import type { ContactList, IndexPersistence } from './contact-index';
import { MemoryDiscoveryStore, type DiscoveryStore, type RecordingInsightRoute } from './discovery';
import { ApiError, asNotTheService } from './errors';
import { Http, type HttpOptions, type RequestOptions } from './http';
import { pathSegment } from './path-segment';
import {
  embeddedRecordingInsights,
  toContact,
  toContactPage,
  toInsights,
  toPresignedUpload,
  toRecording,
  toRecordingInsights,
  toRecordingPage,
  toTranscript,
  transcriptNotYet,
  recordingInsightsNotYet,
  sameId,
  refusedDeletion,
  toWebhook,
  toWebhookPage,
} from './normalise';

export interface ClientOptions extends HttpOptions {
  discovery?: DiscoveryStore;
  indexPersistence?: IndexPersistence;
  /** Upper bound on pages read when indexing the whole contact list. */
  maxContactPages?: number;
  /**
   * The key's tag (lib/background/key-vault.ts keyTag) its answers are filed under. A client
   * without one (a connection test of unsaved values) files nothing: its scope is no account's.
   */
  keyTag?: string;
  /** The hash earlier versions filed the key under (lib/background/upload-account.ts): recognises their uploads' account. */
  legacyKeyHash?: string;
}

export interface ListRecordingsParams {
  limit?: number;
  offset?: number;
  contactId?: string;
  sort?: `${string}:${'asc' | 'desc'}`;
}

export interface UploadRequest {
  filename: string;
  contentType: string;
  fileSize: number;
  speakersExpected?: number;
  /** Not in the shown request body; sent for servers that accept them, ignored by others. */
  title?: string;
  meetingDate?: string;
  primaryContactId?: string;
}

export interface Signal {
  signal?: AbortSignal;
  /** Someone is waiting on screen: fail fast rather than retry (lib/api/http.ts). */
  interactive?: boolean;
}

const INSIGHT_ROUTES_RECHECK_MS = 24 * 60 * 60 * 1000;
/** The contact list's page sizes, largest first: a server refusing one is asked for the next. */
const FIRST_PAGE_SIZES = [100, 50, 20];

/**
 * The longest wait for a quota to renew that the contact list's pages sit through: failed, the list
 * is read again from its first page a minute later, spends the quota at the same page, and never
 * ends (a per-minute quota's Retry-After is up to a minute). The worker is kept up meanwhile.
 */
const LIST_WAITS_OUT_MS = 2 * 60_000;

/** How many pages of webhooks are read at most (a cursor that never ends). */
const MAX_WEBHOOK_PAGES = 10;

/** The scope of a client made without a key tag: no tag (hex digits) is this word. */
const UNTAGGED = 'none';

/**
 * What answers fetched with these settings are filed under (ServiceClient.cacheScope): the address
 * and a tag of the key (lib/background/key-vault.ts keyTag), never the key or a plain hash of it.
 */
export function cacheScopeOf(baseUrl: string, keyTag: string): string {
  return `${baseUrl}|tag-${keyTag}`;
}

/** Words for "queued" also said of a recording just made, before its file arrived: no proof a completion was taken. */
const UNPROVEN_QUEUED = new Set(['pending', 'waiting', 'not_started', 'scheduled']);

/**
 * How strict validators refuse fields they do not know: pydantic ("Extra inputs are not
 * permitted", extra_forbidden), NestJS ("property title should not exist"), Ajv ("must NOT have
 * additional properties"), Joi ('"title" is not allowed', not '… is not allowed to be empty'), zod
 * ("Unrecognized key(s)"), Jackson ('Unrecognized field "title"'), Symfony and API Platform
 * ("This field was not expected."), Rails' strong parameters ("found unpermitted parameters").
 */
const EXTRA_FIELDS_REFUSED =
  /extra.{0,20}(not permitted|forbidden|not allowed)|extra_forbidden|should not exist|additional propert|"[^"]+" is not allowed(?! to)|unrecognized (key|field)|unknown (field|key|propert)|field was not expected|unpermitted param/i;

export class ServiceClient {
  readonly http: Http;
  readonly #discovery: DiscoveryStore;
  readonly #finder: ContactFinder;
  readonly #cacheScope: string;
  readonly #legacyKeyHash: string | null;
  readonly #maxContactPages: number;
  readonly #now: () => number;

  constructor(baseUrl: string, apiKey: string, options: ClientOptions = {}) {
    this.http = new Http(baseUrl, apiKey, options);
    this.#cacheScope = cacheScopeOf(this.http.baseUrl, options.keyTag ?? UNTAGGED);
    this.#legacyKeyHash = options.legacyKeyHash ?? null;
    this.#discovery = options.discovery ?? new MemoryDiscoveryStore();
    this.#maxContactPages = options.maxContactPages ?? 500;
    this.#now = options.now ?? Date.now;
    this.#finder = new ContactFinder(this.http, this.#discovery, {
      listAll: () => this.readContactList(),
      indexPersistence: options.indexPersistence,
      now: this.#now,
    });
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /**
   * What cached answers fetched by this client are filed under: the service and which key asked
   * (a tag of it, never the key). An answer a client fetched with an old key, arriving after the
   * settings changed, is then never served to the new key's account.
   */
  get cacheScope(): string {
    return this.#cacheScope;
  }

  get legacyKeyHash(): string | null {
    return this.#legacyKeyHash;
  }

  // ---------- recordings ----------

  async listRecordings(params: ListRecordingsParams = {}, { signal, interactive }: Signal = {}): Promise<RecordingPage> {
    const limit = params.limit ?? 20;
    const offset = params.offset ?? 0;
    let response;
    try {
      response = await this.http.request('GET', '/api/v2/recordings', {
        query: { limit, offset, contact_id: params.contactId, sort: params.sort ?? 'meeting_date:desc' },
        signal,
        interactive,
      });
    } catch (error) {
      // A 404 for one contact's recordings may mean none yet (as insights' 404 may): the contact
      // is asked for, and only when it is gone too is the 404 passed on ("no longer has them").
      if (params.contactId === undefined || !(error instanceof ApiError) || error.kind !== 'not_found') throw error;
      await this.getContact(params.contactId, { signal, interactive });
      return toRecordingPage([], { limit, offset });
    }
    const page = toRecordingPage(response.body, { limit, offset });
    const contactId = params.contactId;
    if (contactId === undefined) return page;
    // A server ignoring the contact filter lists everyone's recordings. One that names someone else
    // as its contact is not theirs when it lists no participants, or only ones with ids, none
    // theirs; one naming no contact, when it lists participants, all with ids, none theirs. Participants listed without ids (addresses, names) may be them: theirs by the
    // filter (a server filtering by participant), unless the page shows the filter ignored.
    // (Paging still goes by what the server listed: `received`.)
    // Participants' bare ids beside a name or address are contact ids where the page shows it: one
    // is this person's, or another recording's main contact (else they may be rows of their own).
    const primaries = page.recordings.flatMap((recording) => (recording.primaryContactId === null ? [] : [recording.primaryContactId]));
    const isContactId = (id: string) => sameId(id, contactId) || primaries.some((primary) => sameId(primary, id));
    const idsAreContacts = page.recordings.some((recording) => recording.participants.some((participant) => participant.id !== undefined && isContactId(participant.id)));
    const contactOf = (participant: Participant) => participant.contactId ?? (idsAreContacts ? (participant.id ?? null) : null);
    const amongParticipants = (recording: Recording) =>
      recording.participants.some((participant) => {
        const id = contactOf(participant);
        return id !== null && sameId(id, contactId);
      });
    const someoneElses = (recording: Recording) =>
      recording.primaryContactId !== null && !sameId(recording.primaryContactId, contactId) && !amongParticipants(recording);
    // No main contact (uploaded without one), and participants listed, none of them this person:
    // with each participant a contact, someone else's meeting as surely as one naming another.
    const nobodysWithOthers = (recording: Recording) => recording.primaryContactId === null && recording.participants.length > 0 && !amongParticipants(recording);
    const certainlyNotTheirs = (recording: Recording) =>
      (someoneElses(recording) || nobodysWithOthers(recording)) && recording.participants.every((participant) => contactOf(participant) !== null);
    // Seen ignored only by one whose participants are listed, all with ids: a recording with none
    // listed yet (still processing) is left out alone, not with the meetings they attended.
    const filterIgnored = page.recordings.some((recording) => recording.participants.length > 0 && certainlyNotTheirs(recording));
    const theirs = page.recordings.filter((recording) => !certainlyNotTheirs(recording) && !(filterIgnored && someoneElses(recording)));
    if (theirs.length === page.recordings.length) return page;
    // With others' left out, the server's total counts the account's, not theirs (paging, `hasMore`,
    // was settled by it); what it listed tells a page it repeats from one a new recording shifted.
    return { ...page, recordings: theirs, total: null, listed: page.recordings.map((recording) => recording.id) };
  }

  async getRecording(id: string, { signal, interactive }: Signal = {}): Promise<Recording> {
    const response = await this.http.request('GET', `/api/v2/recordings/${pathSegment(id)}`, { signal, interactive });
    return toRecording(response.body);
  }

  async getTranscript(id: string, { signal, interactive }: Signal = {}): Promise<Transcript> {
    let response;
    try {
      response = await this.http.request('GET', `/api/v2/recordings/${pathSegment(id)}/transcript`, {
        signal,
        interactive,
        headers: { Accept: 'application/json, text/plain;q=0.9' },
      });
    } catch (error) {
      // A recording the service still has, whose transcript it does not: not made yet (a finished
      // recording's may lag it), not "gone". Asked only on a 404, so the usual path costs nothing.
      if (error instanceof ApiError && error.kind === 'not_found' && (await this.#stillHas(id, { signal, interactive }))) throw transcriptNotYet(error.status);
      // A 409: the recording's state stands in the way (still being processed), as some servers say it.
      if (error instanceof ApiError && error.kind === 'conflict') throw transcriptNotYet(error.status);
      throw error;
    }
    // 202 Accepted: asked for, not made yet, whatever sentence comes with it (shown as a
    // transcript, a text one was kept for a week).
    if (response.status === 202) throw transcriptNotYet(response.status);
    // Plain text is a transcript; a web page (sign-in page, a single-page app's catch-all) is not,
    // and shown as one it would be markup.
    if (/html/i.test(response.contentType ?? '')) {
      throw new ApiError('invalid_response', 'The service sent a web page instead of the transcript (a sign-in page, or a wrong service address).');
    }
    // 204 or an empty body: a transcript still being made (as an insights route's empty answer is
    // "not yet"). An error, not an empty transcript: a transcript is kept for a week once had.
    // A body that says so (`{transcript: null}`, `{}`, no segments while processing) is read as one
    // by toTranscript.
    if (response.body === null) throw transcriptNotYet(response.status);
    return toTranscript(response.body, id);
  }

  /** Whether the service still has this recording (its own 404 says it does not; other failures are thrown). */
  async #stillHas(id: string, call: Signal): Promise<boolean> {
    try {
      await this.getRecording(id, call);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not_found') return false;
      throw error;
    }
  }

  /**
   * Per-recording insights, wherever this server keeps them; `null` when it offers none. Throws a
   * "not yet" error (`isNotYet`) when a processed recording has none yet: the service says they may
   * follow the transcript, and many servers answer 404 until then. The working route is remembered
   * per server; that a server has no route at all is concluded only when two different processed
   * recordings have insights nowhere (one may just be early).
   */
  async getRecordingInsights(id: string, { signal, interactive }: Signal = {}): Promise<RecordingInsights | null> {
    const call = { signal, interactive };
    const record = await this.#discovery.get(this.baseUrl);
    const fresh =
      record.recordingInsightsCheckedAt !== null && this.#now() - record.recordingInsightsCheckedAt < INSIGHT_ROUTES_RECHECK_MS;
    if (record.recordingInsights !== null && fresh) {
      if (record.recordingInsights === 'none') return null;
      const insights = await this.#recordingInsightsVia(record.recordingInsights, id, call);
      // The route works for this server: nothing there for this recording is "not yet" (a refusal,
      // a 400 or a web page, is no insights).
      if (insights === 'not-yet' || insights === 'missing') throw recordingInsightsNotYet();
      return insights;
    }
    let notYet = false;
    for (const route of ['insights-path', 'recording-path', 'embedded'] as const) {
      const insights = await this.#recordingInsightsVia(route, id, call);
      if (insights === 'not-yet') notYet = true;
      else if (insights !== null && insights !== 'missing') {
        await this.#discovery.update(this.baseUrl, { recordingInsights: route, recordingInsightsCheckedAt: this.#now(), recordingInsightsMissingFor: null });
        return insights;
      }
    }
    if (notYet) throw recordingInsightsNotYet();
    // Only processed recordings tell: a recording still being processed has none anywhere.
    const recording = await this.getRecording(id, call);
    if (recording.status !== 'completed') return null;
    const missingFor = record.recordingInsightsMissingFor ?? null;
    if (missingFor !== null && missingFor !== id) {
      await this.#discovery.update(this.baseUrl, { recordingInsights: 'none', recordingInsightsCheckedAt: this.#now(), recordingInsightsMissingFor: null });
      return null;
    }
    if (missingFor !== id) await this.#discovery.update(this.baseUrl, { recordingInsightsMissingFor: id });
    throw recordingInsightsNotYet();
  }

  /**
   * `'missing'`: nothing there for this recording (a 404; the recording's own answer holds none).
   * `null`: refused, or an answer that is no insights (a 400, a web page from a single-page app's
   * catch-all or a sign-in page). `'not-yet'`: an empty 2xx (204, `null`), a route that has
   * nothing for this recording yet. While the route is unknown, the first two both say "not this
   * route"; once it is known, only a refusal is "no insights".
   */
  async #recordingInsightsVia(
    route: Exclude<RecordingInsightRoute, 'none'>,
    id: string,
    call: Signal,
  ): Promise<RecordingInsights | 'not-yet' | 'missing' | null> {
    const encoded = pathSegment(id);
    try {
      if (route === 'embedded') {
        const response = await this.http.request('GET', `/api/v2/recordings/${encoded}`, call);
        return embeddedRecordingInsights(response.body, id) ?? 'missing';
      }
      const path = route === 'insights-path' ? `/api/v2/insights/recording/${encoded}` : `/api/v2/recordings/${encoded}/insights`;
      const response = await this.http.request('GET', path, call);
      if (response.body === null) return 'not-yet';
      return toRecordingInsights(response.body, id);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not_found') return 'missing';
      if (error instanceof ApiError && (error.kind === 'bad_request' || error.kind === 'invalid_response')) return null;
      throw error;
    }
  }

  // ---------- upload ----------

  /**
   * Asks for a new recording and its upload URL. The interface shows four fields; the title, the
   * meeting's date and the primary contact go beside them. A server refusing what it does not know
   * (pydantic's `extra='forbid'`, NestJS's `forbidNonWhitelisted`: 400 or 422, nothing created) is
   * asked once more with the four alone, when its words say so: a refusal of one of the values (a
   * contact the service no longer has) is said as it is. `withoutExtras`: the recording was created
   * without them (no contact named), as the upload's record must then say.
   */
  async requestUpload(request: UploadRequest, { signal }: Signal = {}): Promise<PresignedUpload & { withoutExtras?: true }> {
    const shown = {
      filename: request.filename,
      content_type: request.contentType,
      file_size: request.fileSize,
      speakers_expected: request.speakersExpected,
    };
    const extras = { title: request.title, meeting_date: request.meetingDate, primary_contact_id: request.primaryContactId };
    const ask = (body: object) =>
      // Creates a recording: never sent twice on an unknown outcome.
      this.http.request('POST', '/api/v2/recordings/presigned-url', { body, idempotent: false, signal });
    let withoutExtras = false;
    const response = await ask({ ...shown, ...extras }).catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.kind !== 'bad_request' || !EXTRA_FIELDS_REFUSED.test(error.message)) throw error;
      withoutExtras = true;
      return ask(shown);
    });
    const presigned = toPresignedUpload(response.body, this.baseUrl, this.#now());
    return withoutExtras ? { ...presigned, withoutExtras } : presigned;
  }

  /**
   * Marking the same upload complete twice changes nothing, so this one may be retried. Its reply
   * is not needed: any 2xx is success. A server that refuses the second call ("already
   * processing", after the first one's answer was lost: a 409, a 400/422, or a 404 "no pending
   * upload") is asked for the recording: one already on its way (queued, processing, completed) was completed; else the
   * refusal stands.
   */
  async completeUpload(recordingId: string, { signal }: Signal = {}): Promise<void> {
    const complete = (asNumber: boolean) =>
      this.http.request('POST', '/api/v2/recordings/complete-upload', {
        // The digits written as a JSON number, as the service wrote them (an int64 past 2^53 too).
        ...(asNumber ? { rawBody: `{"recording_id":${recordingId}}`, headers: { 'Content-Type': 'application/json' } } : { body: { recording_id: recordingId } }),
        idempotent: true,
        ignoreBody: true,
        signal,
      });
    // The id is kept as text; a server whose ids are numbers (`{"recording_id": 42}`) and that
    // checks types strictly refuses "42" (400/422): it is sent again as the number it was. Only
    // an id written as a number is ("007" is not 7: another recording, perhaps).
    const asNumber = /^(0|[1-9]\d*)$/.test(recordingId);
    try {
      await complete(false).catch((error: unknown) => {
        if (!asNumber || !(error instanceof ApiError) || error.kind !== 'bad_request') throw error;
        // Refused as a number too: the first refusal said why. Any other answer is the one that
        // counts (a 409 "already processing" after a restart, a network failure).
        return complete(true).catch((second: unknown) => {
          throw second instanceof ApiError && second.kind === 'bad_request' ? error : second;
        });
      });
    } catch (error) {
      // "Already processing" comes as a 409, or as the server's validation status (Django REST's
      // 400, Rails' 422), or as a 404 from one that looks among uploads still pending ("No pending
      // upload", the first call's answer lost): the recording says whether it is on its way. A 404
      // whose recording cannot be read, or still waits for its file, is the recording gone.
      if (!(error instanceof ApiError) || (error.kind !== 'conflict' && error.kind !== 'bad_request' && error.kind !== 'not_found')) throw error;
      const recording = await this.getRecording(recordingId, { signal }).catch(() => null);
      const status = recording?.status ?? null;
      // A 409 says the state stands in the way. A 400/422 or a 404 may be any refusal, and some
      // words for "queued" are said of a recording just made whether or not its file arrived
      // ("pending", "waiting_for_upload", "pending_file"): those prove nothing then; "queued",
      // "uploaded", "upload_complete" and the like do.
      const word = (recording?.rawStatus ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
      const unproven = UNPROVEN_QUEUED.has(word) || (/upload|file/.test(word) && !/uploaded|complete|received|done|finished/.test(word));
      const onItsWay = status === 'processing' || status === 'completed' || (status === 'queued' && (error.kind === 'conflict' || !unproven));
      if (!onItsWay) throw error;
    }
  }

  // ---------- contacts ----------

  /** One page; `next` is the token from the previous page (whatever paging the server uses). */
  async listContacts(
    params: { limit?: number; next?: string | null; search?: string } = {},
    { signal, waitsOut }: Signal & Pick<RequestOptions, 'waitsOut'> = {},
  ): Promise<ContactPage> {
    const limit = params.limit ?? 50;
    const query: Record<string, string | number | undefined> = params.next
      ? (JSON.parse(params.next) as Record<string, string>)
      : { limit, offset: 0, search: params.search };
    const offset = Number(query.offset ?? 0);
    // The size this page was asked for: the next page's query carries its own.
    const asked = Number(query.limit ?? limit);
    try {
      const response = await this.http.request('GET', '/api/v2/contacts', { query, signal, waitsOut });
      // Only this call reads the Link header: it is the one that pages on to the next page.
      const linkPaging = { link: response.headers.get('link'), requestUrl: this.http.url('/api/v2/contacts', query), apiRoot: this.http.url('/api/v2') };
      return toContactPage(response.body, { limit: Number.isFinite(asked) && asked > 0 ? asked : limit, offset: Number.isFinite(offset) ? offset : 0 }, linkPaging);
    } catch (error) {
      // The list's first page, unfiltered: a 404 or no list there is no service there (a search may find nothing).
      throw params.next || params.search ? error : asNotTheService(error);
    }
  }

  /**
   * Every contact, page by page. Stops on a page with nobody new or a position asked for before (a
   * server ignoring the paging query, a cursor that does not move). A short page without a total
   * may be a server capping the page size below the asked one rather than the end: the next
   * offset is asked for once, and only a page with nobody new ends the list. Not once the server
   * has paged by `Link` header: there a page without rel="next" (or without the header) is the end.
   */
  async listAllContacts(call: Signal = {}): Promise<ContactRecord[]> {
    return (await this.readContactList(call)).contacts;
  }

  /**
   * listAllContacts, saying whether the list was read to its end: not when the pages stopped
   * bringing anyone new while the server said more followed (it ignored the paging asked for), a
   * cursor did not move, or the page limit was reached. A name then found once may have a namesake
   * in what was not read.
   */
  async readContactList({ signal }: Signal = {}): Promise<ContactList> {
    let limit = 100;
    const seen = new Map<string, ContactRecord>();
    const asked = new Set<string | null>();
    let next: string | null = null;
    let probing = false;
    /** The server named its next pages (a Link header, a cursor…): one naming none is its last. */
    let byName = false;
    let complete = false;
    /** The first page held more than asked for: the server sends everyone at once. */
    let allAtOnce = false;
    /** The ids of the first page: a probe answered with them again met a server ignoring offsets. */
    let firstIds = '';
    /**
     * The page number asked next, once the server answered an offset with its first page again: it
     * may page by number alone (Flask's `paginate()`, Spring's `Pageable`), counting from 0 or 1.
     */
    let pageNumber: number | null = null;
    /** The last page was shorter than the first one asked: the next may not exist (a 404 past the end). */
    let mayHaveEnded = false;
    /** The page before said more followed (moreSaid). */
    let moreSaid = false;
    /** The page before said more followed by `has_more` alone (nextUnnamed): a list paged after its last id (after-id-paging.ts). */
    let nextUnnamed = false;
    /** The last id of the last page that brought someone new. */
    let lastId: string | null = null;
    const afterId = new AfterIdPaging();
    /** The next page's query by the last id under another name, where only `has_more` said more followed. */
    const retryAfterId = () => (nextUnnamed && lastId !== null ? afterId.retry(lastId, limit, next === null ? null : (JSON.parse(next) as Record<string, string>)) : null);
    for (let page = 0; page < this.#maxContactPages && !asked.has(next); page++) {
      asked.add(next);
      let result: ContactPage;
      try {
        if (next === null) ({ result, limit } = await this.#firstContactPage(signal));
        else result = await this.listContacts({ limit, next }, { signal, waitsOut: LIST_WAITS_OUT_MS });
      } catch (error) {
        // More was said to follow and the way asked was refused (an offset): by the last id, then.
        const retry = error instanceof ApiError && error.kind === 'bad_request' ? retryAfterId() : null;
        if (retry !== null) {
          next = retry;
          continue;
        }
        // A server refusing the probe's offset has said its last page already.
        const pastTheEnd = error instanceof ApiError && (error.kind === 'bad_request' || error.kind === 'invalid_response' || (mayHaveEnded && error.kind === 'not_found'));
        if ((probing || mayHaveEnded) && pastTheEnd) {
          // Not when asking by number was refused at once: the server ignored the offset too.
          complete = pageNumber !== 1;
          break;
        }
        throw error;
      }
      const fresh = result.items.filter((contact) => !seen.has(contact.id));
      for (const contact of result.items) seen.set(contact.id, contact);
      const ids = result.items.map((contact) => contact.id).join('\n');
      if (page === 0) {
        allAtOnce = result.items.length > limit;
        firstIds = ids;
      }
      const firstAgain = page > 0 && result.items.length > 0 && ids === firstIds;
      // The first page again, for an offset or for page 1: asked by number from 1 (a server counting
      // from 0 answers page 1 with its second page; one counting from 1, with its first again).
      if (firstAgain && (pageNumber === null ? probing : pageNumber === 1)) {
        pageNumber = (pageNumber ?? 0) + 1;
        next = JSON.stringify({ limit: String(limit), page: String(pageNumber) });
        continue;
      }
      // The first page again for a later number: the server ignores paging of any kind, or has one
      // page only (Django's get_page clamps to it). What it did not send may hold a namesake.
      if (firstAgain && pageNumber !== null) {
        // A page of a usual size (a multiple of 10, or 25) may be a cap, not the end: a server
        // sending its first 20 rows whatever is asked looks just the same. Only a page of another
        // size is the whole list, or one counted (`count` its length) with no one else ever sent:
        // a small service's whole list, every time.
        const rows = result.items.length;
        const counted = result.countedItself === true && rows === seen.size;
        complete = !moreSaid && result.total === null && seen.size < limit && (counted || (rows % 10 !== 0 && rows % 25 !== 0));
        break;
      }
      // More was said to follow, and the way asked brought only people seen already (the first page
      // again for an offset): the page after the last id, under each name it may be read by. An
      // empty page is the end, as ever (`has_more` said of any full page, the last one too).
      const retry = fresh.length === 0 && result.items.length > 0 ? retryAfterId() : null;
      if (retry !== null) {
        next = retry;
        continue;
      }
      if (fresh.length === 0) {
        // An empty page, the probe past a short one, a server clamping a page past the end to its
        // last (everyone it counts is read), or one that sends everyone at once is the end. People
        // seen already where more was to follow are a server ignoring the paging: the rest was
        // never read.
        // Fewer than a page read in all is the end too, unless the server said more followed.
        complete = result.items.length === 0 || probing || allAtOnce || (result.total !== null && seen.size >= result.total) || (!moreSaid && seen.size < limit);
        break;
      }
      moreSaid = result.moreSaid === true;
      nextUnnamed = result.nextUnnamed === true;
      afterId.broughtSomeone();
      lastId = result.items.at(-1)?.id ?? lastId;
      mayHaveEnded = result.items.length < limit;
      byName ||= result.linkPaged === true || moreSaid;
      // A short page the server itself called the last (`next: null`, `has_more: false`) is the end.
      const uncertainEnd = !byName && result.complete !== true && result.next === null && result.total === null && result.items.length < limit;
      probing = uncertainEnd;
      if (pageNumber !== null) {
        // Paging by number: the next one, until a page brings no one new.
        pageNumber++;
        probing = true;
        next = JSON.stringify({ limit: String(limit), page: String(pageNumber) });
        continue;
      }
      next = uncertainEnd ? JSON.stringify({ limit: String(limit), offset: String(seen.size) }) : ((nextUnnamed && lastId !== null ? afterId.after(lastId, limit) : null) ?? result.next);
      if (next === null) {
        complete = true;
        break;
      }
    }
    return { contacts: [...seen.values()], complete };
  }

  /**
   * The list's first page, asked again at a smaller size where the server refuses the size asked
   * (a maximum the interface does not show: FastAPI's `le=50` answers 422): every name lookup
   * through the index failed with the refusal.
   */
  async #firstContactPage(signal: AbortSignal | undefined, sizes: readonly number[] = FIRST_PAGE_SIZES): Promise<{ result: ContactPage; limit: number }> {
    const [limit = 100, ...smaller] = sizes;
    try {
      return { result: await this.listContacts({ limit }, { signal, waitsOut: LIST_WAITS_OUT_MS }), limit };
    } catch (error) {
      if (smaller.length > 0 && error instanceof ApiError && error.kind === 'bad_request') return this.#firstContactPage(signal, smaller);
      throw error;
    }
  }

  async getContact(id: string, { signal, interactive }: Signal = {}): Promise<ContactRecord> {
    const response = await this.http.request('GET', `/api/v2/contacts/${pathSegment(id)}`, { signal, interactive });
    return toContact(response.body);
  }

  findContactByEmail(email: string, { signal, interactive }: Signal = {}): Promise<ContactRecord | null> {
    return this.#finder.findByEmail(email, { signal, interactive });
  }

  /** The service no longer has this contact (a 404): the local list stops finding them. */
  forgetContact(id: string): void {
    this.#finder.index.forget(id);
  }

  findContactByName(name: string, { signal, interactive }: Signal = {}): Promise<ContactRecord | null> {
    return this.#finder.findByName(name, { signal, interactive });
  }

  /** Rebuilds the local contact index (used after contact changes). */
  refreshContactIndex(): Promise<void> {
    return this.#finder.index.refresh();
  }

  /**
   * A 404 here is ambiguous: many servers (Django's get_object_or_404, Rails' find_by!) answer it
   * for a contact with no insights yet. The contact itself is asked for then (one call, only on a
   * 404): if it exists, its insights are empty; only when it is gone too is the 404 passed on.
   */
  async getContactInsights(contactId: string, { signal, interactive }: Signal = {}): Promise<Insights> {
    const call = { signal, interactive };
    try {
      const response = await this.http.request('GET', `/api/v2/insights/contact/${pathSegment(contactId)}`, call);
      return toInsights(response.body, contactId);
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'not_found') throw error;
      await this.getContact(contactId, call);
      return toInsights(null, contactId);
    }
  }

  // ---------- webhooks ----------

  async createWebhook(
    config: { url: string; events: WebhookEvent[]; description?: string },
    { signal }: Signal = {},
  ): Promise<Webhook> {
    const response = await this.http
      .request('POST', '/api/v2/webhooks', {
        body: { url: config.url, events: config.events, description: config.description },
        idempotent: false,
        signal,
      })
      .catch((error: unknown) => {
        // No such route ("The service does not have this item" said nothing of what to do).
        if (error instanceof ApiError && (error.status === 404 || error.status === 405 || error.status === 501)) {
          throw new ApiError(error.kind, 'This service does not take webhooks from Primer: set them up in the service’s own dashboard.', { status: error.status, code: error.code });
        }
        // A 2xx whose JSON cannot be read is a webhook created all the same: said as failed, the
        // user pressed Create again and the receiver got every event twice.
        if (error instanceof ApiError && error.kind === 'invalid_response' && error.status !== null && error.status >= 200 && error.status < 300) return null;
        throw error;
      });
    return toWebhook(response?.body ?? null, { ...config, location: response?.headers.get('location') ?? null, status: response?.status ?? null });
  }

  /** `null` when the server does not list webhooks (the interface shows only creation). */
  async listWebhooks({ signal, interactive }: Signal = {}): Promise<Webhook[] | null> {
    try {
      const all: Webhook[] = [];
      const seen = new Set<string>();
      let query: Record<string, string> | undefined;
      // Page after page as the server says more follow; a page with nothing new (paging ignored) ends it.
      for (let page = 0; page < MAX_WEBHOOK_PAGES; page++) {
        const asked = query;
        // A later page that is not there (one Primer guessed, a cursor gone) ends the list: it does not
        // cost the pages read. One that failed for a moment (busy, offline) fails the list: it is not whole.
        const response = await this.http.request('GET', '/api/v2/webhooks', { query, signal, interactive }).catch((error: unknown) => {
          if (page === 0 || signal?.aborted || !(error instanceof ApiError && (isUnsupported(error) || error.kind === 'bad_request'))) throw error;
          return null;
        });
        if (response === null) break;
        const linkPaging = { link: response.headers.get('link'), requestUrl: this.http.url('/api/v2/webhooks', asked), apiRoot: this.http.url('/api/v2') };
        const { items, next } = toWebhookPage(response.body, asked, linkPaging);
        // An entry without an id is told apart by its address.
        const keyOf = (webhook: Webhook) => webhook.id ?? `url:${webhook.url ?? ''}`;
        const fresh = items.filter((webhook) => !seen.has(keyOf(webhook)));
        for (const webhook of fresh) seen.add(keyOf(webhook));
        // Not push(...fresh): spread, a server's page of 130,000 overflows the stack.
        for (const webhook of fresh) all.push(webhook);
        if (next === null || fresh.length === 0) break;
        query = next;
      }
      return all;
    } catch (error) {
      if (error instanceof ApiError && isUnsupported(error)) return null;
      throw error;
    }
  }

  /** `false` when the server offers no deletion. */
  async deleteWebhook(id: string, { signal, interactive }: Signal = {}): Promise<boolean> {
    let body: unknown;
    try {
      body = (await this.http.request('DELETE', `/api/v2/webhooks/${pathSegment(id)}`, { signal, interactive })).body;
    } catch (error) {
      // A 2xx whose body is not what its type says ("Deleted" as JSON) still deleted it, as for creation.
      if (error instanceof ApiError && error.kind === 'invalid_response' && error.status !== null && error.status >= 200 && error.status < 300) return true;
      if (error instanceof ApiError && isUnsupported(error) && error.status !== 404) return false;
      throw error;
    }
    // A 2xx that says it failed ({success: false, error}) deleted nothing.
    refusedDeletion(body);
    return true;
  }
}

/** 404/405/501 on a route the interface does not show means "this server has no such route". */
function isUnsupported(error: ApiError): boolean {
  return error.status === 404 || error.status === 405 || error.status === 501 || error.kind === 'invalid_response';
}
