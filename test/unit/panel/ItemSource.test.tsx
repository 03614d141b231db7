/** Where each pending action item was raised: the recording it came from, opened from the item. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { keys } from '@/components/panel/data/keys';
import type { ActionItem, Recording, RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const recording = (id: string, title: string, meetingDate: string): Recording => ({
  id, filename: null, title, meetingDate, status: 'completed', rawStatus: 'completed', progress: 100, primaryContactId: 'm', participants: [], error: null,
});
const page = (recordings: Recording[]): RecordingPage => ({ recordings, received: recordings.length, total: recordings.length, limit: 3, offset: 0, hasMore: false });
const item = (text: string, source: ActionItem['source']): ActionItem => ({ text, owner: null, dueDate: null, status: null, ...(source === undefined ? {} : { source }) });

const items = [
  // Its recording is listed below the briefing: named by its title, dated by its meeting.
  item('Send pricing', { recordingId: 'r-pricing', title: null, date: null }),
  // The server named it: its own title and date win.
  item('Share the SOC 2 report', { recordingId: 'r-roadmap', title: 'Roadmap review', date: '2026-11-19T15:00:00' }),
  // Not among the recordings listed: still opens.
  item('Send evaluation plan', { recordingId: 'r-old', title: null, date: null }),
  // A title and a date, no recording to open.
  item('Book a slot', { recordingId: null, title: 'Partner call', date: null }),
  // Only when it was raised.
  item('Confirm headcount', { recordingId: null, title: null, date: '2026-11-21T10:00:00' }),
  // A date the panel cannot read: as written.
  item('Book the venue', { recordingId: null, title: null, date: 'last spring' }),
  // Nothing said: nothing shown.
  item('Introduce the architect', undefined),
];

describe('where an action item was raised', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('names the recording each item came from and opens it; says nothing the server did not give', async () => {
    fakeBackground({
      'contact.insights': reply(insights({ pendingActionItems: items })),
      'recordings.list': page([recording('r-pricing', 'Data platform pricing', '2026-11-05T10:00:00'), recording('r-roadmap', 'Q3 roadmap review', '2026-11-19T15:00:00')]),
    });
    const open = vi.fn();
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={open} now={NOW} />);
    const list = await screen.findByRole('list', { name: 'Pending action items' });
    const text = (name: string) => within(list).getByText(name).closest('li')!.textContent;
    await vi.waitFor(() => expect(text('Send pricing')).toMatch(/From Data platform pricing, 2 weeks ago$/));
    expect(text('Share the SOC 2 report')).toMatch(/From Roadmap review, 3 days ago$/);
    expect(text('Send evaluation plan')).toMatch(/From a recording$/);
    expect(text('Book a slot')).toMatch(/From “Partner call”$/);
    expect(text('Confirm headcount')).toMatch(/Raised yesterday$/);
    expect(text('Book the venue')).toMatch(/Raised last spring$/);
    expect(text('Introduce the architect')).toBe('Introduce the architect');
    expect(within(list).queryByRole('button', { name: /Partner call/ })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Data platform pricing: open the recording' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Open a recording, where “Send evaluation plan” was raised' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Roadmap review: open the recording' }));
    expect(open.mock.calls).toEqual([['r-pricing'], ['r-old'], ['r-roadmap']]);
  });

  it('in a meeting, opens the recording an attendee’s item came from, named from recordings the panel holds, without asking for any', async () => {
    const byId = {
      m: insights({ contactId: 'm', pendingActionItems: [item('Send pricing', { recordingId: 'r-pricing', title: null, date: null })] }),
      d: insights({ contactId: 'd', pendingActionItems: [item('Cost comparison', { recordingId: 'r-ops', title: null, date: '2026-11-16T13:00:00' })] }),
    };
    const background = fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])) });
    const open = vi.fn();
    const ui = (
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        onOpenRecording={open}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])}
      />
    );
    const { client } = renderWithClient(ui);
    // Maya's recordings are listed (her briefing opened meanwhile): the meeting names her item's recording.
    act(() => {
      client.setQueryData(keys.recordings('m'), { pages: [page([recording('r-pricing', 'Data platform pricing', '2026-11-05T10:00:00')])], pageParams: [0] });
    });
    const mayaItems = await screen.findByRole('list', { name: 'Pending action items: Maya Chen' });
    await vi.waitFor(() => expect(mayaItems).toHaveTextContent(/From Data platform pricing, 2 weeks ago$/));
    const danItems = screen.getByRole('list', { name: 'Pending action items: Daniel Weiss' });
    expect(danItems).toHaveTextContent(/From a recording, 6 days ago$/);
    await userEvent.click(within(danItems).getByRole('button', { name: 'Open a recording, where “Cost comparison” was raised' }));
    await userEvent.click(within(mayaItems).getByRole('button', { name: 'Data platform pricing: open the recording' }));
    expect(open.mock.calls).toEqual([['r-ops'], ['r-pricing']]);
    expect(background.mock.calls.map(([type]) => type)).not.toContain('recordings.list');
  });
});
