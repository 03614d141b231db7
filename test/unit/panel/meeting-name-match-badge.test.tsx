/**
 * "Name-only match only for a single contact with exactly that full name, labelled 'matched by
 * name'": in a meeting's briefing, the attendee matched by name carries the visible label in their
 * own entry (as the person view and the hover card do), not only in words a screen reader hears;
 * an attendee matched by address does not.
 */
import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const sofia = match('sofia', 'Sofia Alvarez', 'sofia.alvarez@globex.example', 'name');
const maya = match('m', 'Maya Chen', 'maya@example.com');

it('shows "matched by name" in the entry of the attendee matched by name, and only there', async () => {
  fakeBackground({
    'contact.find': (query: PersonQuery) => Promise.resolve('name' in query ? (query.name === 'Sofia Alvarez' ? sofia : null) : query.email === 'maya@example.com' ? maya : null),
    'contact.insights': ({ contactId }: { contactId: string }) => Promise.resolve(reply(insights({ contactId }))),
  });
  renderWithClient(
    <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Sofia Alvarez', null, sofia), pagePerson('Maya Chen', 'maya@example.com', maya)])} />,
  );
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  const entryOf = async (name: string) => (await within(attendees).findByRole('heading', { name: new RegExp(`^${name}`) })).closest('li')!;
  const sofiaEntry = await entryOf('Sofia Alvarez');
  await vi.waitFor(() => expect(within(sofiaEntry).getByText('matched by name')).toBeVisible());
  expect(within(await entryOf('Maya Chen')).queryByText('matched by name')).toBeNull();
});
