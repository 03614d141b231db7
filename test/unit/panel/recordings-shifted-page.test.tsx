/**
 * "More recordings" stops once a later page repeats only recordings already listed (a server
 * ignoring `offset` answers each with its first page). That is judged on what the server listed,
 * not on what the panel kept after leaving out others' recordings (a server ignoring `contact_id`):
 * there a recording added to the account shifts the next page by one, which then keeps only one of
 * theirs already listed, though their older recordings follow.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { clientAnswering, clientIgnoringContactFilter } from '../api/served-client';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const recording = (id: string, contact: string) => ({
  id,
  title: `Call ${id}`,
  status: 'completed',
  meeting_date: '2026-11-19T15:00:00Z',
  primary_contact_id: contact,
  participants: [{ contact_id: contact }],
});
// The account's recordings, newest first; c1's are x, y and z.
const account = [
  recording('o1', 'other-1'), recording('o2', 'other-2'), recording('x', 'c1'),
  recording('o3', 'other-3'), recording('o4', 'other-4'), recording('y', 'c1'),
  recording('o5', 'other-5'), recording('z', 'c1'), recording('o6', 'other-6'),
];

// contact_id is ignored; offset is heeded.
const client = clientIgnoringContactFilter(account);

it('still offers their older recordings after a new recording shifted the next page', async () => {
  fakeBackground({ 'recordings.list': ({ contactId, limit, offset }) => client.listRecordings({ contactId, limit, offset }) });
  renderWithClient(<RecordingsSection contactId="c1" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call x');
  // A colleague's call is uploaded meanwhile: it is now the account's newest.
  account.unshift(recording('new', 'other-7'));
  await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
  // The second page (offset 3) is now [x, o3, o4]: of theirs, only x, listed already. y and z follow.
  await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
  await vi.waitFor(() => expect(within(region).queryByText('Loading more recordings…')).toBeNull());
  expect(within(region).getByRole('button', { name: 'More recordings' })).toBeInTheDocument();
});

it('still stops offering more once a server ignoring offset too answers with its first page again', async () => {
  const firstPage = { recordings: [recording('o1', 'other-1'), recording('o2', 'other-2'), recording('x', 'c1')] };
  const deaf = clientAnswering(200, firstPage);
  fakeBackground({ 'recordings.list': ({ contactId, limit, offset }) => deaf.listRecordings({ contactId, limit, offset }) });
  renderWithClient(<RecordingsSection contactId="c1" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call x');
  await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
  await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
  await vi.waitFor(() => expect(within(region).queryByText('Loading more recordings…')).toBeNull());
  expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull();
});
