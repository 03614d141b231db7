// @vitest-environment node
/**
 * The presigned-url request answered 429 with a Retry-After longer than the client waits
 * (`Retry-After: 120`, on a proxy's HTML page with no words of its own). The upload stops as
 * failed, and nothing retries it: its row must not say that Primer will try again by itself.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { UploadRunner, type UploadDeps } from '@/lib/upload/runner';
import type { UploadRecord } from '@/lib/upload/record';
import { T0, uploadRecord } from '../upload/helpers';

it('does not promise an automatic retry on an upload that stopped at a rate limit', async () => {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    // nginx's limit_req page (limit_req_status 429) in front of the service.
    fetch: () =>
      Promise.resolve(
        new Response('<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>nginx</center></body></html>', {
          status: 429,
          headers: { 'content-type': 'text/html', 'retry-after': '120' },
        }),
      ),
  });
  const saves: UploadRecord[] = [];
  const deps: UploadDeps = {
    requestUrl: (record, signal) =>
      client.requestUpload({ filename: record.file.name, contentType: record.file.type, fileSize: record.file.size }, { signal }),
    put: () => Promise.resolve(),
    sending: () => Promise.resolve(false),
    complete: () => Promise.resolve(),
    save: (record) => {
      saves.push(structuredClone(record));
      return Promise.resolve();
    },
    missingAccess: () => Promise.resolve(null),
    now: () => T0,
    sleep: () => Promise.resolve(),
  };
  const result = await new UploadRunner(deps).run(uploadRecord());
  expect(result).toMatchObject({ state: 'failed', failedStep: 'request-url', errorKind: 'rate_limited' });
  // Nothing is scheduled to run it again (no alarm, no next check): the user must press Retry.
  expect(result.nextCheckAt).toBeNull();
  // …so the row must not tell them to wait for Primer.
  expect(result.error).not.toMatch(/Primer will try again/i);
});
