/**
 * Uploading a recording through the toolbar popup, in Chromium with the production build, against
 * the stand-in. The stand-in's upload origin is `localhost` while its API is `127.0.0.1`, so access
 * to the upload origin is a separate permission, asked for from the user's click.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Worker } from 'playwright/test';
import { wavTone, writeWavFile } from '../support/audio';
import { allowSiteForExtension } from '../support/host-access';
import { expect, serveFixture, test, type StandIn } from './support/browser';
import { PopupPage } from './support/popup';
import { axeViolations, openPanel, tabIdOf } from './support/side-panel';
import { configure } from './support/setup';

test.use({ standInOptions: { storageHost: 'localhost', processingStepMs: 300 } });

const PRESIGN = '/api/v2/recordings/presigned-url';
const COMPLETE = '/api/v2/recordings/complete-upload';
const UPLOAD_ORIGIN = 'http://localhost/*';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/upload');
const CALENDAR_URL = 'https://calendar.google.com/calendar/u/0/r/week/2026/5/18';

/**
 * The SHA-256 of what the storage server keeps for each stored upload: the bytes themselves, not
 * only how many arrived (a body of the right size, zeros or another file's, is no recording).
 */
function storedDigests(standIn: StandIn): string[] {
  return [...standIn.uploads.values()].map((stored) => sha256(fs.readFileSync(stored.path)));
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Allows the upload origin the way a user would, from the popup's own "Allow and upload". */
async function grantUploadOrigin(context: BrowserContext, extensionId: string, popup: PopupPage, title: string) {
  const item = popup.item(title);
  await expect(item).toContainText('Needs your permission');
  await expect(item).toContainText('Primer needs your permission to send the recording to localhost');
  await allowSiteForExtension(context, extensionId, UPLOAD_ORIGIN);
  await item.getByRole('button', { name: 'Allow and upload' }).click();
}

function presignCount(standIn: StandIn) {
  return standIn.requests.filter((entry) => entry.method === 'POST' && entry.path === PRESIGN).length;
}
function completeCount(standIn: StandIn) {
  return standIn.requests.filter((entry) => entry.method === 'POST' && entry.path === COMPLETE).length;
}
function puts(standIn: StandIn) {
  return standIn.requests.filter((entry) => entry.server === 'storage' && entry.method === 'PUT');
}

async function badgeText(serviceWorker: Worker): Promise<string> {
  return serviceWorker.evaluate(() => (globalThis as unknown as { chrome: { action: { getBadgeText(details: object): Promise<string> } } }).chrome.action.getBadgeText({}));
}

async function notifications(serviceWorker: Worker): Promise<string[]> {
  return serviceWorker.evaluate(async () =>
    Object.keys(await (globalThis as unknown as { chrome: { notifications: { getAll(): Promise<Record<string, unknown>> } } }).chrome.notifications.getAll()),
  );
}

interface Shown {
  id: string;
  title: string;
  message: string;
}
interface NotificationsApi {
  create(id: string, options: { title: string; message: string }): Promise<string>;
}

/**
 * Records what each notification says: Chrome shows no notification's words to the extension once
 * it is up, so the service worker's notifications.create is watched from here on (Playwright's
 * attachment keeps this worker alive for the test).
 */
async function watchNotifications(serviceWorker: Worker): Promise<void> {
  await serviceWorker.evaluate(() => {
    const g = globalThis as unknown as { chrome: { notifications: NotificationsApi }; __shown?: Shown[] };
    if (g.__shown) return;
    const shown: Shown[] = [];
    g.__shown = shown;
    const api = g.chrome.notifications;
    const create = api.create.bind(api);
    api.create = (id, options) => {
      shown.push({ id, title: options.title, message: options.message });
      return create(id, options);
    };
  });
}

async function shownNotifications(serviceWorker: Worker): Promise<Shown[]> {
  return serviceWorker.evaluate(() => (globalThis as unknown as { __shown?: Shown[] }).__shown ?? []);
}

/** Files Primer keeps in IndexedDB so an upload can go on after a restart. */
async function keptFiles(serviceWorker: Worker): Promise<number> {
  return serviceWorker.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('primer-uploads');
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('files')) return resolve((db.close(), 0));
          const counting = db.transaction('files').objectStore('files').count();
          counting.onsuccess = () => resolve((db.close(), counting.result));
          counting.onerror = () => reject(new Error(String(counting.error)));
        };
      }),
  );
}

