/**
 * Firefox: content scripts can read and write storage.local, where the uploads are kept
 * (UPLOADS_KEY). The upload address is sealed there, but the rest of a record was taken as it was
 * found: a page that took over a matched site's renderer rewrites a stopped upload's primary
 * contact, and the user's Retry creates the recording for the page's contact (the row still naming
 * the first, and the "processed" briefing of someone else refreshed); it rewrites the service or
 * account a recording was made on, and finishing it or checking on it goes there; an upload left
 * by an earlier version (unsigned: a page can strip a signature too) is resumed as it was found.
 * What the user would see: nothing wrong, while their recording is filed for someone else or its
 * calls go elsewhere. Now a record the background did not sign as it stands is never acted upon:
 * its row says it cannot be trusted and to upload the file again; Remove takes it away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { isSending, type UploadRecord } from '@/lib/upload/record';
import { retryLabel } from '@/components/popup/upload-text';
import { deferred, presigned, T0, uploadRecord, withUrl } from '../upload/helpers';
import { restartedBackground } from './vault-failures';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

const UNTRUSTED = /Primer cannot trust this upload’s saved details\. Upload the file again\./;

/** The content script's write: every stored upload patched (meta patched field by field). */
async function rewriteAsPage(patch: Record<string, unknown>, meta: Record<string, unknown> = {}): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];
  await fakeBrowser.storage.local.set({
    [UPLOADS_KEY]: stored.map((record) => ({ ...record, ...patch, meta: { ...(record.meta as object), ...meta } })),
  });
}

const background = restartedBackground;

/** Stopped asking for an upload address (the network dropped): the row offers Retry. */
const stoppedAtRequest = () => uploadRecord({ state: 'failed', failedStep: 'request-url', error: 'The connection dropped.', errorKind: 'network' });

/** Nothing that reaches the service, storage or the user's permissions was done. */
function expectNothingDone(platform: ReturnType<typeof background>['platform']): void {
  expect(platform.requestUrl).not.toHaveBeenCalled();
  expect(platform.put).not.toHaveBeenCalled();
  expect(platform.complete).not.toHaveBeenCalled();
  expect(platform.getRecording).not.toHaveBeenCalled();
}

async function expectUntrustedRow(service: UploadService): Promise<UploadRecord> {
  const [row] = await service.list();
  expect(row).toMatchObject({ id: 'u1', state: 'failed', needsAccess: null });
  expect(row!.error).toMatch(UNTRUSTED);
  expect(retryLabel(row!)).toBeNull();
  return row!;
}

describe('an upload record a page rewrote in storage.local', () => {
  it('another primary contact: Retry creates no recording for that contact, and the row says it cannot be trusted', async () => {
    await uploadStore().put(stoppedAtRequest());
    await rewriteAsPage({}, { primaryContactId: 'c-attackers-pick' });

    const { platform, service } = background();
    await service.resume();
    await expect(service.retry('u1')).rejects.toThrow(UNTRUSTED);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const contacts = platform.requestUrl.mock.calls.map(([record]) => record.meta.primaryContactId);
    expect(contacts).not.toContain('c-attackers-pick');
    expectNothingDone(platform);
    const row = await expectUntrustedRow(service);
    // Nor is the page's contact named on the row.
    expect(row.meta.primaryContactId).toBeNull();
  });

  it('another host to be allowed: the background never retries it on a grant, and the row asks for no permission', async () => {
    await uploadStore().put(withUrl({ state: 'failed', failedStep: 'put', error: 'Primer needs access.', needsAccess: 'https://storage.example/*' }));
    await rewriteAsPage({ needsAccess: 'https://attacker.example/*' });

    const { platform, service } = background();
    await service.resume();
    await service.accessGranted();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectNothingDone(platform);
    const row = await expectUntrustedRow(service);
    expect(row.needsAccess).toBeNull();
  });

  it('another service and account: finishing and checking go nowhere', async () => {
    const store = uploadStore();
    await store.put(withUrl({ state: 'completing', putDone: true, uploadUrl: null, uploadHeaders: {}, serviceUrl: 'https://svc.example', account: 'https://svc.example|tag-x' }));
    await store.put(withUrl({ state: 'processing', putDone: true, uploadUrl: null, uploadHeaders: {}, recordingId: 'rec-7', serviceUrl: 'https://svc.example', createdAt: T0 - 1 }, 'u2'));
    await rewriteAsPage({ serviceUrl: 'https://attacker.example', account: 'https://attacker.example|tag-y' });

    const { platform, service } = background();
    await service.resume();
    await service.poll();
    await service.check('u2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectNothingDone(platform);
    expect((await service.list()).map((record) => [record.id, record.state])).toEqual([
      ['u1', 'failed'],
      ['u2', 'failed'],
    ]);
  });

  it('left unsigned (an earlier version’s, or a page’s with the signature stripped): not resumed, its kept file sent nowhere and not deleted at once', async () => {
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [uploadRecord({ state: 'uploading', recordingId: 'rec-1' })] });

    const { platform, service } = background();
    await service.resume();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectNothingDone(platform);
    await expectUntrustedRow(service);
    // Its kept copy is sent nowhere, and kept as any stopped upload's is (a vault unreadable at
    // this start reads every record so; at the next they are trusted again, their files there).
    expect(platform.deleteFile).not.toHaveBeenCalled();
  });

  it('with its signature copied from another record: not trusted', async () => {
    await uploadStore().put(stoppedAtRequest());
    await uploadStore().put(uploadRecord({ state: 'failed', failedStep: 'request-url', error: 'x', errorKind: 'network', createdAt: T0 - 1, meta: { ...stoppedAtRequest().meta, primaryContactId: 'c-other' } }, 'u2'));
    const [mine, other] = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [{ ...mine, meta: other!.meta, sig: other!.sig }] });

    const { platform, service } = background();
    await expect(service.retry('u1')).rejects.toThrow(UNTRUSTED);
    expectNothingDone(platform);
  });

  it('is removed by Remove, with its kept file', async () => {
    await uploadStore().put(stoppedAtRequest());
    await rewriteAsPage({}, { primaryContactId: 'c-attackers-pick' });

    const { platform, service } = background();
    expect(await service.dismiss('u1')).toBe(true);
    expect(await service.list()).toEqual([]);
    expect(platform.deleteFile).toHaveBeenCalledWith('u1');
  });

  it('stays untrusted when the background writes another upload meanwhile (it is not signed as found)', async () => {
    await uploadStore().put(stoppedAtRequest());
    await rewriteAsPage({}, { primaryContactId: 'c-attackers-pick' });
    await uploadStore().put(uploadRecord({ state: 'failed', failedStep: 'request-url', error: 'x', createdAt: T0 + 1 }, 'u2'));

    const { platform, service } = background();
    await expect(service.retry('u1')).rejects.toThrow(UNTRUSTED);
    expectNothingDone(platform);
  });
});

