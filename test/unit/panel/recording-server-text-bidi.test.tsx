/**
 * A recording's key decisions are the service's sentences, in the conversation's language. Every
 * other piece of the service's prose in the panel sets its own direction (action items' text,
 * topics, tips, transcript turns: dir="auto" or <bdi>, bidi.test.tsx); key decisions are plain
 * <li>s of the left-to-right panel, and "Processing failed: …" sets the service's message inside
 * Primer's sentence as is. A Hebrew decision "נדחה את ההשקה למאי." is then shown with its full stop
 * at its right end (its start, for a Hebrew reader) and aligned left; a message holding U+202E
 * (or ending in Arabic before digits) reorders what follows it. jsdom lays nothing out: this checks
 * that the isolation is there.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function recording(patch: Partial<Recording> = {}): Recording {
  return {
    id: 'a', filename: 'a.mp3', title: 'שיחת מכירה', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
    progress: 100, primaryContactId: 'm', participants: [], error: null, ...patch,
  };
}

/** Whether the element showing exactly `text` sets its own direction (dir="auto", or a <bdi>). */
function isolated(text: string): boolean {
  const element = screen.getByText(text);
  return element.tagName === 'BDI' || element.getAttribute('dir') === 'auto';
}

it('isolates a recording’s key decisions, as its action items and topics are', async () => {
  fakeBackground({
    'recording.get': recording(),
    'recording.insights': { recordingId: 'a', actionItems: [{ text: 'לשלוח הצעת מחיר', owner: null, dueDate: null, status: null }], keyDecisions: ['נדחה את ההשקה למאי.'], topicsDiscussed: ['תמחור'] },
    'recording.transcript': { recordingId: 'a', segments: [] },
  });
  renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
  await screen.findByText('נדחה את ההשקה למאי.');
  // The others in the same section are (as a reference).
  expect(isolated('לשלוח הצעת מחיר')).toBe(true);
  expect(isolated('תמחור')).toBe(true);
  expect(isolated('נדחה את ההשקה למאי.'), 'key decision').toBe(true);
});

it('isolates the service’s own failure message inside “Processing failed: …”', async () => {
  fakeBackground({ 'recording.get': recording({ status: 'failed', rawStatus: 'failed', error: 'קובץ פגום\u202E 2 of 3' }) });
  renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
  const problem = await screen.findByText(/Processing failed/);
  expect(problem.querySelector('bdi')?.textContent, 'the message in its own isolate').toBe('קובץ פגום\u202E 2 of 3');
});
