/**
 * "A topic to avoid is never also listed as one to raise" (topicKey): the meeting merges a plural
 * "s" ("layoffs" / "layoff"), but not the other regular English plurals a model writes as often:
 * "-ies" ("salaries" / "salary", "policies" / "policy") and "-es" after s, x, z, ch, sh ("taxes" /
 * "tax", "processes" / "process"). One attendee is not to hear about salaries; the meeting tells
 * everyone to avoid "Salaries", yet another attendee's card says to raise "salary", and the
 * meeting lists it among the topics several attendees share.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { topicKey } from '@/lib/format/text';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('a meeting’s topics differing by an "-es" or "-ies" plural', () => {
  it('never tells anyone to raise “salary” when an attendee is not to hear about “Salaries”', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const lee = match('l', 'Lee Park', 'lee@example.org');
    const byId = {
      m: insights({ contactId: 'm', sensitiveTopics: ['Salaries'] }),
      d: insights({ contactId: 'd', recentTopics: ['salary', 'Hiring'] }),
      l: insights({ contactId: 'l', recentTopics: ['Salary'], interests: ['hiring'] }),
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(byId[contactId as keyof typeof byId])) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    expect(await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' })).toHaveTextContent('Salaries — Maya Chen');
    expect(screen.getByRole('list', { name: 'Topics several attendees share' })).not.toHaveTextContent(/salar/i);
    const cards = within(screen.getByRole('region', { name: 'Attendees' })).getAllByRole('listitem');
    expect(cards[1]).not.toHaveTextContent(/Raise.*salary/i);
  });

  it('reads the regular "-es" and "-ies" plurals as their singular', () => {
    const same: [string, string][] = [['Salaries', 'salary'], ['Policies', 'policy'], ['Taxes', 'tax'], ['Processes', 'process'], ['Branches', 'branch']];
    expect(same.filter(([a, b]) => topicKey(a) !== topicKey(b))).toEqual([]);
  });

  it('still meets a singular with the same ending with its own plural, and keeps other words apart', () => {
    const same: [string, string][] = [['cache', 'caches'], ['Cookie', 'cookies'], ['niche', 'Niches'], ['Box', 'boxes'], ['sales', 'Sale']];
    expect(same.filter(([a, b]) => topicKey(a) !== topicKey(b))).toEqual([]);
    const apart: [string, string][] = [['tax', 'taxi'], ['policy', 'police'], ['process', 'processor'], ['status', 'stats'], ['class', 'classes of 2020']];
    expect(apart.filter(([a, b]) => topicKey(a) === topicKey(b))).toEqual([]);
  });
});
