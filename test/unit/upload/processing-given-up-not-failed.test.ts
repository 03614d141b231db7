/**
 * Primer stops checking a recording after about a day of scheduled checks (MAX_POLLS) while the
 * service still reports it as processing. The service never said it failed, and may finish it
 * later: the row says Primer no longer follows it (not "Failed while processing"), the
 * notification says to check it on the service (not that it could not be processed, which reads
 * as "upload it again": a second recording of the same meeting), and picking the same file again
 * is warned of as a second recording.
 */
import { expect, it, vi } from 'vitest';
import { retryLabel, sameFileNote, stateLabel } from '@/components/popup/upload-text';
import { announcementOf } from '@/lib/background/uploads';
import type { Recording } from '@/lib/models';
import { checkProcessing, MAX_POLLS, type PollDeps } from '@/lib/upload/poller';
import { memoryStore, T0, withUrl } from './helpers';

it('does not call a recording the service is still processing failed when Primer stops checking on it', async () => {
  const stillAtWork: Recording = {
    id: 'rec-1', filename: null, title: null, meetingDate: null, status: 'processing', rawStatus: 'transcribing',
    progress: 80, primaryContactId: null, participants: [], error: null,
  };
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'transcribing', polls: MAX_POLLS - 1 });
  const store = memoryStore([watched]);
  const finished = vi.fn<PollDeps['finished']>(() => Promise.resolve());
  const deps: PollDeps = { store, getRecording: () => Promise.resolve(stillAtWork), beforeFinish: () => Promise.resolve(), finished, now: () => T0 + 86_400_000 };

  const last = await checkProcessing(watched, deps);
  // Primer has stopped following it (as expected after a day)…
  expect(last.state).not.toBe('processing');
  expect(finished).toHaveBeenCalledOnce();
  // …but what the user is told must not say the service failed to process it.
  expect(stateLabel(last)).not.toBe('Failed while processing');
  expect(announcementOf(last).title).not.toBe('Recording could not be processed');
  expect(stateLabel(last)).toBe('No longer followed');
  expect(announcementOf(last)).toEqual({
    title: 'Primer stopped following a recording',
    message: '“\u2068Weekly sync\u2069”: the service had not finished processing it after about a day. Check it on the service.',
  });
  expect(retryLabel(last)).toBeNull();
  expect(sameFileNote([last], last.file, new Date(T0))).toMatch(/uploading it again makes a second recording/);
});