test('a recording picked in the popup arrives once, even when the popup closes mid-upload; the PUT carries no Authorization', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  await watchNotifications(serviceWorker);
  let popup = await PopupPage.open(context, extensionId);
  const audio = wavTone(60); // ~1.9 MB

  // The title defaults to the file's name; a file that is not audio is refused before anything is sent.
  await popup.pick('notes.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
  await expect(popup.page.getByRole('alert').filter({ hasText: 'notes.pdf' })).toContainText('“notes.pdf” is not an audio recording');
  await popup.pick('Weekly sync.wav', audio);
  await expect(popup.title).toHaveValue('Weekly sync');
  await popup.speakers.fill('3');

  // The storage answers slowly, so the popup can be closed while the file is on its way.
  standIn.failNext({ path: '/upload/*', status: 0, delayMs: 2500 });
  await popup.uploadButton.click();
  await grantUploadOrigin(context, extensionId, popup, 'Weekly sync');
  const item = popup.item('Weekly sync');
  await expect(item.getByRole('progressbar')).toBeVisible();
  await expect(item).toContainText(/Uploading|Starting/);
  // The badge is redrawn beside the run, not before the row's state is stored: the popup may show
  // the row first (lib/upload/service.ts #launch).
  await expect.poll(() => badgeText(serviceWorker)).toBe('↑1');
  expect(standIn.uploads.size).toBe(0);
  // The PUT went out at once, without a copy written first: one is kept only for an upload still
  // going 10 s after it started, or one whose PUT failed (lib/upload/held-files.ts). The storage
  // holds its answer 2.5 s from the PUT's arrival: the PUT has arrived, and no copy is kept, while
  // it is on its way. (Its arrival may take a while after the row says Starting: the upload address
  // is asked for first. Waited for up to 5 s, well inside the 10 s after which a copy is kept.)
  await expect.poll(() => puts(standIn).length, { timeout: 5_000 }).toBe(1);
  expect(await keptFiles(serviceWorker)).toBe(0);
  await popup.page.close();

  // Popup gone: the background (and its offscreen document) carry on.
  await expect.poll(() => completeCount(standIn), { timeout: 20_000 }).toBe(1);
  const [recordingId, stored] = [...standIn.uploads.entries()][0]!;
  expect(stored.bytes).toBe(audio.length);
  expect(storedDigests(standIn), 'the stored bytes are the recording picked').toEqual([sha256(audio)]);
  // What the form said reached the service with the presigned-url request.
  expect(standIn.recording(recordingId)).toMatchObject({ filename: 'Weekly sync.wav', fileSize: audio.length, speakersExpected: 3, title: 'Weekly sync' });
  expect(stored.contentType).toBe('audio/wav');
  // At the storage server: the raw bytes with the upload's Content-Type, and no Authorization
  // header (the URL is the credential; the API key never goes there).
  const put = puts(standIn)[0]!;
  expect(put.status).toBe(200);
  expect(put.headerNames).toContain('content-type');
  expect(put.headerNames).not.toContain('authorization');
  expect(put.authorized).toBe(true);

  // Processing: shown in the popup and on the toolbar until a check finds it done.
  popup = await PopupPage.open(context, extensionId);
  const processing = popup.item('Weekly sync');
  await expect(processing.locator('.upload-item__state')).toHaveText('Processing');
  await expect(processing.getByRole('progressbar', { name: 'Weekly sync: processing' })).toBeVisible();
  expect(await badgeText(serviceWorker)).toBe('↑1');

  // The open popup checks every 2 s: completed, announced once with the recording's title.
  await expect(processing.locator('.upload-item__state')).toHaveText('Ready', { timeout: 15_000 });
  await expect(processing.getByRole('progressbar')).toHaveCount(0);
  await expect.poll(() => shownNotifications(serviceWorker)).toEqual([
    { id: expect.stringMatching(/^primer-upload-/), title: 'Recording ready', message: '“\u2068Weekly sync\u2069” is ready.' },
  ]);
  // Recorded as notifications.create was called: Chrome lists it once create has finished (its icon
  // loaded), and the badge is redrawn only after that (UploadService #finished: announce, then the
  // badge). Both are waited for.
  await expect.poll(() => notifications(serviceWorker)).toHaveLength(1);
  await expect.poll(() => badgeText(serviceWorker)).toBe('');

  // The interface's three steps, once each: one recording, one file, one completion.
  expect(presignCount(standIn)).toBe(1);
  expect(puts(standIn)).toHaveLength(1);
  expect(puts(standIn)[0]!.path).toBe(`/upload/${recordingId}`);
  expect(completeCount(standIn)).toBe(1);
  const completion = standIn.requests.find((entry) => entry.path === COMPLETE)!;
  expect(completion.at).toBeGreaterThan(puts(standIn)[0]!.at);
  // Stored at its URL: Primer keeps no copy of the file.
  expect(await keptFiles(serviceWorker)).toBe(0);

  // Recent uploads survive a reload (they live in storage, not in the popup).
  await popup.page.reload();
  await expect(popup.item('Weekly sync')).toContainText('Ready');

  // Accessible in both themes; screenshots kept as artifacts.
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await popup.page.setViewportSize({ width: 380, height: 700 });
  for (const scheme of ['light', 'dark'] as const) {
    await popup.page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(popup.page)).toEqual([]);
    await popup.page.screenshot({ path: path.join(ARTIFACTS, `popup-${scheme}.png`), fullPage: true });
  }
});

