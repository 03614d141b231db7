/**
 * A recording entry as a reasonable server may write it: no meeting_date but its created_at (a
 * recording uploaded elsewhere, without a meeting's date), and a failed one whose reason is under
 * `status_message` / Rev.ai's `failure_detail`. The list dates the first by when it was added,
 * said as such (it is no meeting's date), not "No date"; the second's reason is kept.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { recordingDate } from '@/components/panel/recordings/MeetingDate';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecording, toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('dates a recording with no meeting date by when it was made, not “No date”', async () => {
  fakeBackground({
    'recordings.list': () =>
      Promise.resolve(
        toRecordingPage(
          { recordings: [{ id: 'r1', title: 'Weekly sync', meeting_date: null, created_at: '2026-11-07T10:00:00Z', status: 'completed', primary_contact_id: 'm' }], total: 1, limit: 3, offset: 0 },
          { limit: 3, offset: 0 },
        ),
      ),
  });
  renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
  const row = await screen.findByRole('button', { name: /Weekly sync/ });
  expect(row).not.toHaveTextContent('No date');
  expect(row).toHaveTextContent(/Added Nov 7, 2026/);
});

it('keeps the meeting’s date first, and says “No date” when there is neither', () => {
  expect(recordingDate(toRecording({ id: 'r1', meeting_date: '2026-11-05', created_at: '2026-11-07T10:00:00Z' }))).toBe('Nov 5, 2026');
  expect(recordingDate(toRecording({ id: 'r2' }))).toBe('No date');
});

it('keeps why a recording failed, under the names servers give it', () => {
  expect(toRecording({ id: 'r1', status: 'failed', status_message: 'The audio file is empty.' }).error).toBe('The audio file is empty.');
  expect(toRecording({ id: 'r2', status: 'failed', failure: 'download_failure', failure_detail: 'The media URL could not be downloaded.' }).error).toBe(
    'The media URL could not be downloaded.',
  );
});
