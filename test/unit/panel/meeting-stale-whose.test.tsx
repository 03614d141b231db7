/**
 * When some attendees' briefings could not be refreshed (their copies are shown), the meeting says
 * whose, as it does for briefings that failed outright: in a room of many, "one attendee" shown
 * hours old would leave the user to guess which, since the card reads like the fresh ones.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { ApiError } from '@/lib/api/errors';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('MeetingBriefing: one attendee shown from an old copy', () => {
  it('names the attendee whose briefing is an old copy', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const lee = match('l', 'Lee Park', 'lee@example.org');
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'm' ? Promise.reject(new ApiError('server', 'boom')) : Promise.resolve(reply(insights({ contactId, preferredTone: 'warm' }))),
    });
    const { client } = renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    // The panel's copy of Maya's briefing, three hours old; asking for a newer one fails.
    client.setQueryData(['insights', 'm'], reply(insights({ contactId: 'm', preferredTone: 'formal' }), { asOf: NOW.getTime() - 3 * 3_600_000 }), { updatedAt: 1 });
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(/as of .+ \(3 h ago\)/));
    // Her card says nothing of it (it reads like the fresh ones beside it)…
    const mayaCard = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem')[1]!;
    expect(mayaCard).toHaveTextContent(/^Maya Chen.*Toneformal/);
    // …so the notice says whose briefing is three hours behind, as whose failed is said (up to three named).
    expect(alert).toHaveTextContent('Could not load the latest briefing of Maya Chen.');
  });
});
