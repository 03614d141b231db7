/**
 * One meeting shows "Sofia Alvarez" twice: by name only (the organizer line, "Opens card for Sofia
 * Alvarez") and with an address (her attendee row's tooltip). The page itself says which Sofia
 * Alvarez this is (or that two are here): the name-only entry is matched by name only to the
 * contact that address is. Where the address is no contact's (or another's), a contact found by
 * the name alone is a guess the page contradicts: she is shown by name only, and that contact is
 * not briefed for her. Where the address is that contact's, the two entries are one attendee.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import type { PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const globexSofia = match('sofia-globex', 'Sofia Alvarez', 'sofia.alvarez@globex.example', 'name');
const maya = match('m', 'Maya Chen', 'maya@example.com');

function serve(byAddress: Record<string, ContactMatch>) {
  const asked: string[] = [];
  fakeBackground({
    'contact.find': (query: PersonQuery) => Promise.resolve('name' in query ? (query.name === 'Sofia Alvarez' ? globexSofia : null) : (byAddress[query.email] ?? null)),
    'contact.insights': ({ contactId }: { contactId: string }) => {
      asked.push(contactId);
      return Promise.resolve(reply(insights({ contactId, sensitiveTopics: contactId === 'sofia-globex' ? ['the merger'] : [] })));
    },
  });
  return asked;
}

async function settledAttendees() {
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await vi.waitFor(() => expect(screen.getByText(/^\d people/)).toHaveTextContent(/·/));
  return attendees;
}

describe('the same name shown with an address and without one', () => {
  it('does not brief another Sofia Alvarez for the name-only entry when the address is no contact', async () => {
    const asked = serve({});
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Sofia Alvarez', null, null), pagePerson('Sofia Alvarez', 'sofia@partner.example', null), pagePerson('Maya Chen', 'maya@example.com', maya)])}
      />,
    );
    const attendees = await settledAttendees();
    expect(within(attendees).queryByText('matched by name')).toBeNull();
    expect(screen.getByText(/^\d people/)).toHaveTextContent('3 people · 1 in Primer, 1 not yet, 1 shown by name only');
    expect(screen.getByRole('heading', { name: /Shown by name only/ })).toBeInTheDocument();
    expect(screen.queryByText(/the merger/)).toBeNull();
    expect(asked).not.toContain('sofia-globex');
  });

  it('does not take the page’s match by name either', async () => {
    serve({});
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Sofia Alvarez', null, globexSofia), pagePerson('Sofia Alvarez', 'sofia@partner.example', null), pagePerson('Maya Chen', 'maya@example.com', maya)])}
      />,
    );
    const attendees = await settledAttendees();
    expect(within(attendees).queryByText('matched by name')).toBeNull();
    expect(screen.getByText(/^\d people/)).toHaveTextContent('3 people · 1 in Primer, 1 not yet, 1 shown by name only');
  });

  it('is one attendee, matched by address, when the address is the contact found by the name', async () => {
    serve({ 'sofia.alvarez@globex.example': { ...globexSofia, matchedBy: 'email' } });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Sofia Alvarez', null, null), pagePerson('Sofia Alvarez', 'sofia.alvarez@globex.example', null), pagePerson('Maya Chen', 'maya@example.com', maya)])}
      />,
    );
    const attendees = await settledAttendees();
    expect(screen.getByText(/^\d people/)).toHaveTextContent('2 people · 2 in Primer');
    expect(within(attendees).queryByText('matched by name')).toBeNull();
    expect(await screen.findAllByText(/the merger/)).not.toHaveLength(0);
  });
});
