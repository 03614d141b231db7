/**
 * Several attendees failed for the same reason (the service asked Primer to slow down),
 * one more for another: the slow-down is one meeting notice, not one alert per attendee; the
 * other failure stays on its own card.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { ApiError } from '@/lib/api/errors';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('MeetingBriefing: a busy service for many attendees and one other failure', () => {
  it('says the slow-down once for the meeting, not in an alert on every attendee’s card', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const people = ids.map((id) => match(id, `Person ${id.toUpperCase()}`, `${id}@example.com`));
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        ['a', 'b', 'c', 'd', 'e'].includes(contactId)
          ? Promise.reject(new ApiError('rate_limited', 'slow down'))
          : contactId === 'f'
            ? Promise.reject(new ApiError('server', 'boom'))
            : Promise.resolve(reply(insights({ contactId, preferredTone: 'warm' }))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people.map((m) => pagePerson(m.contact.name, m.contact.email, m)))} />);
    await screen.findAllByRole('alert');
    await vi.waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(2));
    const slowDowns = screen.getAllByRole('alert').filter((alert) => /asked Primer to slow down/.test(alert.textContent ?? ''));
    // Five attendees refused for one reason: said once (as for a refused key), with one Try again.
    expect(slowDowns).toHaveLength(1);
    expect(screen.getAllByRole('alert').length).toBeLessThanOrEqual(2);
    // The one other failure keeps its own notice on its card.
    const cards = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    const personF = cards.find((card) => card.textContent?.startsWith('Person F'))!;
    expect(within(personF).getByRole('alert')).toHaveTextContent('The service had a problem answering.');
  });
});
