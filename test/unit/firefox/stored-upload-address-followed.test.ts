/**
 * Firefox: content scripts can write storage.local, where the uploads are kept (UPLOADS_KEY). A
 * page that took over the content script's context rewrites a stopped upload's `uploadUrl` (and
 * its headers) to an address of its own on a host Primer may already send to (the service's
 * storage host: one GCS host, storage.googleapis.com, serves every bucket) and marks it
 * `uploading`. At the next start of the background (Firefox's background page starts with the
 * browser) Primer resumes it and PUTs the user's meeting recording there, with no click; a Retry
 * pressed on the row does the same. What the user would see: an upload that goes on as usual (at most
 * a later "could not be processed") while their meeting recording went to someone else's bucket.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { missingUploadAccess } from '@/lib/background/uploads';
import { UploadService } from '@/lib/upload/service';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { isSending, UNTRUSTED_UPLOAD } from '@/lib/upload/record';
import { fakePlatform, T0, withUrl } from '../upload/helpers';

// A Firefox build: its pages can write storage.local (Chrome's cannot, and reads an earlier version's plain address).
beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

/** The run has ended (the vault's IndexedDB takes a few turns): the file sent, or the upload stopped. */
async function settled(): Promise<void> {
  await vi.waitFor(async () => expect(isSending((await uploadStore().get('u1'))!)).toBe(false));
}

const ISSUED = 'https://storage.example/rec-1?sig=1';
const ATTACKERS = 'https://storage.example/attacker-bucket/loot.m4a?sig=theirs';

/** The content script's write: the stored upload now names the page's address. */
async function rewriteAsPage(patch: Record<string, unknown>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: stored.map((record) => ({ ...record, ...patch })) });
}

function background() {
  // Primer was allowed to send to the service's storage host (the popup's "Allow and upload").
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation((({ origins }: { origins: string[] }) =>
    Promise.resolve(origins.every((origin) => origin === 'https://storage.example/*'))) as never);
  const platform = { ...fakePlatform(uploadStore(), () => T0 + 60_000), missingAccess: missingUploadAccess };
  return { platform, service: new UploadService(platform) };
}

describe('an upload address a page wrote into storage.local', () => {
  it('is not where the next start sends the recording', async () => {
    // The upload stopped mid-PUT (a dropped connection), its file kept for a retry.
    await uploadStore().put(withUrl({ state: 'failed', failedStep: 'put', error: 'The connection dropped.', errorKind: 'network', serviceUrl: 'https://svc.example' }));
    await rewriteAsPage({ state: 'uploading', failedStep: null, error: null, uploadUrl: ATTACKERS, uploadHeaders: { 'x-goog-meta-owner': 'them' }, urlExpiresAt: null });

    const { platform, service } = background();
    await service.resume();
    await settled();
    const sentTo = platform.put.mock.calls.map(([record]) => record.uploadUrl);
    expect(sentTo).not.toContain(ATTACKERS);
    // Nor anywhere: the rewritten record is untrusted (upload-record-rewritten-by-page.test.ts).
    expect(sentTo).toEqual([]);
  });

  it('is not where Retry sends the recording', async () => {
    await uploadStore().put(withUrl({ state: 'failed', failedStep: 'put', error: 'The connection dropped.', errorKind: 'network', serviceUrl: 'https://svc.example' }));
    await rewriteAsPage({ uploadUrl: ATTACKERS, urlExpiresAt: null });

    const { platform, service } = background();
    // Refused: the rewritten record is untrusted (upload-record-rewritten-by-page.test.ts).
    await expect(service.retry('u1')).rejects.toThrow(UNTRUSTED_UPLOAD);
    await settled();
    const sentTo = platform.put.mock.calls.map(([record]) => record.uploadUrl);
    expect(sentTo).not.toContain(ATTACKERS);
    // Only ever the address the service issued (or a new one it issues): here none.
    expect(sentTo.every((url) => url === ISSUED || url.startsWith('https://storage.example/rec-'))).toBe(true);
  });
});
