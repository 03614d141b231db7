/**
 * RecordingsSection's `shown` (how many of what the server sent are drawn) is kept when the same
 * section is given another contact (PersonBriefing's contact id changes when its lookup answers
 * with another contact): the next contact's list, from a server ignoring `limit`, is drawn as far
 * as the first was opened, not a page's worth.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const raw = (contact: string, i: number) => ({ id: `${contact}${i}`, title: `Call ${contact}${i}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z', primary_contact_id: contact });

it('draws a page of the next contact’s recordings, not as many as were opened for the one before', async () => {
  fakeBackground({
    'recordings.list': ({ contactId, limit = 3, offset = 0 }) =>
      Promise.resolve(toRecordingPage({ recordings: Array.from({ length: 12 }, (_, i) => raw(contactId ?? '', i)) }, { limit, offset })),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const ui = (contactId: string) => (
    <QueryClientProvider client={client}>
      <RecordingsSection contactId={contactId} onOpen={() => undefined} />
    </QueryClientProvider>
  );
  const { rerender } = render(ui('a'));
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call a0');
  for (let press = 0; press < 3; press++) await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
  await within(region).findByText('Call a11');
  rerender(ui('b'));
  await within(region).findByText('Call b0');
  expect(within(region).getAllByRole('listitem')).toHaveLength(3);
}, 30_000);
