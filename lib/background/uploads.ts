/**
 * The upload service wired to the browser: the service client for the three steps, the platform's
 * way of sending files, an alarm for processing checks, the toolbar badge and notifications, and
 * a refreshed briefing for the recording's primary contact when processing is done.
 */
import { browser } from '#imports';
import { permissionPatternFor } from '../api/base-url';
import { onThisComputer } from '../api/webhook-url';
import { AZURE_PUT_BLOB_MAX_BYTES, isAzureBlobUrl } from '../api/azure-blob';
import { LOCAL_UPLOAD_ADDRESS, TOO_LARGE_FOR_AZURE } from '../api/errors';
import { formatBytes } from '../upload/file-check';
import type { UploadRequest } from '../api/client';
import { isolatedText, serverText } from '../format/text';
import { ApiError } from '../api/error-info';
import { deleteUploadFile, listUploadFileIds } from '../upload/file-store';
import { MISSING_FILE, noLongerFollowed, recordingGone, refusedOnEveryRetry, withoutContact, type UploadMeta, type UploadRecord } from '../upload/record';
import { UploadService } from '../upload/service';
import { legacyAccountRenames, retiredAccount, sameAccount } from './upload-account';
import { uploadStore } from './upload-store';
import { FileSender } from '../upload/file-sender';
import { HeldFiles } from '../upload/held-files';
import { localTransport, offscreenApi, offscreenTransport, type UploadTransport } from '../upload/transport';
import type { ServiceContext } from './service-context';
import { setGlobalBadge } from './toolbar';

export const UPLOAD_POLL_ALARM = 'upload-processing-check';
const BADGE_COLOUR = '#1a56b0';

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new ApiError('aborted', 'The upload was cancelled.'))), { once: true });
  });
}

/** What the notification says of a recording that finished processing, failed to, or could not be sent. */
export function announcementOf(record: UploadRecord): { title: string; message: string } {
  // Plain text, so the page's title, the service's words and the contact's name are isolated with
  // characters: an override in any of them would turn Primer's words after it backwards.
  const title = isolatedText(record.meta.title);
  if (record.state === 'failed' && record.failedStep !== null && record.failedStep !== 'processing') {
    const why = serverText(record.error) ?? 'the upload stopped';
    // The file gone, or the recording gone from the service, there is no Retry (retryLabel): the
    // recording is uploaded anew from the form.
    // Refused as every retry would be (no Retry either): nothing to try again until the service changes.
    const next = record.needsAccess
      ? 'Open Primer’s toolbar button to allow it.'
      : record.error === MISSING_FILE || recordingGone(record)
        ? 'Open Primer’s toolbar button to upload it again.'
        : refusedOnEveryRetry(record)
          ? 'Trying again would be refused the same way until the service is set up otherwise.'
          : 'Open Primer’s toolbar button to try again.';
    return {
      title: record.needsAccess ? 'Recording upload needs your permission' : 'Recording upload stopped',
      message: `“${title}”: ${isolatedText(why)}${/[.!?…]$/.test(why) ? '' : '.'} ${next}`,
    };
  }
  // The service never said it failed: nothing to upload again, only to look for on the service.
  if (noLongerFollowed(record)) {
    return { title: 'Primer stopped following a recording', message: `“${title}”: the service had not finished processing it after about a day. Check it on the service.` };
  }
  if (record.state !== 'completed') {
    // The service's words, as the popup's row shows them: on one line, cut, one full stop.
    const why = serverText(record.error) ?? 'processing failed';
    return { title: 'Recording could not be processed', message: `“${title}”: ${isolatedText(why)}${/[.!?…]$/.test(why) ? '' : '.'}` };
  }
  const contact = record.meta.primaryContactName;
  const byName = record.meta.primaryContactMatchedBy === 'name' ? ' (matched by name)' : '';
  return { title: 'Recording ready', message: `“${title}” is ready${contact ? `; ${isolatedText(contact)}’s briefing is up to date${byName}` : ''}.` };
}

interface ViewsApi {
  runtime: { getContexts?: (filter: { contextTypes: string[] }) => Promise<{ contextType?: string; documentUrl?: string; tabId?: number; windowId?: number }[]> };
  extension?: { getViews?: () => { location: { pathname: string }; document: { visibilityState: string } }[] };
}

/**
 * Whether the popup, or its form in a tab the user has in front of them, is open: it lists the
 * uploads and says a failure there. A tab left behind others says nothing (Firefox's form is
 * always a tab). Chrome lists its contexts; Firefox's background page sees the extension's pages.
 */
