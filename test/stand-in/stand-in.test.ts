// @vitest-environment node
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRESETS, STANDARD_DIALECT } from './dialect.ts';
import { CONTACT_IDS, RECORDING_IDS, SAMPLE_API_KEY, SAMPLE_CONTACTS, SAMPLE_RECORDINGS, sampleState } from './sample-data.ts';
import { createStandIn } from './server.ts';
import type { StandIn } from './server.ts';

type Obj = Record<string, unknown>;

let si: StandIn;

beforeAll(async () => {
  si = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => {
  si.reset();
});

function api(path: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? SAMPLE_API_KEY : init.key;
  if (key !== null) headers.set('Authorization', `Bearer ${key}`);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return fetch(`${si.baseUrl}${path}`, { ...init, headers });
}

async function getJson(path: string, init: RequestInit & { key?: string | null } = {}): Promise<{ status: number; body: Obj }> {
  const res = await api(path, init);
  return { status: res.status, body: (await res.json()) as Obj };
}

function post(path: string, body: unknown, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  return api(path, { ...init, method: 'POST', body: JSON.stringify(body) });
}

async function control(path: string, body?: unknown): Promise<Response> {
  return fetch(`${si.baseUrl}/__control/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const items = (body: Obj): Obj[] => body.items as Obj[];

describe('sample data', () => {
  it('has the required shapes', () => {
    expect(SAMPLE_CONTACTS.length).toBeGreaterThan(130);
    expect(SAMPLE_RECORDINGS.length).toBeGreaterThanOrEqual(12);
    expect(SAMPLE_CONTACTS.filter((c) => c.name === 'Alex Kim')).toHaveLength(2);
    expect(SAMPLE_CONTACTS.some((c) => c.email === 'Jonas.Berg@Example.org')).toBe(true);
    const statuses = new Set(SAMPLE_RECORDINGS.map((r) => r.status));
    for (const s of ['completed', 'processing', 'queued', 'failed']) expect(statuses.has(s as never)).toBe(true);
    const copy = sampleState();
    copy.contacts[0]!.name = 'changed';
    expect(sampleState().contacts[0]!.name).not.toBe('changed');
  });
});

describe('auth, CORS, routing', () => {
  it('requires the bearer key', async () => {
    const missing = await getJson('/api/v2/contacts', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: { message: expect.any(String) as string, code: 'unauthorized' } });
    expect((await api('/api/v2/contacts', { key: 'wrong' })).status).toBe(401);
    expect((await api('/api/v2/contacts')).status).toBe(200);
  });

  it('lets the read-only key read but not write', async () => {
    expect((await api('/api/v2/recordings', { key: 'readonly-key' })).status).toBe(200);
    const res = await post('/api/v2/webhooks', { url: 'https://example.com/h', events: ['contact.updated'] }, { key: 'readonly-key' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('answers preflights and adds CORS headers', async () => {
    const pre = await fetch(`${si.baseUrl}/api/v2/contacts`, { method: 'OPTIONS', headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'GET' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const res = await api('/api/v2/contacts');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('application/json');
    const storagePre = await fetch(`${si.storageUrl}/upload/x`, { method: 'OPTIONS' });
    expect(storagePre.status).toBe(204);
    expect(storagePre.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('404s unknown paths and 405s wrong methods', async () => {
    expect((await api('/api/v2/nope')).status).toBe(404);
    expect((await api('/elsewhere', { key: null })).status).toBe(404);
    const res = await api('/api/v2/contacts', { method: 'DELETE' });
    expect(res.status).toBe(405);
  });
});

describe('recordings (standard)', () => {
  it('lists with paging, sorting and contact filter', async () => {
    const { status, body } = await getJson('/api/v2/recordings');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: SAMPLE_RECORDINGS.length, limit: 20, offset: 0 });
    const recs = body.recordings as Obj[];
    const dates = recs.map((r) => Date.parse(r.meeting_date as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(recs[0]).toMatchObject({ id: expect.any(String) as string, status: expect.any(String) as string, participants: expect.any(Array) as unknown[] });
    expect((await getJson('/api/v2/recordings?limit=500')).body.limit).toBe(100);
    const page = await getJson('/api/v2/recordings?limit=5&offset=5&sort=meeting_date:asc');
    expect((page.body.recordings as Obj[]).length).toBe(5);
    const alex = await getJson(`/api/v2/recordings?contact_id=${CONTACT_IDS.alexKimCom}`);
    const ids = (alex.body.recordings as Obj[]).map((r) => r.id);
    expect(ids).toContain(RECORDING_IDS.mayaRoadmap); // participant, not primary
    expect(ids).toContain(RECORDING_IDS.alexComSecurity);
    const titles = ((await getJson('/api/v2/recordings?sort=title:asc&limit=100')).body.recordings as Obj[]).map((r) => String(r.title).toLowerCase());
    expect([...titles].sort()).toEqual(titles);
    const bad = await getJson('/api/v2/recordings?sort=bogus');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('returns one recording, its transcript and insights', async () => {
    const detail = await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}`);
    expect(detail.body).toMatchObject({ status: 'completed', progress: 100, primary_contact_id: CONTACT_IDS.mayaChen });
    expect((detail.body.participants as Obj[])[0]).toEqual({ contact_id: CONTACT_IDS.mayaChen, name: 'Maya Chen', email: 'maya.chen@example.com' });
    expect((await api('/api/v2/recordings/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const transcript = await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/transcript`);
    expect(transcript.body).toMatchObject({ recording_id: RECORDING_IDS.mayaRoadmap, language: 'en' });
    const seg = (transcript.body.segments as Obj[])[0]!;
    expect(typeof seg.start).toBe('number');
    expect(new Set((transcript.body.segments as Obj[]).map((s) => s.speaker)).size).toBe(2);
    const notReady = await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaProcessing}/transcript`);
    expect(notReady.status).toBe(404);
    expect(notReady.body).toMatchObject({ error: { code: 'not_ready' } });
    const insights = await getJson(`/api/v2/insights/recording/${RECORDING_IDS.mayaRoadmap}`);
    expect(insights.body).toMatchObject({ recording_id: RECORDING_IDS.mayaRoadmap, key_decisions: expect.any(Array) as unknown[] });
    expect((insights.body.action_items as Obj[])[0]).toHaveProperty('text');
    expect((await getJson(`/api/v2/insights/recording/${RECORDING_IDS.jonasQueued}`)).body).toMatchObject({ error: { code: 'not_ready' } });
    const failed = await getJson(`/api/v2/recordings/${RECORDING_IDS.omarFailed}`);
    expect(failed.body).toMatchObject({ status: 'failed', error: 'Audio could not be decoded' });
  });
});

describe('contacts and insights (standard)', () => {
  it('finds by exact e-mail, case-insensitive and trimmed', async () => {
    const { body } = await getJson(`/api/v2/contacts?email=${encodeURIComponent('  JONAS.berg@example.ORG ')}`);
    expect(items(body).map((c) => c.id)).toEqual([CONTACT_IDS.jonasBerg]);
    expect(body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(items((await getJson('/api/v2/contacts?email=alex.kim@example')).body)).toHaveLength(0);
  });

  it('searches by substring and pages', async () => {
    const alex = await getJson('/api/v2/contacts?search=alex%20kim');
    expect(items(alex.body).map((c) => c.email).sort()).toEqual(['akim@example.org', 'alex.kim@example.com']);
    const all = await getJson('/api/v2/contacts');
    expect(all.body.total).toBe(SAMPLE_CONTACTS.length);
    expect(items(all.body)).toHaveLength(50);
    const big = await getJson('/api/v2/contacts?limit=1000&offset=100');
    expect(big.body.limit).toBe(100);
    expect(items(big.body)).toHaveLength(SAMPLE_CONTACTS.length - 100);
    const one = await getJson(`/api/v2/contacts/${CONTACT_IDS.mayaChen}`);
    expect(one.body).toMatchObject({ id: CONTACT_IDS.mayaChen, name: 'Maya Chen', email: 'maya.chen@example.com', company: expect.any(String) as string });
    expect((await api('/api/v2/contacts/ctc_nobody')).status).toBe(404);
  });

  it('returns insights of varied completeness', async () => {
    const maya = await getJson(`/api/v2/insights/contact/${CONTACT_IDS.mayaChen}`);
    expect(maya.body).toMatchObject({ contact_id: CONTACT_IDS.mayaChen, prefers_data_driven: true, total_conversations: 7 });
    const pending = maya.body.pending_action_items as { due_date: string | null; status: string }[];
    expect(pending.some((a) => a.due_date !== null && a.due_date < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(pending.every((a) => a.status === 'open')).toBe(true);
    expect((await getJson(`/api/v2/insights/contact/${CONTACT_IDS.tomOkafor}`)).body).toEqual({ contact_id: CONTACT_IDS.tomOkafor, total_conversations: 0 });
    const priya = (await getJson(`/api/v2/insights/contact/${CONTACT_IDS.priyaRaman}`)).body;
    expect(priya.communication_approach).toBeNull();
    expect(priya).not.toHaveProperty('interests');
    const omar = (await getJson(`/api/v2/insights/contact/${CONTACT_IDS.omarHaddad}`)).body;
    expect(omar.recent_topics).toContain('<img src=x onerror=alert(1)>');
    const sofia = (await getJson(`/api/v2/insights/contact/${CONTACT_IDS.sofiaAlvarez}`)).body;
    expect((sofia.recent_topics as string[]).length).toBeGreaterThanOrEqual(15);
    expect((sofia.pending_action_items as unknown[]).length).toBeGreaterThanOrEqual(10);
    expect((await getJson(`/api/v2/insights/contact/${CONTACT_IDS.danielWeiss}`)).body.sensitive_topics).toContain('layoffs');
    expect((await api('/api/v2/insights/contact/ctc_nobody')).status).toBe(404);
  });
});

describe('webhooks (standard)', () => {
  it('validates, creates, lists without secret and deletes', async () => {
    expect((await post('/api/v2/webhooks', { url: 'http://example.com/h', events: ['contact.updated'] })).status).toBe(400);
    expect((await post('/api/v2/webhooks', { url: 'https://example.com/h', events: [] })).status).toBe(400);
    expect((await post('/api/v2/webhooks', { url: 'https://example.com/h', events: ['recording.deleted'] })).status).toBe(400);
    const res = await post('/api/v2/webhooks', { url: 'https://example.com/h', events: ['contact.updated'], description: 'mine' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Obj;
    expect(created).toMatchObject({ url: 'https://example.com/h', events: ['contact.updated'], active: true });
    expect(String(created.secret)).toMatch(/^whsec_/);
    const list = await getJson('/api/v2/webhooks');
    expect(items(list.body)).toHaveLength(1);
    expect(items(list.body)[0]).not.toHaveProperty('secret');
    expect((await api(`/api/v2/webhooks/${String(created.id)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/v2/webhooks/${String(created.id)}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('upload flow', () => {
  let receiver: Server;
  let receiverUrl = '';
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  async function presign(body: Obj): Promise<{ upload_url: string; recording_id: string; expires_at: string }> {
    const res = await post('/api/v2/recordings/presigned-url', body);
    expect(res.status).toBe(201);
    return (await res.json()) as { upload_url: string; recording_id: string; expires_at: string };
  }

  it('runs presigned → PUT → complete → completed with signed webhooks', async () => {
    received.length = 0;
    const hookRes = await post('/api/v2/webhooks', {
      url: receiverUrl,
      events: ['recording.processing.started', 'recording.processing.completed', 'insights.generated', 'contact.updated'],
    });
    const hook = (await hookRes.json()) as { id: string; secret: string };
    const skipped = await post('/api/v2/webhooks', { url: 'https://hooks.example.com/x', events: ['recording.processing.completed'] });
    expect(skipped.status).toBe(201);

    const p = await presign({ filename: 'call.mp3', content_type: 'audio/mpeg', file_size: 11, speakers_expected: 2, primary_contact_id: CONTACT_IDS.mayaChen, title: 'Test call' });
    expect(p.upload_url.startsWith(`${si.storageUrl}/upload/${p.recording_id}?token=`)).toBe(true);
    expect(Date.parse(p.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await getJson(`/api/v2/recordings/${p.recording_id}`)).body).toMatchObject({ status: 'uploading', title: 'Test call' });

    // complete before any bytes → 409
    const early = await post('/api/v2/recordings/complete-upload', { recording_id: p.recording_id });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('upload_missing');

    const wrongType = await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/wav' }, body: 'hello world' });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const withAuth = await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg', Authorization: `Bearer ${SAMPLE_API_KEY}` }, body: 'hello world' });
    expect(withAuth.status).toBe(400);
    expect(await withAuth.text()).toContain('<Code>InvalidArgument</Code>');
    const badToken = await fetch(p.upload_url.replace(/token=[^&]+/, 'token=nope'), { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'x' });
    expect(badToken.status).toBe(403);

    const put = await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'hello world' });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const upload = si.uploads.get(p.recording_id)!;
    expect(upload).toMatchObject({ bytes: 11, contentType: 'audio/mpeg' });
    expect(readFileSync(upload.path, 'utf8')).toBe('hello world');

    const done = await post('/api/v2/recordings/complete-upload', { recording_id: p.recording_id });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ recording_id: p.recording_id, status: 'queued' });
    const again = await post('/api/v2/recordings/complete-upload', { recording_id: p.recording_id });
    expect(again.status).toBe(200);

    await waitFor(async () => {
      const { body } = await getJson(`/api/v2/recordings/${p.recording_id}`);
      return body.status === 'completed' ? body : undefined;
    });
    expect((await getJson(`/api/v2/recordings/${p.recording_id}`)).body.progress).toBe(100);
    expect((await api(`/api/v2/recordings/${p.recording_id}/transcript`)).status).toBe(200);
    expect((await api(`/api/v2/insights/recording/${p.recording_id}`)).status).toBe(200);
    expect((await getJson(`/api/v2/insights/contact/${CONTACT_IDS.mayaChen}`)).body.total_conversations).toBe(8);
    expect(si.events.filter((e) => e.type === 'recording.processing.started')).toHaveLength(1);

    await waitFor(() => (si.webhookDeliveries.filter((d) => d.status !== 'skipped').length >= 4 ? true : undefined));
    await si.idle();
    const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(types).toEqual(['recording.processing.started', 'recording.processing.completed', 'insights.generated', 'contact.updated']);
    for (const r of received) {
      const expected = `sha256=${createHmac('sha256', hook.secret).update(r.body).digest('hex')}`;
      expect(r.headers['x-signature']).toBe(expected);
    }
    const insightsEvent = JSON.parse(received[2]!.body) as { data: { recording_id: string; contact_id: string } };
    expect(insightsEvent.data).toEqual({ recording_id: p.recording_id, contact_id: CONTACT_IDS.mayaChen });
    expect(si.webhookDeliveries.find((d) => d.url === 'https://hooks.example.com/x')?.status).toBe('skipped');
    expect(si.webhookDeliveries.filter((d) => d.webhookId === hook.id).every((d) => d.status === 200)).toBe(true);
    expect(si.countRequests({ method: 'PUT', pathPrefix: '/upload/' })).toBe(4);
  });

  it('fails recordings whose filename contains "fail"', async () => {
    const p = await presign({ filename: 'will-fail.m4a', content_type: 'audio/mp4' });
    await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mp4' }, body: new Uint8Array(100) });
    await post('/api/v2/recordings/complete-upload', { recording_id: p.recording_id });
    const body = await waitFor(async () => {
      const r = await getJson(`/api/v2/recordings/${p.recording_id}`);
      return r.body.status === 'failed' ? r.body : undefined;
    });
    expect(body.error).toBe('Audio could not be decoded');
    expect(si.events.map((e) => e.type)).toContain('recording.processing.failed');
  });

  it('validates the presigned request', async () => {
    expect((await post('/api/v2/recordings/presigned-url', { content_type: 'audio/mpeg' })).status).toBe(400);
    expect((await post('/api/v2/recordings/presigned-url', { filename: 'a.mp3' })).status).toBe(400);
    expect((await post('/api/v2/recordings/presigned-url', { filename: 'a.txt', content_type: 'text/plain' })).status).toBe(415);
    expect((await post('/api/v2/recordings/presigned-url', { filename: 'a.mp4', content_type: 'video/mp4', file_size: 6 * 1024 ** 3 })).status).toBe(413);
    expect((await post('/api/v2/recordings/complete-upload', { recording_id: 'nope' })).status).toBe(404);
    // A JSON body sent without its Content-Type (the interface's §1 sends it) is refused.
    const untyped = await post('/api/v2/recordings/presigned-url', { filename: 'a.mp3', content_type: 'audio/mpeg' }, { headers: { 'Content-Type': 'text/plain' } });
    expect(untyped.status).toBe(415);
    expect((await post('/api/v2/recordings/presigned-url', { filename: 'a.mp3', content_type: 'audio/mpeg' }, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status).toBe(201);
  });

  it('issues expired URLs when asked', async () => {
    si.setDialect({ expireUploadUrls: true });
    const p = await presign({ filename: 'a.mp3', content_type: 'audio/mpeg' });
    const res = await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });
});