test('closing the popup right after clicking Upload loses nothing: the upload completes once, and processing is followed by the alarm', async ({ context, extensionId, serviceWorker, standIn }) => {
  // The first alarm check comes 30 s after complete-upload (as in a packed build).
  test.setTimeout(150_000);
  await configure(context, extensionId, standIn);
  await watchNotifications(serviceWorker);
  const popup = await PopupPage.open(context, extensionId);
  // A first upload grants the upload origin from the popup's "Allow and upload", as a user does.
  await popup.pick('Warm-up.wav', wavTone(2));
  await popup.uploadButton.click();
  await grantUploadOrigin(context, extensionId, popup, 'Warm-up');
  await expect(popup.item('Warm-up')).toContainText('Ready', { timeout: 30_000 });

  // A large recording: copying it anywhere before the hand-over would take longer than the popup lives.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-e2e-upload-'));
  const file = path.join(dir, 'Board meeting.wav');
  const bytes = 96 * 1024 * 1024;
  writeWavFile(file, bytes);
  try {
    await popup.recording.setInputFiles(file);
    await expect(popup.title).toHaveValue('Board meeting');
    // The popup closes as soon as Upload is clicked (it lost focus: the user walked away).
    await popup.uploadButton.click();
    await popup.page.close();

    await expect.poll(() => standIn.uploads.size, { timeout: 60_000 }).toBe(2);
    const board = [...standIn.uploads.entries()].find(([, stored]) => stored.bytes === bytes);
    expect(board).toBeDefined();
    expect(sha256(fs.readFileSync(board![1].path)), 'the stored bytes are the file picked').toBe(sha256(fs.readFileSync(file)));
    await expect.poll(() => completeCount(standIn), { timeout: 20_000 }).toBe(2);
    // Nobody is watching: the alarm checks processing, and the notification says it is done.
    await expect
      .poll(() => shownNotifications(serviceWorker), { timeout: 60_000, intervals: [1000] })
      .toContainEqual({ id: expect.stringMatching(/^primer-upload-/), title: 'Recording ready', message: '“\u2068Board meeting\u2069” is ready.' });

    // Exactly once: one more recording, one PUT of the whole file, one completion.
    expect(presignCount(standIn)).toBe(2);
    expect(puts(standIn).filter((entry) => entry.path === `/upload/${board![0]}`)).toHaveLength(1);
    expect(puts(standIn)).toHaveLength(2);
    expect((await shownNotifications(serviceWorker)).filter((shown) => shown.message.includes('Board meeting'))).toHaveLength(1);
    const again = await PopupPage.open(context, extensionId);
    await expect(again.item('Board meeting')).toHaveCount(1);
    await expect(again.item('Board meeting')).toContainText('Ready');
    // Redrawn after the notification's create has finished (UploadService #finished).
    await expect.poll(() => badgeText(serviceWorker)).toBe('');
    expect(await keptFiles(serviceWorker)).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a recording the service cannot process is shown failed, announced, and cannot be retried', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  await watchNotifications(serviceWorker);
  const popup = await PopupPage.open(context, extensionId);
  // The stand-in fails processing of any file whose name contains "fail".
  await popup.pick('Standup (fail).wav', wavTone(5));
  await popup.uploadButton.click();
  await grantUploadOrigin(context, extensionId, popup, 'Standup (fail)');
  const item = popup.item('Standup (fail)');
  await expect(item.locator('.upload-item__state')).toHaveText('Processing', { timeout: 20_000 });
  await expect(item.locator('.upload-item__state')).toHaveText('Failed while processing', { timeout: 15_000 });
  await expect(item).toContainText('Audio could not be decoded');
  await expect(item.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect.poll(() => shownNotifications(serviceWorker)).toEqual([
    { id: expect.stringMatching(/^primer-upload-/), title: 'Recording could not be processed', message: '“\u2068Standup (fail)\u2069”: \u2068Audio could not be decoded\u2069.' },
  ]);
  // Redrawn after the notification's create has finished (UploadService #finished).
  await expect.poll(() => badgeText(serviceWorker)).toBe('');
  expect(completeCount(standIn)).toBe(1);
  expect(await keptFiles(serviceWorker)).toBe(0);
});

test('an upload the storage refuses after the popup closed is announced, with what to do; none while the popup shows it', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  await watchNotifications(serviceWorker);
  const popup = await PopupPage.open(context, extensionId);
  await popup.pick('Refused.wav', wavTone(5));
  await popup.uploadButton.click();
  // The storage will refuse the file as it was sent (no retry helps).
  standIn.failNext({ path: '/upload/*', status: 400, body: '<Error><Code>InvalidArgument</Code><Message>Unsupported header</Message></Error>' });
  // Waiting for the permission while the popup shows it: said there, not in a notification.
  await grantUploadOrigin(context, extensionId, popup, 'Refused');
  // The user closes the popup at once.
  await popup.page.close();
  await expect
    .poll(() => shownNotifications(serviceWorker), { timeout: 20_000 })
    .toEqual([
      {
        id: expect.stringMatching(/^primer-upload-/),
        title: 'Recording upload stopped',
        message: '“\u2068Refused\u2069”: \u2068The upload server answered 400: Unsupported header (InvalidArgument)\u2069. Open Primer’s toolbar button to try again.',
      },
    ]);
  expect(await badgeText(serviceWorker)).toBe('');
});

test('an expired upload URL is asked for again, and a retry after the service fixes it succeeds', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  const popup = await PopupPage.open(context, extensionId);

  // One PUT refused as expired (403 "Request has expired"): a new URL is requested and used.
  standIn.failNext({ path: '/upload/*', status: 403, body: '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>' });
  await popup.pick('Retro.wav', wavTone(5));
  await popup.uploadButton.click();
  await grantUploadOrigin(context, extensionId, popup, 'Retro');
  await expect(popup.item('Retro')).toContainText('Ready', { timeout: 30_000 });
  expect(presignCount(standIn)).toBe(2);
  expect(puts(standIn).map((entry) => entry.status)).toEqual([403, 200]);
  expect(completeCount(standIn)).toBe(1);
  expect(standIn.uploads.size).toBe(1);

  // Every URL the service issues has already expired: Primer stops after a few and says so.
  standIn.setDialect({ expireUploadUrls: true });
  const presignedFirst = presignCount(standIn);
  await popup.pick('Planning.wav', wavTone(5));
  await popup.uploadButton.click();
  const planning = popup.item('Planning');
  await expect(planning).toContainText('Failed while sending the file', { timeout: 20_000 });
  // The storage's reason, passed on (the words are the stand-in's S3 message).
  await expect(planning).toContainText('expired');
  // "A few": three addresses, then it stops (lib/upload/runner.ts, MAX_URLS_PER_RUN).
  expect(presignCount(standIn) - presignedFirst).toBe(3);
  // Its PUTs failed: the copy is kept at once, so a retry works even after the page holding the
  // file has closed.
  await expect.poll(() => keptFiles(serviceWorker)).toBe(1);
  const presignedBefore = presignCount(standIn);

  // Fixed on the service's side: Retry goes on with a fresh URL and completes once.
  standIn.setDialect({ expireUploadUrls: false });
  await planning.getByRole('button', { name: 'Retry' }).click();
  await expect(planning).toContainText('Ready', { timeout: 30_000 });
  expect(presignCount(standIn)).toBe(presignedBefore + 1);
  expect(completeCount(standIn)).toBe(2);
  expect(standIn.uploads.size).toBe(2);
  // Both stored as picked: Retro's after a new URL, Planning's from the copy kept for its Retry.
  expect(storedDigests(standIn), 'the stored bytes are the recordings picked').toEqual([sha256(wavTone(5)), sha256(wavTone(5))]);
  await expect.poll(() => keptFiles(serviceWorker)).toBe(0);
});

