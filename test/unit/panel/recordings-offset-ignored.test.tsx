/**
 * A server that ignores `offset` (it pages by `page`, or not at all) answers every "More
 * recordings" with its first page again. The list then holds nothing more to show: the button must
 * not stay for ever, each press asking again and adding nothing.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const raw = (id: string) => ({ id, title: `Call ${id}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z' });

describe.each([
  ['echoing offset 0 and a total', { recordings: [raw('a'), raw('b'), raw('c')], total: 7, limit: 3, offset: 0 }],
  ['with no paging fields at all', { recordings: [raw('a'), raw('b'), raw('c')] }],
])('a server that ignores offset, %s', (_what, firstPage) => {
  it('stops offering “More recordings” once a page brings nothing new', async () => {
    // What the background makes of the server's answer, for any offset asked.
    fakeBackground({ 'recordings.list': ({ limit = 3, offset = 0 }) => Promise.resolve(toRecordingPage(firstPage, { limit, offset })) });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const region = await screen.findByRole('region', { name: /^Recent recordings/ });
    await within(region).findByText('Call c');
    await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
    await vi.waitFor(() => expect(within(region).queryByText('Loading more recordings…')).toBeNull());
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull();
  });
});
