/**
 * A server ignoring `contact_id` whose first page happens to hold only this person's recordings:
 * nothing shows the filter ignored yet, and the heading gives the server's total. Once a later
 * page shows it (others' recordings left out), that total is the account's, not theirs: it must
 * no longer be shown as their count ("Recent recordings (12)" for someone with four).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { clientIgnoringContactFilter } from '../api/served-client';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

// Twelve recordings in the account, newest first: the first three and the last one are with c1.
const account = Array.from({ length: 12 }, (_, i) => {
  const contact = i < 3 || i === 11 ? 'c1' : `other-${i}`;
  return { id: `r${i}`, title: `Call ${i}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z', primary_contact_id: contact, participants: [{ contact_id: contact }] };
});
const client = clientIgnoringContactFilter(account);

it('stops giving the account’s total as theirs once a page shows the filter ignored', async () => {
  fakeBackground({ 'recordings.list': ({ contactId, limit, offset }) => client.listRecordings({ contactId, limit, offset }) });
  renderWithClient(<RecordingsSection contactId="c1" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByRole('button', { name: /Call 2/ });
  expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('(12)');
  // The next page (r3–r5) is everyone else's: left out, it shows the filter ignored.
  const more = within(region).getByRole('button', { name: 'More recordings' });
  await userEvent.click(more);
  await vi.waitFor(() => expect(sent('recordings.list')).toHaveLength(2));
  await vi.waitFor(() => expect(more).not.toHaveAttribute('aria-busy'));
  expect(within(region).getByRole('heading', { level: 2 })).not.toHaveTextContent('(12)');
});
