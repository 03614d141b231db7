// @vitest-environment node
/**
 * The presigned-url request answered 429 with `Retry-After: 3600` (an hourly upload quota). The
 * client does not wait that long: the upload stops as failed, and every Retry within the hour is
 * refused at once, without a call (the client keeps the service's quiet). The upload says when
 * Retry can work, not "try again in a moment", and keeps when the wait ends (its row holds Retry).
 */
import { expect, it } from 'vitest';
import { waitEnds } from '@/lib/format/wait';
import type { UploadRecord } from '@/lib/upload/record';
import { runnerAskingService, T0, uploadRecord } from './helpers';

it('says when an upload stopped by an hour-long rate limit can be retried, not "in a moment"', async () => {
  let calls = 0;
  let now = T0;
  const runner = runnerAskingService(() => {
    calls++;
    return Promise.resolve(
      // A gateway's page with no words of its own (the service's own JSON may have none either).
      new Response('<html><body><h1>429 Too Many Requests</h1></body></html>', { status: 429, headers: { 'content-type': 'text/html', 'retry-after': '3600' } }),
    );
  }, () => now);
  const first: UploadRecord = await runner.run(uploadRecord());
  expect(first).toMatchObject({ state: 'failed', failedStep: 'request-url', errorKind: 'rate_limited' });

  // Retry pressed two minutes later ("a moment"): refused at once, the service not even asked.
  now = T0 + 2 * 60_000;
  const again = await runner.run(first);
  expect(again).toMatchObject({ state: 'failed', failedStep: 'request-url', errorKind: 'rate_limited' });
  expect(calls).toBe(1);

  // Both times the row says when Retry can work, and keeps when that is.
  for (const stopped of [first, again]) {
    expect(stopped.error).not.toMatch(/in a moment/i);
    expect(stopped.error).toContain(`Retry can work ${waitEnds(T0 + 3_600_000, 3_600_000)}.`);
    expect(stopped.serviceWaitUntil).toBe(T0 + 3_600_000);
  }
});