test('a server error on complete-upload is retried without a second recording', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const popup = await PopupPage.open(context, extensionId);

  standIn.failNext({ path: COMPLETE, status: 500, times: 10 });
  await popup.pick('Board prep.wav', wavTone(5));
  await popup.uploadButton.click();
  await grantUploadOrigin(context, extensionId, popup, 'Board prep');
  const item = popup.item('Board prep');
  await expect(item).toContainText('Failed while telling the service the file has arrived', { timeout: 30_000 });
  const attempts = completeCount(standIn);
  expect(attempts).toBeGreaterThanOrEqual(1);

  standIn.clearFaults();
  await item.getByRole('button', { name: 'Retry finishing' }).click();
  await expect(item).toContainText('Ready', { timeout: 30_000 });
  // The file went once and the recording was created once; only complete-upload was repeated.
  expect(presignCount(standIn)).toBe(1);
  expect(puts(standIn)).toHaveLength(1);
  expect(completeCount(standIn)).toBeGreaterThan(attempts);
});

test('"Upload a recording of this meeting" in the side panel opens the upload pre-filled from the event', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  await serveFixture(context, CALENDAR_URL, fs.readFileSync(path.join(FIXTURES, 'calendar/event-popup.html'), 'utf8'));
  const page = await context.newPage();
  await page.goto(CALENDAR_URL);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' })).toBeVisible({ timeout: 20_000 });
  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, page));
  await expect(panel.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();

  // The toolbar popup opens (as a view Playwright does not list); it is read through the panel's
  // extension views, as any extension page can.
  // The one under the title (the same offer follows under "Not in Primer yet").
  await panel.getByRole('button', { name: 'Upload a recording of this meeting' }).first().click();
  const readPopup = () =>
    panel.evaluate(() => {
      const views = (globalThis as unknown as { chrome: { extension: { getViews(filter: { type: string }): Window[] } } }).chrome.extension.getViews({ type: 'popup' });
      const doc = views[0]?.document;
      if (!doc) return null;
      const field = (label: string) => {
        const element = [...doc.querySelectorAll('label')].find((candidate) => candidate.textContent?.startsWith(label));
        // The popup's elements belong to its own window: instanceof this page's classes fails.
        return (element ? doc.getElementById(element.htmlFor) : null) as HTMLInputElement | HTMLSelectElement | null;
      };
      const contact = field('Primary contact');
      return {
        title: field('Title')?.value ?? null,
        when: field('Meeting date')?.value ?? null,
        speakers: field('Speakers expected')?.value ?? null,
        contacts: contact?.tagName === 'SELECT' ? [...(contact as HTMLSelectElement).options].map((option) => option.text) : [],
      };
    });
  await expect.poll(readPopup, { timeout: 10_000 }).toMatchObject({ title: 'Q3 roadmap review' });
  const shown = (await readPopup())!;
  // The fixture's event: Tuesday, May 19, 2026, 10:00 – 10:45am, six guests besides the user.
  expect(shown.when).toBe('2026-05-19T10:00');
  expect(shown.speakers).toBe('7');
  expect(shown.contacts).toEqual(expect.arrayContaining(['No one in particular', 'Maya Chen', 'Daniel Weiss']));
  // The hand-over is used once.
  const left = await serviceWorker.evaluate(async () => (await (globalThis as unknown as { chrome: { storage: { session: { get(key: string): Promise<Record<string, unknown>> } } } }).chrome.storage.session.get('uploadDraft')).uploadDraft);
  expect(left).toBeUndefined();
});