describe('dialects', () => {
  const presignBody = JSON.stringify({ filename: 'a.mp3', content_type: 'audio/mpeg' });

  it('names presigned fields per dialect', async () => {
    si.setDialect('alt');
    let body = (await (await api('/api/v2/recordings/presigned-url', { method: 'POST', body: presignBody })).json()) as Obj;
    expect(Object.keys(body).sort()).toEqual(['expires_in', 'id', 'url']);
    expect(body.expires_in).toBe(900);
    si.setDialect('camel');
    body = (await (await api('/api/v2/recordings/presigned-url', { method: 'POST', body: presignBody })).json()) as Obj;
    expect(body).toMatchObject({ uploadUrl: expect.any(String) as string, recording: { id: expect.any(String) as string }, headers: { 'Content-Type': 'audio/mpeg' } });
    si.setDialect('legacy');
    body = (await (await api('/api/v2/recordings/presigned-url', { method: 'POST', body: presignBody })).json()) as Obj;
    expect(Object.keys(body).sort()).toEqual(['presigned_url', 'recordingId']);
  });

  it('varies the contact lookup', async () => {
    const email = encodeURIComponent('maya.chen@example.com');
    si.setDialect({ contactLookup: 'search-path' });
    expect(items((await getJson(`/api/v2/contacts?email=${email}`)).body)).toHaveLength(50);
    expect(items((await getJson(`/api/v2/contacts/search?email=${email}`)).body).map((c) => c.id)).toEqual([CONTACT_IDS.mayaChen]);
    si.setDialect({ contactLookup: 'by-email-path' });
    expect((await getJson(`/api/v2/contacts/by-email/${encodeURIComponent('Maya.Chen@example.com')}`)).body.id).toBe(CONTACT_IDS.mayaChen);
    expect((await api('/api/v2/contacts/search?email=x')).status).toBe(404);
    si.setDialect({ contactLookup: 'email-param' });
    expect((await api(`/api/v2/contacts/by-email/${email}`)).status).toBe(404);
    si.setDialect('sloppy');
    expect(items((await getJson(`/api/v2/contacts?email=${email}`)).body)).toHaveLength(50);
    expect(items((await getJson('/api/v2/contacts?search=alex.kim')).body).map((c) => c.id)).toEqual([CONTACT_IDS.alexKimCom]);
    si.setDialect({ contactLookup: 'ignores-filter' });
    expect((await getJson('/api/v2/contacts?search=alex')).body.total).toBe(SAMPLE_CONTACTS.length);
  });

  it('varies contact list paging', async () => {
    si.setDialect({ contactList: 'items-page' });
    const page = (await getJson('/api/v2/contacts?page=3&per_page=50')).body;
    expect(page).toMatchObject({ page: 3, per_page: 50, total_pages: Math.ceil(SAMPLE_CONTACTS.length / 50) });
    expect(items(page)).toHaveLength(SAMPLE_CONTACTS.length - 100);
    si.setDialect({ contactList: 'items-cursor' });
    const seen: unknown[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const body: Obj = (await getJson(`/api/v2/contacts?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...items(body));
      cursor = body.next_cursor as string | null;
    }
    expect(seen).toHaveLength(SAMPLE_CONTACTS.length);
    si.setDialect({ contactList: 'items-pagination' });
    expect((await getJson('/api/v2/contacts?limit=10')).body.pagination).toEqual({ total: SAMPLE_CONTACTS.length, limit: 10, offset: 0 });
  });

  it('renders error styles', async () => {
    si.setDialect({ errorStyle: 'problem' });
    let res = await api('/api/v2/contacts/nope');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found', type: expect.stringMatching(/not_found$/) as string });
    si.setDialect({ errorStyle: 'message' });
    expect(await (await api('/api/v2/contacts/nope')).json()).toEqual({ message: 'Contact not found' });
    si.setDialect({ errorStyle: 'detail' });
    expect(await (await api('/api/v2/contacts/nope')).json()).toEqual({ detail: 'Contact not found' });
    res = await post('/api/v2/recordings/presigned-url', { content_type: 'audio/mpeg' });
    expect(((await res.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(['body', 'filename']);
    si.setDialect({ errorStyle: 'plain' });
    res = await api('/api/v2/contacts/nope');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Contact not found');
  });

  it('varies recordings, insights, flags and transcripts', async () => {
    si.setDialect('alt');
    const rec = (await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}`)).body;
    expect(rec.status).toBe('done');
    expect(rec.participants).toEqual(['maya.chen@example.com', 'Alex Kim', 'jordan.lee@example.com']);
    expect((await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaProcessing}`)).body.status).toBe('transcribing');
    expect((await api(`/api/v2/insights/recording/${RECORDING_IDS.mayaRoadmap}`)).status).toBe(404);
    const ri = (await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/insights`)).body;
    expect((ri.topics_discussed as Obj[])[0]).toEqual({ name: 'Q3 roadmap' });
    expect((ri.topics_discussed as Obj[])[1]).toHaveProperty('title');
    const ci = (await getJson(`/api/v2/insights/contact/${CONTACT_IDS.mayaChen}`)).body;
    expect(ci.prefers_data_driven).toBe('true');
    const actions = ci.pending_action_items as Obj[];
    expect(actions[0]).toHaveProperty('title');
    expect(actions[1]).toHaveProperty('description');
    const text = (await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/transcript`)).body;
    expect(String(text.text)).toMatch(/^Jordan Lee: /);
    expect((await api('/api/v2/webhooks')).status).toBe(405);

    si.setDialect('camel');
    const camelRec = (await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}`)).body;
    expect(camelRec.insights).toMatchObject({ key_decisions: expect.any(Array) as unknown[] });
    const parts = camelRec.participants as unknown[];
    expect(parts.some((p) => typeof p === 'string') && parts.some((p) => typeof p === 'object')).toBe(true);
    expect((await getJson(`/api/v2/insights/contact/${CONTACT_IDS.mayaChen}`)).body.dislikes_small_talk).toBe(0);
    const utter = (await getJson(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/transcript`)).body;
    expect((utter.utterances as Obj[])[0]).toMatchObject({ speaker_name: 'Jordan Lee', start_ms: 400 });

    si.setDialect('legacy');
    const plain = await api(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/transcript`);
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await api(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}/insights`)).status).toBe(404);
    expect((await api(`/api/v2/insights/recording/${RECORDING_IDS.mayaRoadmap}`)).status).toBe(404);
  });

  it('exports presets built on the standard dialect', () => {
    expect(PRESETS.standard).toEqual(STANDARD_DIALECT);
    expect(PRESETS.alt.expireUploadUrls).toBe(false);
    expect(() => si.setDialect('nope' as never)).toThrow();
  });
});

describe('faults', () => {
  it('answers with a status and Retry-After, then recovers', async () => {
    si.failNext({ path: '/api/v2/contacts', status: 429, retryAfter: 2, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await api('/api/v2/contacts');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toMatchObject({ error: { code: 'rate_limited' } });
    }
    expect((await api('/api/v2/contacts')).status).toBe(200);
  });

  it('matches prefixes, regexes and methods; drops and delays', async () => {
    si.failNext({ method: 'GET', path: '/api/v2/recordings/*', status: 0, dropConnection: true });
    await expect(api(`/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}`)).rejects.toThrow();
    expect(si.requests.at(-1)).toMatchObject({ status: 0, path: `/api/v2/recordings/${RECORDING_IDS.mayaRoadmap}` });
    si.failNext({ path: /^\/api\/v2\/insights\//, status: 503, body: '{"oops":true}' });
    const res = await api(`/api/v2/insights/contact/${CONTACT_IDS.mayaChen}`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ oops: true });
    si.failNext({ path: '/api/v2/contacts', status: 0, delayMs: 150 });
    const start = Date.now();
    expect((await api('/api/v2/contacts')).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
    si.failNext({ method: 'POST', path: '/api/v2/contacts', status: 500 });
    expect((await api('/api/v2/contacts')).status).toBe(200);
  });

  it('applies to the upload origin with XML bodies', async () => {
    const p = (await (await post('/api/v2/recordings/presigned-url', { filename: 'a.mp3', content_type: 'audio/mpeg' })).json()) as { upload_url: string };
    si.failNext({ method: 'PUT', path: '/upload/*', status: 503, retryAfter: 1 });
    const res = await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'abc' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.text()).toContain('<Code>SlowDown</Code>');
    expect((await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'abc' })).status).toBe(200);
  });
});

describe('control endpoints', () => {
  it('steers the stand-in over HTTP', async () => {
    expect((await control('dialect', { preset: 'camel' })).status).toBe(200);
    expect(si.dialect.presignedFields).toBe('uploadUrl');
    expect((await control('dialect', { dialect: { errorStyle: 'plain' } })).status).toBe(200);
    expect(si.dialect).toEqual({ ...STANDARD_DIALECT, errorStyle: 'plain' });
    expect((await control('dialect', { dialect: { errorStyle: 'shouting' } })).status).toBe(400);
    expect((await control('dialect', { preset: 'nope' })).status).toBe(400);

    expect((await control('fail', { pathRegex: '^/api/v2/contacts$', status: 502 })).status).toBe(200);
    expect((await api('/api/v2/contacts')).status).toBe(502);
    expect((await control('fail', { path: '/api/v2/contacts', status: 500, retryAfter: 3 })).status).toBe(200);
    expect((await api('/api/v2/contacts')).headers.get('retry-after')).toBe('3');

    const requests = (await (await control('requests')).json()) as { path: string; server: string; status: number; authorized: boolean }[];
    expect(requests.map((r) => r.status)).toEqual([502, 500]);
    expect(requests.every((r) => r.server === 'api' && r.authorized)).toBe(true);
    expect(si.countRequests({ pathPrefix: '/__control' })).toBe(0);

    await post('/api/v2/webhooks', { url: 'https://example.com/h', events: ['insights.generated'] });
    const hooks = (await (await control('webhooks')).json()) as { webhooks: Obj[]; deliveries: unknown[] };
    expect(hooks.webhooks).toHaveLength(1);
    expect(hooks.webhooks[0]).toHaveProperty('secret');
    expect(await (await control('uploads')).json()).toEqual([]);

    expect((await control('reset', {})).status).toBe(200);
    expect(si.dialect).toEqual(STANDARD_DIALECT);
    expect(si.requests).toHaveLength(0);
    expect(((await (await control('webhooks')).json()) as { webhooks: unknown[] }).webhooks).toHaveLength(0);
  });

  it('reset restores sample data and drops uploads', async () => {
    const p = (await (await post('/api/v2/recordings/presigned-url', { filename: 'a.mp3', content_type: 'audio/mpeg' })).json()) as { upload_url: string; recording_id: string };
    await fetch(p.upload_url, { method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' }, body: 'abc' });
    expect(si.uploads.size).toBe(1);
    si.reset();
    expect(si.uploads.size).toBe(0);
    expect((await api(`/api/v2/recordings/${p.recording_id}`)).status).toBe(404);
  });
});

describe('startup', () => {
  it('refuses non-loopback hosts and honours options', async () => {
    await expect(createStandIn({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
    const other = await createStandIn({ apiKey: 'k2', dialect: 'legacy' });
    try {
      expect(other.dialect.errorStyle).toBe('detail');
      expect((await fetch(`${other.baseUrl}/api/v2/contacts`, { headers: { Authorization: 'Bearer k2' } })).status).toBe(200);
      expect(other.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await other.close();
    }
  });

  it('leaves no data folder behind when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    // tmpdir() follows TMPDIR: a folder of this test's own shows what the failed start left.
    const tmp = mkdtempSync(join(tmpdir(), 'stand-in-port-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      await expect(createStandIn({ port })).rejects.toThrow(/EADDRINUSE/);
      await expect(createStandIn({ storagePort: port })).rejects.toThrow(/EADDRINUSE/);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      taken.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
