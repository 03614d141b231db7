// @vitest-environment node
/**
 * The client against the local stand-in in every dialect: whatever reasonable choice a server made
 * for the parts the interface does not show, the client must end with the same view models.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { ApiError, isNotYet } from '@/lib/api/errors';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS, FILLER_COUNT, RECORDING_IDS, SAMPLE_CONTACTS } from '../../stand-in/sample-data';
import type { PresetName } from '../../stand-in/dialect';

const PRESETS: PresetName[] = ['standard', 'alt', 'camel', 'legacy', 'sloppy'];

let standIn: StandIn;

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

function client(options: { key?: string; discovery?: MemoryDiscoveryStore } = {}) {
  return new ServiceClient(standIn.baseUrl, options.key ?? standIn.apiKey, {
    discovery: options.discovery ?? new MemoryDiscoveryStore(),
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
}

/** The PUT the offscreen document makes (lib/upload/xhr-put.ts): the presigned headers, the type, no key. */
async function put(upload: { uploadUrl: string; headers: Record<string, string> }, body: Blob, contentType: string): Promise<number> {
  const response = await fetch(upload.uploadUrl, { method: 'PUT', headers: { ...upload.headers, 'Content-Type': contentType }, body });
  return response.status;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

describe.each(PRESETS)('dialect %s', (preset) => {
  beforeEach(() => {
    standIn.reset();
    standIn.setDialect(preset);
  });

  it('lists a contact’s recordings newest first, with known statuses', async () => {
    const page = await client().listRecordings({ contactId: CONTACT_IDS.mayaChen, limit: 3, sort: 'meeting_date:desc' });
    expect(page.recordings).toHaveLength(3);
    expect(page.hasMore).toBe(true);
    const dates = page.recordings.map((r) => Date.parse(r.meetingDate ?? ''));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const recording of page.recordings) {
      expect(recording.status).not.toBe('unknown');
      expect(recording.participants.length).toBeGreaterThan(0);
    }
    const next = await client().listRecordings({ contactId: CONTACT_IDS.mayaChen, limit: 3, offset: 3 });
    expect(next.recordings.map((r) => r.id)).not.toContain(page.recordings[0]?.id);
  });

  it('reads one recording, its transcript and (where offered) its insights', async () => {
    const c = client();
    const recording = await c.getRecording(RECORDING_IDS.mayaRoadmap);
    expect(recording).toMatchObject({ id: RECORDING_IDS.mayaRoadmap, status: 'completed', progress: 100 });
    const transcript = await c.getTranscript(RECORDING_IDS.mayaRoadmap);
    expect(transcript.segments.length).toBeGreaterThan(1);
    expect(transcript.segments.every((s) => s.text.length > 0 && s.speaker !== null)).toBe(true);
    if (preset === 'legacy') {
      // No route anywhere: "not yet" for the first processed recording, none once a second shows it.
      await expect(c.getRecordingInsights(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
      expect(await c.getRecordingInsights(RECORDING_IDS.mayaPricing)).toBeNull();
    } else {
      const insights = await c.getRecordingInsights(RECORDING_IDS.mayaRoadmap);
      expect(insights?.actionItems.length).toBeGreaterThan(0);
      expect(insights?.topicsDiscussed.length).toBeGreaterThan(0);
    }
    const failed = await c.getRecording(RECORDING_IDS.omarFailed);
    expect(failed.status).toBe('failed');
  });

  it('finds contacts by exact address only, case-insensitively, never a wrong person', async () => {
    const c = client();
    expect((await c.findContactByEmail('MAYA.CHEN@example.com'))?.id).toBe(CONTACT_IDS.mayaChen);
    expect((await c.findContactByEmail(' jonas.berg@example.org '))?.id).toBe(CONTACT_IDS.jonasBerg);
    expect((await c.findContactByEmail('person125@example.net'))?.email).toBe('person125@example.net');
    expect(await c.findContactByEmail('nobody@unknown.example')).toBeNull();
    // A substring of a real address is not that person.
    expect(await c.findContactByEmail('chen@example.com')).toBeNull();
    expect(await c.findContactByEmail('maya.chen@example.co')).toBeNull();
  });

  it('matches a name only when exactly one contact has that full name', async () => {
    const c = client();
    expect((await c.findContactByName('Maya Chen'))?.id).toBe(CONTACT_IDS.mayaChen);
    expect((await c.findContactByName('  lena   novak-brandt '))?.id).toBe(CONTACT_IDS.lenaNovak);
    expect(await c.findContactByName('Alex Kim')).toBeNull();
    expect(await c.findContactByName('Maya')).toBeNull();
  });

  it('pages through every contact, whatever the paging style', async () => {
    const all = await client().listAllContacts();
    expect(all).toHaveLength(SAMPLE_CONTACTS.length);
    expect(SAMPLE_CONTACTS.length).toBeGreaterThan(FILLER_COUNT);
    expect(new Set(all.map((contact) => contact.id)).size).toBe(all.length);
  });

  it('normalises a contact’s insights, flags included', async () => {
    const insights = await client().getContactInsights(CONTACT_IDS.mayaChen);
    expect(insights.preferredTone).toEqual(expect.any(String));
    expect(insights.recentTopics.length).toBeGreaterThan(0);
    expect(insights.pendingActionItems.length).toBeGreaterThan(0);
    expect(insights.pendingActionItems.every((item) => item.text.length > 0)).toBe(true);
    expect(Object.values(insights.flags).every((flag) => typeof flag === 'boolean')).toBe(true);
    expect(insights.totalConversations).toBeGreaterThan(0);
    const contact = await client().getContact(CONTACT_IDS.graceLiu);
    expect(contact.email).toBe('grace.liu@example.org');
  });

  it('uploads in the three steps and processing reaches completed', async () => {
    const c = client();
    const bytes = new Uint8Array(64 * 1024).map((_, i) => i % 251);
    const upload = await c.requestUpload({
      filename: 'call.mp3',
      contentType: 'audio/mpeg',
      fileSize: bytes.byteLength,
      speakersExpected: 2,
      title: 'Renewal call with Maya',
      meetingDate: '2026-11-20T15:00:00.000Z',
      primaryContactId: CONTACT_IDS.mayaChen,
    });
    expect(upload.uploadUrl.startsWith(standIn.storageUrl)).toBe(true);
    // Every field of the request reached the server under the interface's names.
    expect(standIn.recording(upload.recordingId)).toMatchObject({
      filename: 'call.mp3',
      fileSize: bytes.byteLength,
      speakersExpected: 2,
      title: 'Renewal call with Maya',
      meeting_date: '2026-11-20T15:00:00.000Z',
      primary_contact_id: CONTACT_IDS.mayaChen,
    });
    expect(await put(upload, new Blob([bytes]), 'audio/mpeg')).toBe(200);
    await c.completeUpload(upload.recordingId);
    expect(standIn.uploads.get(upload.recordingId)?.bytes).toBe(bytes.byteLength);
    const done = await waitFor(() => c.getRecording(upload.recordingId), (r) => r.status === 'completed');
    expect(done.progress).toBe(100);
    const stored = standIn.requests.find((r) => r.server === 'storage' && r.method === 'PUT');
    expect(stored?.status).toBe(200);
  });

  it('creates webhooks, and lists them only where the server can', async () => {
    const c = client();
    const created = await c.createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated', 'contact.updated'] });
    expect(created).toMatchObject({ url: 'https://hooks.example.com/primer', events: ['insights.generated', 'contact.updated'] });
    expect(created.secret).toEqual(expect.any(String));
    const listed = await c.listWebhooks();
    if (preset === 'alt') {
      expect(listed).toBeNull();
      expect(await c.deleteWebhook(created.id ?? 'x')).toBe(false);
    } else {
      expect(listed?.map((w) => w.id)).toContain(created.id);
      expect(await c.deleteWebhook(created.id ?? 'x')).toBe(true);
      expect(await c.listWebhooks()).toEqual([]);
    }
  });

  it('reads this dialect’s error body into a typed error', async () => {
    const error = await client({ key: 'wrong-key' }).getContact(CONTACT_IDS.mayaChen).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect((error as ApiError).message.length).toBeGreaterThan(0);
    expect((error as ApiError).message).not.toContain('wrong-key');
    await expect(client().getRecording('no-such-recording')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('ids in request paths', () => {
  beforeEach(() => standIn.reset());

  it.each(['', '.', '..'])('refuses the id %j before anything is sent (the path would resolve to another route)', async (id) => {
    const c = client();
    const calls = [() => c.getContactInsights(id), () => c.getContact(id), () => c.getRecording(id), () => c.getTranscript(id), () => c.getRecordingInsights(id), () => c.deleteWebhook(id)];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ kind: 'bad_request' });
    expect(standIn.requests).toEqual([]);
  });

  it('sends any other id as one path segment', async () => {
    await expect(client().getContactInsights('...')).rejects.toMatchObject({ kind: 'not_found' });
    // The insights' 404 is checked against the contact itself, by the same path segment.
    expect(standIn.requests.map((request) => request.path)).toEqual(['/api/v2/insights/contact/...', '/api/v2/contacts/...']);
  });
});

describe('discovery is remembered per server', () => {
  beforeEach(() => standIn.reset());

  it('calibrates once, then uses the working form only', async () => {
    standIn.setDialect({ contactLookup: 'by-email-path' });
    const discovery = new MemoryDiscoveryStore();
    await client({ discovery }).findContactByEmail('maya.chen@example.com');
    expect((await discovery.get(standIn.baseUrl)).contactLookup).toBe('by-email-path');
    const before = standIn.requests.length;
    await client({ discovery }).findContactByEmail('grace.liu@example.org');
    expect(standIn.requests.length - before).toBe(1);
  });

  it('notices a server that starts ignoring the filter and falls back to the index', async () => {
    const discovery = new MemoryDiscoveryStore();
    const c = client({ discovery });
    expect((await c.findContactByEmail('maya.chen@example.com'))?.id).toBe(CONTACT_IDS.mayaChen);
    expect((await discovery.get(standIn.baseUrl)).contactLookup).toBe('email-param');
    standIn.setDialect({ contactLookup: 'ignores-filter' });
    expect((await c.findContactByEmail('grace.liu@example.org'))?.id).toBe(CONTACT_IDS.graceLiu);
    expect((await discovery.get(standIn.baseUrl)).contactLookup).toBe('local-index');
    expect(await c.findContactByEmail('nobody@unknown.example')).toBeNull();
  });

  it('remembers that a server has no per-recording insights once two processed recordings have none anywhere', async () => {
    standIn.setDialect('legacy');
    const discovery = new MemoryDiscoveryStore();
    // One recording may just be early (insights follow the transcript): "not yet", asked again.
    await expect(client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
    await expect(client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
    expect((await discovery.get(standIn.baseUrl)).recordingInsights).toBeNull();
    expect(await client({ discovery }).getRecordingInsights(RECORDING_IDS.sofiaPartnership)).toBeNull();
    expect((await discovery.get(standIn.baseUrl)).recordingInsights).toBe('none');
    const before = standIn.requests.length;
    expect(await client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).toBeNull();
    expect(standIn.requests.length).toBe(before);
  });

  it('takes a processed recording whose insights are not there yet (404) for "not yet", not for a server without insights', async () => {
    const discovery = new MemoryDiscoveryStore();
    standIn.failNext({ path: /insights/, status: 404, times: 2 });
    await expect(client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
    expect(await client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaPricing)).not.toBeNull();
    expect((await discovery.get(standIn.baseUrl)).recordingInsights).not.toBe('none');
    // The route known, a recording without insights there yet is "not yet" too, and then has them.
    standIn.failNext({ path: /insights/, status: 404 });
    await expect(client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
    expect((await client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap))?.actionItems.length).toBeGreaterThan(0);
    // The known route refusing (a 400, a web page) is no insights, not "not yet": nothing to look for again.
    standIn.failNext({ path: /insights/, status: 400 });
    expect(await client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaRoadmap)).toBeNull();
  });

  it('takes a missing transcript of a recording the service still has for "not yet", and of one it no longer has for gone', async () => {
    standIn.failNext({ path: /\/transcript$/, status: 404 });
    await expect(client().getTranscript(RECORDING_IDS.mayaRoadmap)).rejects.toSatisfy(isNotYet);
    const gone = await client().getTranscript('rec_does_not_exist').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).kind).toBe('not_found');
    expect(isNotYet(gone)).toBe(false);
  });

  it('does not conclude "no route" from a recording still processing', async () => {
    const discovery = new MemoryDiscoveryStore();
    expect(await client({ discovery }).getRecordingInsights(RECORDING_IDS.mayaProcessing)).toBeNull();
    expect((await discovery.get(standIn.baseUrl)).recordingInsights).toBeNull();
  });
});

describe('retries against the stand-in', () => {
  beforeEach(() => standIn.reset());

  it('retries a GET after 503 and a dropped connection', async () => {
    standIn.failNext({ path: `/api/v2/contacts/${CONTACT_IDS.mayaChen}`, status: 503, retryAfter: 0 });
    standIn.failNext({ path: `/api/v2/contacts/${CONTACT_IDS.mayaChen}`, status: 0, dropConnection: true });
    expect((await client().getContact(CONTACT_IDS.mayaChen)).id).toBe(CONTACT_IDS.mayaChen);
    expect(standIn.countRequests({ pathPrefix: `/api/v2/contacts/${CONTACT_IDS.mayaChen}` })).toBeGreaterThanOrEqual(2);
  });

  it('never sends presigned-url twice on a server error (it would create a second recording)', async () => {
    standIn.failNext({ method: 'POST', path: '/api/v2/recordings/presigned-url', status: 500 });
    await expect(client().requestUpload({ filename: 'a.mp3', contentType: 'audio/mpeg', fileSize: 10 })).rejects.toMatchObject({ kind: 'server' });
    expect(standIn.countRequests({ method: 'POST', pathPrefix: '/api/v2/recordings/presigned-url' })).toBe(1);
  });

  it('surfaces a long rate limit with its retry time', async () => {
    standIn.failNext({ path: '/api/v2/recordings', status: 429, retryAfter: 120 });
    await expect(client().listRecordings()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
  });

  it('reports a refused upload URL so the caller can ask for a new one', async () => {
    standIn.setDialect({ expireUploadUrls: true });
    const c = client();
    const upload = await c.requestUpload({ filename: 'a.mp3', contentType: 'audio/mpeg', fileSize: 3 });
    expect(await put(upload, new Blob([new Uint8Array([1, 2, 3])]), 'audio/mpeg')).toBe(403);
  });
});