test('the meeting date’s calendar button, reached with Tab, is ringed as every other control is', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const popup = await PopupPage.open(context, extensionId);
  const { page } = popup;
  await popup.meetingDate.focus();
  // Tab walks the field's parts, then its calendar button: focus inside the field, not on the field itself.
  const onButton = () => popup.meetingDate.evaluate((input) => input.matches(':focus-within') && !input.matches(':focus'));
  for (let press = 0; press < 10 && !(await onButton()); press++) await page.keyboard.press('Tab');
  expect(await onButton(), 'Tab reached the calendar button').toBe(true);
  // The ring is drawn in --focus, 3 px wide (theme.css); Chromium's own is a thin dark line.
  const focus = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('i'));
    probe.style.color = 'var(--focus)';
    const rgb = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
    probe.remove();
    return rgb;
  });
  const box = (await popup.meetingDate.boundingBox())!;
  const shot = await page.screenshot({ clip: { x: box.x + box.width - 48, y: box.y - 6, width: 54, height: box.height + 12 }, scale: 'css' });
  const ringed = await page.evaluate(async ({ png, focus }) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let at = 0; at < data.length; at += 4) {
      if (Math.abs(data[at]! - focus[0]!) + Math.abs(data[at + 1]! - focus[1]!) + Math.abs(data[at + 2]! - focus[2]!) < 30) count++;
    }
    return count;
  }, { png: shot.toString('base64'), focus });
  // A 3 px ring around a 20 px button is some 250 px of that colour; the field's edge is another colour.
  expect(ringed, 'pixels of the focus ring’s colour around the calendar button').toBeGreaterThan(150);
});
