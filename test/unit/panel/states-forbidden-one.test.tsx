import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { ApiError } from '@/lib/api/errors';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

describe('a 403 on one attendee only (a contact hidden from this key)', () => {
  it('does not say the key may not read briefings beside briefings it just read', async () => {
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        contactId === 'd' ? Promise.reject(new ApiError('forbidden', 'no', { status: 403 })) : Promise.resolve(reply(insights({ contactId, preferredTone: 'friendly' }))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const alert = await screen.findByRole('alert');
    expect(within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem')[0]).toHaveTextContent('friendly');
    expect(alert).toHaveTextContent(/^Could not load the briefing of Daniel Weiss\./);
    expect(alert).not.toHaveTextContent('This API key is not allowed to read briefings.');
  });
});
