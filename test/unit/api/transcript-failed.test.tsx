/**
 * A transcript reply that says the transcript failed (`{status: "failed", error: "audio too
 * short"}`) was "an answer Primer cannot read", with a Try again that could never help. It says
 * what happened: the service could not make a transcript of this recording, and offers no retry.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toTranscript } from '@/lib/api/normalise';
import { TRANSCRIPT_FAILED_CODE } from '@/lib/api/errors';
import { transcriptError } from '../support/transcript-error';
import { ProblemNotice } from '@/components/panel/states/ProblemNotice';

describe('a transcript the service says failed', () => {
  it.each([
    ['with its reason', { status: 'failed', error: 'audio too short' }],
    ['with an error object', { status: 'error', error: { code: 'no_speech', message: 'No speech found' } }],
    ['around an empty transcript', { status: 'failed', transcript: null, reason: 'unsupported codec' }],
    ['in an envelope', { data: { status: 'failed', failure_reason: 'timeout' } }],
  ])('is said as failed (%s)', (_case, raw) => {
    expect(transcriptError(raw).code).toBe(TRANSCRIPT_FAILED_CODE);
  });

  it('a failed status beside the transcript itself still shows it', () => {
    expect(toTranscript({ status: 'failed', text: 'Maya: Hello\nJo: Hi' }, 'rec_1').segments.length).toBeGreaterThan(0);
  });

  it('the recording view says so, without Try again', () => {
    const onRetry = () => undefined;
    render(<ProblemNotice error={transcriptError({ status: 'failed', error: 'audio too short' })} what="the transcript" about="recording" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the transcript. The service could not make a transcript of this recording.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
