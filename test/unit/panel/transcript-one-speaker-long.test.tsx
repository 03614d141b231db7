/**
 * A long transcript with one speaker (a talk, a webinar, a dictation; or a server that names
 * every segment alike) is cut into turns of at most TURN_SEGMENTS_MAX segments, each after the
 * first named "(continued)", and a page holds at most twice TRANSCRIPT_TURNS_SHOWN segments: it
 * is drawn a part at a time like a conversation, not all at once as one turn.
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Transcript, TRANSCRIPT_TURNS_SHOWN, TURN_SEGMENTS_MAX } from '@/components/panel/recordings/Transcript';
import type { TranscriptSegment } from '@/lib/models';

const talk = (count: number): TranscriptSegment[] =>
  Array.from({ length: count }, (_, i) => ({ speaker: 'Maya Chen', start: i * 1.35, end: null, text: `Sentence number ${i} of a three-hour talk.` }));

it('draws a part of a 10,000-segment one-speaker transcript at first, not all of it', () => {
  const { container } = render(<Transcript transcript={{ recordingId: 'a', segments: talk(10_000) }} />);
  // Each segment is a paragraph (with its time and text inside).
  expect(container.querySelectorAll('.segment-text').length).toBeLessThanOrEqual(TRANSCRIPT_TURNS_SHOWN * 2);
  expect(container.querySelectorAll('*').length).toBeLessThan(2500);
  expect(screen.getByRole('button', { name: /^Show more of the transcript/ })).toBeTruthy();
}, 60_000);

it('names the speaker of a cut turn as continued', () => {
  const { container } = render(<Transcript transcript={{ recordingId: 'a', segments: talk(TURN_SEGMENTS_MAX + 1) }} />);
  const heads = [...container.querySelectorAll('.segment-head strong')].map((head) => head.textContent);
  expect(heads).toEqual(['Maya Chen', 'Maya Chen (continued)']);
});
