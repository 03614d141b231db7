/** Which storage hosts Primer may send a recording to, the permission to ask for, and what a processed recording makes stale. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api/error-info';
import { changedByProcessing, checkUploadAddress, metaOn, missingUploadAccess, recordingClient, uploadRequest } from '@/lib/background/uploads';
import { uploadRecord, withUrl } from './helpers';

function grant(granted: boolean) {
  return vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(granted as never);
}

describe('checkUploadAddress', () => {
  it('refuses an upload address on this computer from a service elsewhere, and takes it from a service on this computer', () => {
    for (const url of ['http://127.0.0.1:2375/containers/create', 'http://localhost:8080/x', 'https://localhost/x', 'http://[::1]:9000/x']) {
      expect(() => checkUploadAddress(url, 'https://svc.example/')).toThrow(expect.objectContaining({ kind: 'invalid_response', message: expect.stringContaining('on this computer') }) as Error);
    }
    expect(() => checkUploadAddress('http://127.0.0.1:9000/bucket/rec-1', 'http://localhost:8000')).not.toThrow();
    expect(() => checkUploadAddress('https://bucket.s3.amazonaws.com/rec-1', 'https://svc.example/')).not.toThrow();
    expect(() => checkUploadAddress('https://bucket.s3.amazonaws.com/rec-1', 'http://127.0.0.1:8000')).not.toThrow();
  });
});

describe('missingUploadAccess', () => {
  it('asks for the https host when it is not granted', async () => {
    const contains = grant(false);
    expect(await missingUploadAccess('https://bucket.s3.eu-west-1.amazonaws.com/rec-1?X-Amz-Signature=abc')).toBe('https://bucket.s3.eu-west-1.amazonaws.com/*');
    expect(contains).toHaveBeenCalledExactlyOnceWith({ origins: ['https://bucket.s3.eu-west-1.amazonaws.com/*'] });
  });

  it('asks for nothing when the host is granted', async () => {
    const contains = grant(true);
    expect(await missingUploadAccess('https://storage.example:8443/rec-1')).toBeNull();
    expect(contains).toHaveBeenCalledExactlyOnceWith({ origins: ['https://storage.example/*'] });
  });

  it.each(['http://storage.example/rec-1', 'http://10.0.0.5:9000/rec-1', 'ftp://storage.example/rec-1', 'not a url'])('refuses %s outright', async (url) => {
    const contains = grant(true);
    const error: unknown = await missingUploadAccess(url).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_response', message: expect.stringContaining('it must use https') });
    expect((error as ApiError).message).toContain(url);
    expect(contains).not.toHaveBeenCalled();
  });

  it.each(['https://*/rec-1', 'https://*.example.com/rec-1', 'https://storage*.example/rec-1'])('refuses a host with a wildcard (%s): it would grant many', async (url) => {
    const contains = grant(false);
    await expect(missingUploadAccess(url)).rejects.toMatchObject({ kind: 'invalid_response', message: expect.stringContaining(url) });
    expect(contains).not.toHaveBeenCalled();
  });

  it('allows this computer over http', async () => {
    grant(false);
    expect(await missingUploadAccess('http://127.0.0.1:9000/bucket/rec-1')).toBe('http://127.0.0.1/*');
    expect(await missingUploadAccess('http://localhost:4566/rec-1')).toBe('http://localhost/*');
    grant(true);
    expect(await missingUploadAccess('http://127.0.0.1:9000/bucket/rec-1')).toBeNull();
  });
});

describe('changedByProcessing', () => {
  const BASE = 'https://ci.example';

  it('names the primary contact’s insights and recordings, all recordings, and the recording itself', () => {
    expect(changedByProcessing(BASE, withUrl({ state: 'completed' }))).toEqual([
      'https://ci.example|insights|c-maya',
      'https://ci.example|recordings|c-maya|',
      'https://ci.example|recordings|*|',
      'https://ci.example|recording|rec-1',
      'https://ci.example|recording-insights|rec-1',
    ]);
  });

  it('names no contact when the recording has none', () => {
    const record = withUrl({ state: 'completed' });
    expect(changedByProcessing(BASE, { ...record, meta: { ...record.meta, primaryContactId: null } })).toEqual([
      'https://ci.example|recordings|*|',
      'https://ci.example|recording|rec-1',
      'https://ci.example|recording-insights|rec-1',
    ]);
  });

  it('names nothing when processing failed', () => {
    expect(changedByProcessing(BASE, withUrl({ state: 'failed', failedStep: 'processing' }))).toEqual([]);
  });
});

/** A service address, in the account of `key` there (null: not said, as on records from before). */
const on = (baseUrl: string, key: string | null = null) => ({ baseUrl, account: key === null ? null : `${baseUrl}|key-${key}` });

