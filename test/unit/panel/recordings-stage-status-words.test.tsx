/**
 * Status words that name the stage first and how it stands last ("analysis_in_progress",
 * "transcription_pending", "transcription_queued") read as under way or waiting, as the same word
 * said first does: the list looks again while they are shown, and says Ready once the recording
 * is. Negations still undo them ("transcription_not_started" waits, "pre_processing" is unknown),
 * and a stage after the transcript ("insights_pending") stays a status Primer does not know, so
 * the recording's transcript is still asked for.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { PROCESSING_POLL_MS } from '@/components/panel/data/queries';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecordingPage, toStatus } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('reads a stage’s status word said last as under way or waiting', () => {
  expect(toStatus('analysis_in_progress')).toBe('processing');
  expect(toStatus('diarization_in_progress')).toBe('processing');
  expect(toStatus('transcription_pending')).toBe('queued');
  expect(toStatus('transcription_queued')).toBe('queued');
  expect(toStatus('transcription_not_started')).toBe('queued');
  expect(toStatus('AnalysisInProgress')).toBe('processing');
});

it('keeps a negation, and a stage after the transcript, from reading as under way', () => {
  expect(toStatus('pre_processing')).toBe('unknown');
  expect(toStatus('transcription_not_in_progress')).toBe('unknown');
  expect(toStatus('insights_pending')).toBe('unknown');
});

it('a recording whose analysis is in progress turns Ready while the list is shown', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    let status = 'analysis_in_progress';
    fakeBackground({
      'recordings.list': () =>
        Promise.resolve(
          toRecordingPage(
            { recordings: [{ id: 'r1', title: 'Weekly sync', meeting_date: '2026-11-07T10:00:00Z', status, primary_contact_id: 'm' }], total: 1, limit: 3, offset: 0 },
            { limit: 3, offset: 0 },
          ),
        ),
    });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    await screen.findByText('Weekly sync');
    status = 'completed';
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 1_000);
    expect(await screen.findByText('Ready', {}, { timeout: 2_000 })).toBeInTheDocument();
  } finally {
    vi.useRealTimers();
  }
});
