/**
 * Server text in Hebrew or Arabic beside Primer's English is isolated (<bdi>, or dir="auto" on an
 * element holding it alone), as bidi.test.tsx checks for items, topics and transcripts: an action
 * item's owner ("Owner: …") and due date as written ("Due …"), the title of the recording it came
 * from ("From “…”, 3 days ago", also as the button opening it) and that recording's date as
 * written, and a recording's title in the list row (followed by its date and status in the same
 * button) and as the recording view's heading. Without it a title ending in "!" or a number shows
 * the punctuation or number on the wrong side, and the date after it runs into it.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const NOW = new Date('2026-11-22T12:00:00');

/**
 * Whether `text` is held alone by an isolating element. Where it is not, it is a text node among
 * Primer's own ("Owner: ", "From “"): no element holds exactly it.
 */
function isolated(text: string): boolean {
  const element = screen.queryByText(text);
  return element !== null && (element.tagName === 'BDI' || element.getAttribute('dir') === 'auto');
}

describe('Hebrew and Arabic server text beside English', () => {
  it('is isolated as an action item’s owner and as the title of the recording it came from', () => {
    render(
      <ActionItemList
        items={[{ text: 'Send pricing', owner: 'דנה כהן', dueDate: '2026-11-30', status: null, source: { recordingId: null, title: 'مراجعة الربع 3!', date: '2026-11-19' } }]}
        label="Items"
        now={NOW}
      />,
    );
    expect(isolated('דנה כהן'), 'owner').toBe(true);
    expect(isolated('مراجعة الربع 3!'), 'source title').toBe(true);
  });

  it('is isolated as a due date and a source date shown as written, and as the title on the button opening the recording', () => {
    render(
      <ActionItemList
        items={[{ text: 'Send pricing', owner: null, dueDate: 'סוף הרבעון', status: null, source: { recordingId: 'r1', title: 'مراجعة الربع 3!', date: 'قبل أسبوع' } }]}
        label="Items"
        onOpenRecording={() => undefined}
        now={NOW}
      />,
    );
    expect(isolated('סוף הרבעון'), 'due date').toBe(true);
    expect(isolated('قبل أسبوع'), 'source date').toBe(true);
    expect(screen.getByRole('button', { name: 'مراجعة الربع 3!: open the recording' })).toHaveAttribute('dir', 'auto');
  });

  it('is isolated as a recording’s title in the list', async () => {
    const recording: Recording = {
      id: 'r1', filename: 'r1.mp3', title: 'סיכום רבעון 3!', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
      progress: 100, primaryContactId: 'm', participants: [], error: null,
    };
    fakeBackground({ 'recordings.list': () => Promise.resolve({ recordings: [recording], received: 1, total: 1, limit: 10, offset: 0, hasMore: false }) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: /Recent recordings/ });
    await within(region).findByText('סיכום רבעון 3!');
    expect(isolated('סיכום רבעון 3!'), 'recording title').toBe(true);
  });

  it('is isolated as the recording view’s heading', async () => {
    const recording: Recording = {
      id: 'r1', filename: 'r1.mp3', title: 'סיכום רבעון 3!', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
      progress: 100, primaryContactId: 'm', participants: [], error: null,
    };
    fakeBackground({ 'recording.get': recording, 'recording.insights': null, 'recording.transcript': { recordingId: 'r1', segments: [] } });
    renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'סיכום רבעון 3!' })).toHaveAttribute('dir', 'auto');
  });
});