export async function uploadsShown(): Promise<boolean> {
  const api = browser as unknown as ViewsApi;
  const isForm = (url: string | undefined) => !!url && new URL(url).pathname === '/popup.html';
  if (api.runtime.getContexts) {
    const contexts = await api.runtime.getContexts({ contextTypes: ['POPUP', 'TAB'] });
    for (const context of contexts) {
      if (!isForm(context.documentUrl)) continue;
      if (context.contextType === 'POPUP') return true;
      if (context.tabId === undefined || context.tabId < 0) continue;
      const tab = await browser.tabs.get(context.tabId).catch(() => null);
      const window = tab ? await browser.windows.get(tab.windowId).catch(() => null) : null;
      if (tab?.active && window && window.state !== 'minimized') return true;
    }
    return false;
  }
  return (api.extension?.getViews?.() ?? []).some((view) => view.location.pathname === '/popup.html' && view.document.visibilityState === 'visible');
}

async function announce(record: UploadRecord): Promise<void> {
  const options = announcementOf(record);
  await browser.notifications
    .create(`primer-upload-${record.id}`, { type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png'), ...options })
    .catch(() => undefined);
}

/**
 * The cache entries (key prefixes, lib/background/handlers) a processed recording makes stale:
 * its primary contact's insights and recordings, the list of all recordings, and the recording
 * itself. Nothing when processing failed.
 */
export function changedByProcessing(scope: string, record: UploadRecord): string[] {
  if (record.state !== 'completed') return [];
  const contactId = record.meta.primaryContactId;
  return [
    ...(contactId ? [`${scope}|insights|${contactId}`, `${scope}|recordings|${contactId}|`] : []),
    `${scope}|recordings|*|`,
    ...(record.recordingId ? [`${scope}|recording|${record.recordingId}`, `${scope}|recording-insights|${record.recordingId}`] : []),
  ];
}

/**
 * The pattern to ask for before sending to `url`, or null when Primer already may. Only https
 * hosts (and this computer over http) can be granted: the manifest offers nothing wider.
 */
export async function missingUploadAccess(url: string): Promise<string | null> {
  const pattern = permissionPatternFor(url);
  if (!pattern) {
    throw new ApiError('invalid_response', `The service gave an upload address Primer will not send recordings to (${url.slice(0, 80)}): it must use https.`);
  }
  return (await browser.permissions.contains({ origins: [pattern] })) ? null : pattern;
}

/**
 * Refuses an upload address on this computer from a service that is not: the offscreen document
 * would PUT the recording, with headers the service chose, to whatever listens there (a local
 * admin port), without the browser's CORS check once access to this computer was granted for a
 * local service before.
 */
export function checkUploadAddress(uploadUrl: string, serviceUrl: string): void {
  if (onThisComputer(uploadUrl) && !onThisComputer(serviceUrl)) {
    throw new ApiError('invalid_response', `${LOCAL_UPLOAD_ADDRESS} (${uploadUrl.slice(0, 80)}): Primer sends recordings there only for a service on this computer.`);
  }
}

/**
 * Refuses a recording larger than the upload address's storage takes in one PUT (Azure Blob:
 * AZURE_PUT_BLOB_MAX_BYTES), before the file is sent: storage would refuse it only once gigabytes
 * had gone, or cut the connection, which is retried as a dropped one and sends them all again.
 */
export function checkUploadSize(uploadUrl: string, size: number): void {
  if (isAzureBlobUrl(uploadUrl) && size > AZURE_PUT_BLOB_MAX_BYTES) {
    throw new ApiError('invalid_response', `${TOO_LARGE_FOR_AZURE}, which takes at most ${formatBytes(AZURE_PUT_BLOB_MAX_BYTES)} in one upload; this recording is ${formatBytes(size)}.`);
  }
}

/**
 * The client for a recording created on `serviceUrl`, in `account` there: the recording's id means
 * nothing to another service or another account of it (or is someone else's recording there), so
 * after the settings changed its upload waits, saying why, until they are set back. Null: the
 * service or account in effect (records from before).
 */
export async function recordingClient<C extends { baseUrl: string; cacheScope?: string; legacyKeyHash?: string | null }>(
  context: { client(): Promise<C> },
  serviceUrl: string | null | undefined,
  account: string | null = null,
): Promise<C> {
  const client = await context.client();
  if (serviceUrl && serviceUrl !== client.baseUrl) {
    throw new ApiError('not_configured', `This recording was created on ${serviceUrl}, and Primer now uses ${client.baseUrl}. Set Primer back to ${serviceUrl} to finish it.`);
  }
  if (account && client.cacheScope !== undefined && !sameAccount(account, { scope: client.cacheScope, legacyKeyHash: client.legacyKeyHash ?? null })) {
    // Renamed at the update: that key is known no more (upload-account.ts), so saving it cannot be asked.
    if (retiredAccount(account)) {
      throw new ApiError('not_configured', `This recording was created with another API key for ${client.baseUrl} (another account), saved before Primer was last updated. Finish it on the service, or upload the file again.`);
    }
    throw new ApiError('not_configured', `This recording was created with another API key for ${client.baseUrl} (another account). Save that key in Primer’s options again to finish it.`);
  }
  return client;
}

/** Where a new recording is created: the service's address and the account there (ServiceClient.cacheScope). */
export interface RecordingHome {
  baseUrl: string;
  account: string | null;
  /** The key's hash as earlier versions kept it (upload-account.ts): recognises their records' account. */
  legacyKeyHash?: string | null;
}

/**
 * What a new recording for `record` is created with on the service at `baseUrl`. The primary
 * contact was chosen on the service of the upload's earlier recording: on another service (a retry
 * after the settings changed) that id is no one there, or someone else, so it is left out.
 */
export function uploadRequest(record: UploadRecord, home: RecordingHome): UploadRequest {
  const sameService = onItsService(record, home);
  return {
    filename: record.file.name,
    contentType: record.file.type,
    fileSize: record.file.size,
    speakersExpected: record.meta.speakersExpected ?? undefined,
    title: record.meta.title,
    meetingDate: record.meta.meetingDate,
    primaryContactId: sameService ? (record.meta.primaryContactId ?? undefined) : undefined,
  };
}

function onItsService(record: UploadRecord, { baseUrl, account, legacyKeyHash }: RecordingHome): boolean {
  const sameService = record.serviceUrl === null || record.serviceUrl === baseUrl;
  return sameService && (record.account === null || account === null || sameAccount(record.account, { scope: account, legacyKeyHash: legacyKeyHash ?? null }));
}

/**
 * The upload's details once its recording is created on the service at `baseUrl`: on another
 * service (uploadRequest left the contact out), or created without the fields beside the
 * interface's four (`withoutExtras`), it names no contact either, or the row and the "processed"
 * notification would speak of a briefing it never touched.
 */
export function metaOn(record: UploadRecord, home: RecordingHome, withoutExtras = false): UploadMeta {
  return onItsService(record, home) && !withoutExtras ? record.meta : withoutContact(record.meta);
}

export interface UploadContext {
  transport: UploadTransport;
  /** Firefox: this background page holds and sends the files itself (it also receives hand-overs). */
  local: { held: HeldFiles; sender: FileSender } | null;
}

/** Chrome: the offscreen document receives and sends files; elsewhere, this page does. */
export function createUploadTransport(): UploadContext {
  const api = offscreenApi();
  if (api) return { transport: offscreenTransport(api), local: null };
  const held = new HeldFiles();
  const sender = new FileSender(held);
  return { transport: localTransport(held, sender), local: { held, sender } };
}

export function createUploadService(context: ServiceContext, transport: UploadTransport = createUploadTransport().transport): UploadService {
  /** The kept copy (IndexedDB) and the held File (offscreen document or this page) go together. */
  const deleteFile = async (id: string) => {
    await transport.release(id).catch(() => undefined);
    await deleteUploadFile(id);
  };
  return new UploadService({
    store: uploadStore({ onDropped: (ids) => ids.forEach((id) => void deleteFile(id).catch(() => undefined)) }),
    requestUrl: async (record, signal) => {
      const client = await context.client();
      const home = { baseUrl: client.baseUrl, account: client.cacheScope, legacyKeyHash: client.legacyKeyHash };
      const { withoutExtras, ...presigned } = await client.requestUpload(uploadRequest(record, home), { signal });
      checkUploadAddress(presigned.uploadUrl, client.baseUrl);
      checkUploadSize(presigned.uploadUrl, record.file.size);
      return { ...presigned, serviceUrl: client.baseUrl, account: client.cacheScope, meta: metaOn(record, home, withoutExtras === true) };
    },
    put: transport.put,
    sending: transport.sending,
    prepareHandOver: transport.prepare,
    tidy: transport.tidy,
    missingAccess: missingUploadAccess,
    complete: async (recordingId, signal, serviceUrl, account) => (await recordingClient(context, serviceUrl, account)).completeUpload(recordingId, { signal }),
    getRecording: async (id, serviceUrl, account) => (await recordingClient(context, serviceUrl, account)).getRecording(id),
    dropCachedResults: async (record) => {
      // Done before the upload is saved as completed, which is what open side panels refresh on.
      const { cacheScope } = await context.client();
      for (const prefix of changedByProcessing(cacheScope, record)) await context.cache.invalidate(prefix);
    },
    announce,
    uploadsShown,
    showActive: async (count) => {
      await setGlobalBadge(count > 0 ? `↑${count}` : '', BADGE_COLOUR).catch(() => undefined);
    },
    schedulePoll: async (at) => {
      if (at === null) await browser.alarms.clear(UPLOAD_POLL_ALARM);
      else await browser.alarms.create(UPLOAD_POLL_ALARM, { when: Math.max(at, Date.now()) });
    },
    deleteFile,
    listFiles: listUploadFileIds,
    now: Date.now,
    sleep: abortableSleep,
    accountRenames: legacyAccountRenames,
  });
}
