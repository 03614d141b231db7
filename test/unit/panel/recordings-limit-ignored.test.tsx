/**
 * Many small services ignore `limit` and list every recording of the account on each page, or
 * pages of their own size. The panel asks for 3 at a time (RECORDINGS_PAGE_SIZE); with a server
 * that sends 2,000, the section still draws a page's worth (with a way to see more), not 2,000
 * rows at once: every other list in the panel (topics, pending items, the transcript) draws a part
 * at a time for this reason. "More recordings" shows what the server sent beyond them first, then
 * asks for the page after all it sent: none skipped, none twice.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const raw = (i: number) => ({ id: `r${i}`, title: `Call ${i}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z', primary_contact_id: 'm' });
const everything = { recordings: Array.from({ length: 2000 }, (_, i) => raw(i)) };

it('draws a page of recordings, not the 2,000 a server ignoring `limit` sent', async () => {
  // What the background makes of the server's answer (the whole list, whatever limit was asked).
  fakeBackground({ 'recordings.list': ({ limit = 3, offset = 0 }) => Promise.resolve(toRecordingPage(everything, { limit, offset })) });
  renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call 0');
  const rows = within(region).getAllByRole('listitem');
  expect(rows.length).toBeLessThanOrEqual(50);
}, 30_000);

it('shows the next recordings at each “More recordings”, none skipped or repeated, with a server paging by 10 of its own', async () => {
  const ids = Array.from({ length: 25 }, (_, i) => i);
  // Honours `offset`, not `limit`: 10 from where it was asked, and the total.
  fakeBackground({
    'recordings.list': ({ limit = 3, offset = 0 }) =>
      Promise.resolve(toRecordingPage({ recordings: ids.slice(offset, offset + 10).map(raw), total: ids.length }, { limit, offset })),
  });
  renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call 0');
  const titles = () => within(region).getAllByRole('listitem').map((row) => row.querySelector('.recording-title')?.textContent);
  const expected = (count: number) => ids.slice(0, count).map((i) => `Call ${i}`);
  expect(titles()).toEqual(expected(3));
  // 3 at a time of the 10 sent, then the rest of them; then the next page, from the 11th.
  let before = 3;
  for (const count of [6, 9, 10, 13, 16, 19, 20, 23, 25]) {
    await userEvent.click(within(region).getByRole('button', { name: 'More recordings' }));
    await vi.waitFor(() => expect(titles()).toEqual(expected(count)));
    // The first row the press added takes focus, as for a page asked for.
    await vi.waitFor(() => expect(document.activeElement?.querySelector('.recording-title')?.textContent).toBe(`Call ${before}`));
    before = count;
  }
  expect(sent('recordings.list')).toMatchObject([{ offset: 0 }, { offset: 10 }, { offset: 20 }]);
  expect(within(region).queryByRole('button', { name: 'More recordings' })).toBeNull();
}, 30_000);
