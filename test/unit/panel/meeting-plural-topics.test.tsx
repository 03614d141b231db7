/**
 * Topics that differ only by a plural "s" (or a hyphen for a space) are one topic in a meeting, as
 * topics differing in case or final punctuation are: one attendee's topic to avoid is not raised
 * with the others, and a topic two attendees care about is shared. The rule is conservative:
 * "class", "status", "analysis" keep their "s", and "sales" is "sale", never "sal".
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { sharedTopics, type BriefedAttendee } from '@/lib/format/meeting';
import { topicKey } from '@/lib/format/text';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const attendee = (id: string, name: string, patch: Parameters<typeof insights>[0]): BriefedAttendee => ({ id, name, insights: insights({ contactId: id, ...patch }) });

describe('a meeting’s topics differing only by a plural', () => {
  it('never tells anyone to raise “layoff” when an attendee is not to hear about “layoffs”', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const lee = match('l', 'Lee Park', 'lee@example.org');
    const byId = {
      m: insights({ contactId: 'm', recentTopics: ['Layoff', 'Hiring'] }),
      d: insights({ contactId: 'd', sensitiveTopics: ['layoffs'] }),
      l: insights({ contactId: 'l', favoriteTopics: ['layoff'], interests: ['hiring'] }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' });
    // Daniel is not to hear about layoffs: nobody in the room raises it.
    expect(screen.getByRole('list', { name: 'Topics several attendees share' })).not.toHaveTextContent(/layoff/i);
    const cards = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(cards[0]).not.toHaveTextContent(/Raise.*Layoff/);
  });

  it('shares a topic two attendees name in the singular and the plural', () => {
    const shared = sharedTopics([attendee('m', 'Maya Chen', { recentTopics: ['Q3 roadmap'] }), attendee('l', 'Lee Park', { recentTopics: ['Q3 roadmaps'] })]);
    expect(shared.map(({ topic, people }) => [topic, people.map((person) => person.name)])).toEqual([['Q3 roadmap', ['Maya Chen', 'Lee Park']]]);
  });

  it('tells a plural from its singular only by one final "s" of a last word of four letters or more', () => {
    const same: [string, string][] = [['Layoffs', 'layoff'], ['Q3 roadmaps', 'Q3 Roadmap'], ['Sales', 'sale'], ['follow-up', 'Follow up']];
    for (const [a, b] of same) expect(topicKey(a)).toBe(topicKey(b));
    const apart: [string, string][] = [['class', 'clas'], ['status', 'statu'], ['analysis', 'analysi'], ['sales', 'sal'], ['AWS', 'AW'], ['ops', 'op']];
    for (const [a, b] of apart) expect(topicKey(a)).not.toBe(topicKey(b));
  });
});