describe('recordingClient', () => {
  const context = { client: () => Promise.resolve({ baseUrl: 'https://svc-b.test' }) };

  it('is the service in effect for a recording created there, or for a record from before (no service kept)', async () => {
    await expect(recordingClient(context, 'https://svc-b.test')).resolves.toEqual({ baseUrl: 'https://svc-b.test' });
    await expect(recordingClient(context, null)).resolves.toEqual({ baseUrl: 'https://svc-b.test' });
  });

  it('refuses, saying why, a recording created on another service: its id means nothing here', async () => {
    await expect(recordingClient(context, 'https://svc-a.test')).rejects.toMatchObject({
      kind: 'not_configured',
      message: 'This recording was created on https://svc-a.test, and Primer now uses https://svc-b.test. Set Primer back to https://svc-a.test to finish it.',
    });
  });
});

describe('a recording made in one account of a hosted service, after another account’s key is saved for the same address', () => {
  const meta = { title: 'Sync', meetingDate: '2026-11-12T10:00:00Z', speakersExpected: null, primaryContactId: 'c-maya', primaryContactName: 'Maya Chen' };
  const record = uploadRecord({ meta, serviceUrl: 'https://api.test', account: 'https://api.test|key-aaaa' });

  it('is neither finished nor checked with the other key: it waits, saying why', async () => {
    const context = { client: () => Promise.resolve({ baseUrl: 'https://api.test', cacheScope: 'https://api.test|key-bbbb' }) };
    await expect(recordingClient(context, record.serviceUrl, record.account)).rejects.toMatchObject({
      kind: 'not_configured',
      message: 'This recording was created with another API key for https://api.test (another account). Save that key in Primer’s options again to finish it.',
    });
    const back = { client: () => Promise.resolve({ baseUrl: 'https://api.test', cacheScope: 'https://api.test|key-aaaa' }) };
    await expect(recordingClient(back, record.serviceUrl, record.account)).resolves.toMatchObject({ cacheScope: 'https://api.test|key-aaaa' });
  });

  it('is created again in the other account without the first account’s contact', () => {
    expect(uploadRequest(record, on('https://api.test', 'bbbb')).primaryContactId).toBeUndefined();
    expect(metaOn(record, on('https://api.test', 'bbbb'))).toMatchObject({ primaryContactId: null, primaryContactName: null });
    expect(uploadRequest(record, on('https://api.test', 'aaaa')).primaryContactId).toBe('c-maya');
  });
});

describe('uploadRequest', () => {
  const meta = { title: 'Sync', meetingDate: '2026-11-12T10:00:00Z', speakersExpected: null, primaryContactId: 'c-on-a', primaryContactName: 'Maya' };

  it('names the primary contact on the service it was chosen on, or for an upload with no recording yet', () => {
    expect(uploadRequest(uploadRecord({ meta, serviceUrl: 'https://svc-a.test' }), on('https://svc-a.test')).primaryContactId).toBe('c-on-a');
    expect(uploadRequest(uploadRecord({ meta, serviceUrl: null }), on('https://svc-a.test')).primaryContactId).toBe('c-on-a');
  });

  it('leaves out a contact id of another service: a retry after the settings changed creates the recording on the new one', () => {
    expect(uploadRequest(uploadRecord({ meta, serviceUrl: 'https://svc-a.test' }), on('https://svc-b.test')).primaryContactId).toBeUndefined();
  });
});

describe('metaOn', () => {
  const meta = { title: 'Sync', meetingDate: '2026-11-12T10:00:00Z', speakersExpected: 2, primaryContactId: 'c-on-a', primaryContactName: 'Maya', primaryContactMatchedBy: 'name' as const };

  it('names no contact once the recording is created on another service (the row and the notification named one it never touched)', () => {
    expect(metaOn(uploadRecord({ meta, serviceUrl: 'https://svc-a.test' }), on('https://svc-b.test'))).toEqual({
      title: 'Sync', meetingDate: '2026-11-12T10:00:00Z', speakersExpected: 2, primaryContactId: null, primaryContactName: null,
    });
    expect(metaOn(uploadRecord({ meta, serviceUrl: 'https://svc-a.test' }), on('https://svc-a.test'))).toEqual(meta);
    expect(metaOn(uploadRecord({ meta, serviceUrl: null }), on('https://svc-b.test'))).toEqual(meta);
    // Created without the fields beside the interface's four: no contact either.
    expect(metaOn(uploadRecord({ meta, serviceUrl: null }), on('https://svc-b.test'), true)).toMatchObject({ title: 'Sync', primaryContactId: null, primaryContactName: null });
  });
});
