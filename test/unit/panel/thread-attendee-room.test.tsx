/**
 * On an e-mail thread, an attendee whose every topic someone else on it is to avoid gets "Raise:
 * nothing in this conversation" on their card, as the full briefing opened from it speaks of "this
 * conversation": not "nothing before this room" (a thread has no room).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('an attendee card on an e-mail thread', () => {
  it('does not speak of a room', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const byId = {
      m: insights({ contactId: 'm', recentTopics: ['Layoffs'] }),
      d: insights({ contactId: 'd', sensitiveTopics: ['layoffs'], preferredTone: 'formal' }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'thread', title: 'Re: Q3 plan', when: null })}
      />,
    );
    const people = await screen.findByRole('region', { name: 'People' });
    const card = await vi.waitFor(() => within(people).getAllByRole('listitem').find((item) => item.textContent?.includes('Maya Chen') && item.textContent.includes('Raise'))!);
    expect(card).toHaveTextContent(/Raise/);
    expect(card.textContent).not.toMatch(/room/);
    expect(card).toHaveTextContent('Raisenothing in this conversation (their full briefing has their topics)');
  });
});
