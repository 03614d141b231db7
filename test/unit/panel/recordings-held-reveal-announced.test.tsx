/**
 * "More recordings" says in its status region how many rows it added ("3 more recordings
 * loaded."). A page asked for passes through "Loading more recordings…" first, so the region's
 * text changes each time. Rows a server ignoring `limit` sent and the section held are shown at
 * once instead: the status goes from "3 more recordings loaded." to the same words, React leaves
 * the text node as it is, and the live region says nothing from the second press on.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { toRecordingPage } from '@/lib/api/normalise';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const raw = (i: number) => ({ id: `r${i}`, title: `Call ${i}`, status: 'completed', meeting_date: '2026-11-19T15:00:00Z', primary_contact_id: 'm' });

it('tells screen readers of every press that shows held rows, not only the first', async () => {
  const everything = { recordings: Array.from({ length: 12 }, (_, i) => raw(i)) };
  fakeBackground({ 'recordings.list': ({ limit = 3, offset = 0 }) => Promise.resolve(toRecordingPage(everything, { limit, offset })) });
  renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
  const region = await screen.findByRole('region', { name: /^Recent recordings/ });
  await within(region).findByText('Call 0');
  const status = region.querySelector('.more-status')!;
  const user = userEvent.setup();
  await user.click(within(region).getByRole('button', { name: 'More recordings' }));
  await within(region).findByText('Call 5');
  expect(status).toHaveTextContent('3 more recordings loaded.');
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(status, { childList: true, subtree: true, characterData: true });
  await user.click(within(region).getByRole('button', { name: 'More recordings' }));
  await within(region).findByText('Call 8');
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();
  // A live region is read when its content changes: nothing changed, nothing was said.
  expect(changes.length).toBeGreaterThan(0);
}, 30_000);
