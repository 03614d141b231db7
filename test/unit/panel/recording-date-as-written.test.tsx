/**
 * A recording whose date the panel cannot read for sure ("12/11/2026": 12 Nov or 11 Dec) is said
 * to have "No date" in the recordings list, though the server gave one. Everywhere else such a
 * date is shown as the server wrote it (last conversation, due dates, the item source of an action
 * item naming this very recording).
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ItemSourceNote } from '@/components/panel/person/ItemSourceNote';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const NOW = new Date('2026-11-22T12:00:00');

const weekly: Recording = {
  id: 'r1', filename: 'weekly.mp3', title: 'Weekly sync', meetingDate: '12/11/2026', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null,
};

describe('a recording date the panel cannot read', () => {
  it('is shown as written beside an action item raised there', () => {
    render(<ItemSourceNote source={{ recordingId: 'r1', title: null, date: null }} item="Send pricing" lookup={() => weekly} now={NOW} />);
    expect(screen.getByText(/12\/11\/2026/)).toBeInTheDocument();
  });

  it('is shown as written in the recordings list, not as “No date”', async () => {
    fakeBackground({ 'recordings.list': () => Promise.resolve({ recordings: [weekly], received: 1, total: 1, limit: 10, offset: 0, hasMore: false }) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: /Recent recordings/ });
    const row = await within(region).findByRole('button', { name: /Weekly sync/ });
    expect(row).not.toHaveTextContent('No date');
    expect(row).toHaveTextContent('12/11/2026');
  });

  it('is shown as written in the recording’s own view', async () => {
    fakeBackground({ 'recording.get': weekly, 'recording.insights': null, 'recording.transcript': { recordingId: 'r1', segments: [] } });
    renderWithClient(<RecordingDetail id="r1" onBack={() => undefined} backLabel="Back" />);
    const date = await screen.findByText('12/11/2026');
    expect(date.tagName).toBe('BDI');
    expect(screen.queryByText(/No date/)).toBeNull();
  });

  it('is “No date” where the server gave none', async () => {
    fakeBackground({ 'recordings.list': () => Promise.resolve({ recordings: [{ ...weekly, meetingDate: null }], received: 1, total: 1, limit: 10, offset: 0, hasMore: false }) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: /Recent recordings/ });
    expect(await within(region).findByRole('button', { name: /Weekly sync/ })).toHaveTextContent('No date');
  });
});
