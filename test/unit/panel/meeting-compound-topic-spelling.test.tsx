/**
 * Topics come from many recordings, written as each transcript's summary wrote them: "Lay-offs" in
 * one contact's insights, "layoffs" in another's; "Health care" and "healthcare". topicKey takes
 * a hyphen for a space ("follow-up" is "follow up") but not for nothing, so the hyphenated or spaced
 * and the closed spelling of one word are two topics. In a meeting, Maya's topic to avoid
 * "Lay-offs" is then offered as a topic to raise on Daniel's card, and as a topic Daniel and Lee
 * share, right under the warning: the one thing the avoid list exists to prevent.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { topicKey } from '@/lib/format/text';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('a topic to avoid written as a hyphenated or spaced compound', () => {
  it('is one topic with its closed spelling', () => {
    expect(topicKey('Lay-offs')).toBe(topicKey('layoffs'));
    expect(topicKey('Health care')).toBe(topicKey('healthcare'));
    // Its plural too: "follow-up" is "follow up", but "Follow-ups" keeps its "s" ("ups" is too short a word).
    expect(topicKey('Follow-ups')).toBe(topicKey('follow-up'));
  });

  it('is not offered to raise, or as shared, by another attendee who writes it closed', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const lee = match('l', 'Lee Park', 'lee@example.org');
    const data: Record<string, Partial<Parameters<typeof insights>[0]>> = {
      m: { sensitiveTopics: ['Lay-offs'] },
      d: { recentTopics: ['layoffs', 'Hiring plan'] },
      l: { recentTopics: ['Layoffs'] },
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, ...data[contactId] }))) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    expect(await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' })).toHaveTextContent('Lay-offs — Maya Chen');
    // Everyone hears what is raised: no card, and no shared list, may offer it.
    expect(screen.queryByRole('list', { name: 'Topics several attendees share' })).toBeNull();
    const cards = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(cards[1]).not.toHaveTextContent(/layoffs/i);
  });
});
