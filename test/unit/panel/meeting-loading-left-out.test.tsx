/**
 * The meeting says who is left out of its topics to avoid and its pending items when their
 * briefing failed (missingNote): "without it, a missing attendee read as one with nothing to avoid
 * and nothing pending". An attendee whose briefing is still on its way is left out the same way,
 * and nothing above says so: here Daniel, whom the page had not matched yet (the panel's own
 * lookup found him, so his insights are asked for after Maya's). "⚠ Topics to avoid: the merger —
 * Maya Chen" and "Pending action items (1)" read as the whole meeting's; only his card, far below
 * in a large meeting, shows a placeholder. The note names them (several as the failed ones' note
 * does) and goes once their briefings are in.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');

describe('a meeting with one attendee’s briefing still on its way', () => {
  it('says whose briefing is not in its topics to avoid and pending items yet', async () => {
    fakeBackground({
      'contact.find': (query: PersonQuery) => Promise.resolve('email' in query && query.email === 'dan@example.net' ? dan : null),
      // Daniel's answer is slow (the service takes seconds for him); Maya's is in.
      'contact.insights': ({ contactId }) =>
        contactId === 'd'
          ? new Promise(() => undefined)
          : Promise.resolve(reply(insights({ contactId, sensitiveTopics: ['the merger'], pendingActionItems: [{ text: 'Send pricing', owner: null, dueDate: null, status: null }] }))),
    });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', null)])} />);
    expect(await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' })).toHaveTextContent('the merger — Maya Chen');
    const attendees = screen.getByRole('region', { name: 'Attendees' });
    expect(within(attendees).getByText('Loading Daniel Weiss')).toBeInTheDocument();
    // Somewhere above the cards, the meeting says Daniel is not in what it lists yet.
    const saidAbove = screen.queryAllByText(/Daniel Weiss/).filter((element) => !attendees.contains(element));
    expect(saidAbove).not.toHaveLength(0);
  });

  it('names everyone still on their way, and says nothing once their briefings are in', async () => {
    const lee = match('l', 'Lee Park', 'lee@example.org');
    // Each looked up by the panel, and answered when the test says.
    const found = new Map<string, () => void>();
    fakeBackground({
      'contact.find': (query: PersonQuery) =>
        new Promise((resolve) => {
          if (!('email' in query)) return resolve(null);
          found.set(query.email, () => resolve(query.email === 'dan@example.net' ? dan : query.email === 'lee@example.org' ? lee : null));
        }),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, sensitiveTopics: contactId === 'm' ? ['the merger'] : [] }))),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', null), pagePerson('Lee Park', 'lee@example.org', null)])} />,
    );
    expect(await screen.findByText(/^Still loading/)).toHaveTextContent('Still loading the briefings of Daniel Weiss and Lee Park: not yet in the meeting’s topics and pending items.');
    await vi.waitFor(() => expect(found.size).toBe(2));
    found.get('dan@example.net')!();
    await vi.waitFor(() => expect(screen.getByText(/^Still loading/)).toHaveTextContent('Still loading the briefing of Lee Park: not yet in the meeting’s topics and pending items.'));
    found.get('lee@example.org')!();
    await vi.waitFor(() => expect(screen.queryByText(/^Still loading/)).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Attendees' })).queryAllByText(/Loading/)).toHaveLength(0);
  });
});
