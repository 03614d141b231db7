/**
 * A recording's own insights (From this conversation) draw every item the server lists: a long
 * meeting's (or a misbehaving server's) 3,000 topics discussed, 3,000 key decisions and 3,000
 * action items are all put on screen at once, ahead of the transcript, where the person
 * briefing caps each list (TOPICS_SHOWN, PENDING_SHOWN) with a way to see the rest. Each list
 * here is drawn a part at a time too, its "Show all" reached by keyboard, focus going on to the
 * first item it added.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const call: Recording = {
  id: 'a', filename: 'a.mp3', title: 'Call a', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null,
};
const many = (what: string, length = 3000) => Array.from({ length }, (_, i) => `${what} ${i}`);

it('draws a part of each of a recording’s long insight lists, with a way to see the rest', async () => {
  fakeBackground({
    'recording.get': call,
    'recording.insights': {
      recordingId: 'a',
      actionItems: many('Item').map((text) => ({ text, owner: null, dueDate: null, status: null })),
      keyDecisions: many('Decision'),
      topicsDiscussed: many('Topic'),
    },
    'recording.transcript': { recordingId: 'a', segments: [] },
  });
  renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
  await screen.findByText('Decision 0');
  const drawn = {
    topics: screen.getAllByText(/^Topic \d+$/).length,
    decisions: screen.getAllByText(/^Decision \d+$/).length,
    items: screen.getAllByText(/^Item \d+$/).length,
  };
  const atMost50 = (n: number) => (n <= 50 ? 'at most 50' : n);
  expect({ topics: atMost50(drawn.topics), decisions: atMost50(drawn.decisions), items: atMost50(drawn.items) }).toEqual({ topics: 'at most 50', decisions: 'at most 50', items: 'at most 50' });
}, 60_000);

it('shows the rest of each list with its “Show all”, by keyboard, focus going to the first item added', async () => {
  fakeBackground({
    'recording.get': call,
    'recording.insights': {
      recordingId: 'a',
      actionItems: many('Item', 15).map((text) => ({ text, owner: null, dueDate: null, status: null })),
      keyDecisions: many('Decision', 15),
      topicsDiscussed: many('Topic', 15),
    },
    'recording.transcript': { recordingId: 'a', segments: [] },
  });
  renderWithClient(<RecordingDetail id="a" onBack={() => undefined} backLabel="Back" />);
  await screen.findByText('Decision 0');
  const user = userEvent.setup();
  for (const [button, pattern, first] of [
    [/^Show all 15 action items$/, /^Item \d+$/, 'Item 10'],
    [/^Show all 15 key decisions$/, /^Decision \d+$/, 'Decision 10'],
    [/^Show all 15 topics discussed$/, /^Topic \d+$/, 'Topic 12'],
  ] as const) {
    const shown = screen.getAllByText(pattern).length;
    expect(shown).toBeLessThan(15);
    screen.getByRole('button', { name: button }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByText(pattern)).toHaveLength(15);
    expect(screen.queryByRole('button', { name: button })).toBeNull();
    expect(within(document.activeElement as HTMLElement).getByText(first)).toBeTruthy();
  }
});
