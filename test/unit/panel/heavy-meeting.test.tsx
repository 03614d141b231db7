import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';
import { pendingItems } from './heavy-fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** 300 attendees, 250 of them known contacts with 10 pending items, 20 topics and 8 to avoid each. */
function bigMeeting() {
  const people = Array.from({ length: 300 }, (_, i) =>
    i < 250 ? pagePerson(`Person ${i}`, `p${i}@ex.com`, match(`c${i}`, `Person ${i}`, `p${i}@ex.com`)) : pagePerson(`Stranger ${i}`, `s${i}@ex.com`, null),
  );
  const of = (id: string) =>
    insights({ contactId: id, preferredTone: 'friendly', recentTopics: Array.from({ length: 20 }, (_, i) => `topic ${i % 15}`), sensitiveTopics: Array.from({ length: 8 }, (_, i) => `sensitive ${i} ${id}`), pendingActionItems: pendingItems(12, id), lastConversationDate: '2026-11-19' });
  fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(of(contactId))), 'contact.find': () => Promise.resolve(null) });
  return renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people)} />);
}

describe('MeetingBriefing of a 300-person meeting', () => {
  it('shows each person’s first pending items and the rest on request, not 2,500 rows before the attendees', async () => {
    const { container } = bigMeeting();
    await vi.waitFor(() => expect(container.querySelectorAll('.attendee .facts')).toHaveLength(250), { timeout: 60_000 });
    expect(screen.getByRole('heading', { name: 'Pending action items (3000)' })).toBeInTheDocument();
    // Before: 2,500 item rows (40,683 elements in all).
    expect(container.querySelectorAll('.action-items > li').length).toBeLessThanOrEqual(250 * 5);
    const list = screen.getByRole('list', { name: 'Pending action items: Person 7' });
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12 pending action items of Person 7' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(document.activeElement).toBe(within(list).getAllByRole('listitem')[5]);
  }, 120_000);

  it('names a few of an attendee’s topics to avoid on their card and counts the rest, as it does their topics to raise', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    fakeBackground({ 'contact.insights': () => Promise.resolve(reply(insights({ contactId: 'm', sensitiveTopics: Array.from({ length: 80 }, (_, i) => `sensitive ${i}`) }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    await vi.waitFor(() => expect(within(attendees).getByText('Avoid')).toBeInTheDocument());
    const avoid = within(attendees).getByText('Avoid').nextElementSibling!;
    // Before: all 80, comma after comma, in the card (the meeting's own list above has them all).
    expect(avoid.querySelectorAll('bdi')).toHaveLength(4);
    expect(avoid).toHaveTextContent(/and 76 more$/);
  });
});
