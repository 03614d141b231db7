/**
 * The owner's rule: a contact found only by a name match says so wherever it is named. The headings
 * naming such a person (their card in a meeting, the title of their own briefing) said the name
 * alone, beside a badge: a screen reader user going from heading to heading, or landing on the title
 * as "Full briefing" opens it (the announcement that would say it is made only for a briefing that
 * was not there at once), heard "Dana Cohen" and not how she was found. The headings' names now say
 * it, as the meeting's other headings and buttons do; the badge stays for the eye and is not read twice.
 */
import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const dana = match('d', 'Dana Cohen', 'dana@example.com', 'name');
const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

it('names an attendee matched by name so in the heading of their card, and only them', async () => {
  fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))) });
  renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Dana Cohen', null, dana), pagePerson('Maya Chen', 'maya@example.com', maya)])} />);
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await vi.waitFor(() => expect(within(attendees).getAllByText('Tone')).toHaveLength(2));
  expect(within(attendees).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Dana Cohen', 'Maya Chen']);
  expect(within(attendees).getByRole('heading', { level: 3, name: 'Dana Cohen (matched by name)' })).toBeInTheDocument();
  expect(within(attendees).getByRole('heading', { level: 3, name: 'Maya Chen' })).toBeInTheDocument();
  // Seen beside the name still.
  expect(within(attendees).getByText('matched by name')).toBeVisible();
});

it('names a person matched by name so in the title of their briefing', async () => {
  fakeBackground({ 'contact.insights': reply(insights({ contactId: 'd', preferredTone: 'formal' })), 'recordings.list': noRecordings });
  renderWithClient(<PersonBriefing person={{ email: null, name: 'Dana Cohen', match: dana }} onOpenRecording={() => undefined} now={NOW} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Dana Cohen (matched by name)' })).toHaveTextContent(/^Dana Cohen$/);
  expect(screen.getByText('matched by name')).toBeVisible();
});