describe('an upload record the background signed, untouched', () => {
  it('rewritten by a page while its file is being sent: the run goes on with the background’s own copy, and its next save is trusted again', async () => {
    const { platform, service } = background();
    const putting = deferred();
    platform.put.mockImplementation(() => putting.promise);
    const record = uploadRecord();
    await service.start('u1', record.file, record.meta);
    await vi.waitFor(() => expect(platform.put).toHaveBeenCalledTimes(1));
    await rewriteAsPage({}, { primaryContactId: 'c-attackers-pick' });
    // Meanwhile the hourly pass leaves the running upload's file alone.
    await service.forgetFinishedBefore(T0 - 1);
    expect(platform.deleteFile).not.toHaveBeenCalled();

    putting.resolve();
    // (Read as untrusted until the run's next save: not a sign the run ended.)
    await vi.waitFor(async () => expect((await uploadStore().get('u1'))?.state).toBe('processing'));
    expect(await uploadStore().get('u1')).toMatchObject({ state: 'processing', error: null, meta: { primaryContactId: 'c-maya' } });
    expect(platform.complete.mock.calls.map(([id]) => id)).toEqual(['rec-2']);
  });

  it('is retried as before: the recording is created for its contact, the file sent, and processed', async () => {
    await uploadStore().put(stoppedAtRequest());

    const { platform, service } = background();
    await service.resume();
    await service.retry('u1');
    await vi.waitFor(async () => expect(isSending((await uploadStore().get('u1'))!)).toBe(false));
    expect(platform.requestUrl.mock.calls.map(([record]) => record.meta.primaryContactId)).toEqual(['c-maya']);
    expect(platform.put.mock.calls.map(([record]) => record.uploadUrl)).toEqual([presigned(2, T0).uploadUrl]);
    expect(await uploadStore().get('u1')).toMatchObject({ state: 'processing', recordingId: 'rec-2', error: null, meta: { primaryContactId: 'c-maya' } });
  });

  it('is resumed as before at the next start, at its sealed address', async () => {
    await uploadStore().put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));

    const { platform, service } = background();
    await service.resume();
    await vi.waitFor(async () => expect(isSending((await uploadStore().get('u1'))!)).toBe(false));
    expect(platform.requestUrl).not.toHaveBeenCalled();
    expect(platform.put.mock.calls.map(([record]) => record.uploadUrl)).toEqual(['https://storage.example/rec-1?sig=1']);
    expect(platform.complete.mock.calls.map(([id, , serviceUrl]) => [id, serviceUrl])).toEqual([['rec-1', 'https://svc.example']]);
  });
});
