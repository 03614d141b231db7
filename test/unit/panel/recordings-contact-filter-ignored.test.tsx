/**
 * A server that ignores `contact_id` lists the whole account's recordings; the client (client.ts
 * listRecordings) drops the ones that are certainly someone else's. The panel must then neither
 * give the account's count as the person's, nor say they have none while their recordings are on
 * the next page: a page keeping none of theirs is followed by the next, a few pages at most.
 */
import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { clientIgnoringContactFilter } from '../api/served-client';
import { toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

// Twelve recordings in the account, newest first; every fourth (r3, r7, r11) is with c1.
const account = Array.from({ length: 12 }, (_, i) => {
  const contact = i % 4 === 3 ? 'c1' : `other-${i}`;
  return { id: `r${i}`, title: `Call ${i}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z', primary_contact_id: contact, participants: [{ contact_id: contact }] };
});

const client = clientIgnoringContactFilter(account);

it('neither counts the account’s recordings as theirs nor says they have none', async () => {
  // The background's handler, with the real client behind it.
  fakeBackground({ 'recordings.list': ({ contactId, limit, offset }) => client.listRecordings({ contactId, limit, offset }) });
  renderWithClient(<RecordingsSection contactId="c1" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByRole('button', { name: 'More recordings' });
  expect.soft(within(region).getByRole('heading', { level: 2 })).not.toHaveTextContent('(12)');
  expect.soft(region).not.toHaveTextContent('No recordings with them yet.');
});

it('looks a few pages ahead at most, then offers more without saying they have none', async () => {
  // Neither the contact filter nor the offset is heeded: the same three others' recordings each time.
  const others = { recordings: account.slice(0, 3), limit: 3 };
  fakeBackground({
    'recordings.list': ({ contactId, limit = 3, offset = 0 }) => {
      const page = toRecordingPage(others, { limit, offset });
      return Promise.resolve({ ...page, recordings: page.recordings.filter((recording) => recording.primaryContactId === contactId), total: null });
    },
  });
  renderWithClient(<RecordingsSection contactId="c1" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('None with them among the latest recordings.');
  expect(sent('recordings.list')).toHaveLength(4);
  expect(within(region).getByRole('button', { name: 'More recordings' })).toBeInTheDocument();
  expect(region).not.toHaveTextContent('No recordings with them yet.');
});
