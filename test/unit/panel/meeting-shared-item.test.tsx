/**
 * One action item pending for two attendees: the same text, owner, due date and recording (the
 * service lists an item of a meeting under each contact who was in it). The meeting's heading
 * counts it twice, "Pending action items (2)", and shows the same row under each of them, though
 * there is one thing to do; with four attendees of that recording it is "(4)" for one item. It is
 * listed under the first of them, saying whom else it is pending for. Items that say neither where
 * they were raised nor whose they are stay each person's: one text pending with two people may be
 * two things to do.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { actionItemsByPerson } from '@/lib/format/meeting';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const item = { text: 'Send the revised pricing sheet', owner: 'Jordan Lee', dueDate: '2026-11-30', status: 'open', source: { recordingId: 'rec_1', title: 'Weekly sync', date: '2026-11-15' } };

describe('an action item pending for several attendees', () => {
  it('is counted once in the meeting’s heading, and shown once', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, pendingActionItems: [{ ...item }] }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const heading = await screen.findByRole('heading', { name: /^Pending action items/ });
    expect({ heading: heading.textContent, rows: screen.getAllByText('Send the revised pricing sheet').length }).toEqual({ heading: 'Pending action items (1)', rows: 1 });
  });

  it('is listed under the first attendee it is pending for, saying whom else it concerns', async () => {
    const lee = match('l', 'Lee Park', 'lee@example.org');
    const own = { text: 'Book the venue', owner: null, dueDate: null, status: null };
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        Promise.resolve(reply(insights({ contactId, pendingActionItems: contactId === 'd' ? [{ ...item, text: ' send the  revised pricing sheet' }, own] : [{ ...item }] }))),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', lee)])} />,
    );
    expect(await screen.findByRole('heading', { name: /^Pending action items/ })).toHaveTextContent('Pending action items (2)');
    const mayas = screen.getByRole('list', { name: 'Pending action items: Maya Chen' });
    expect(within(mayas).getByText(/^Also pending for/)).toHaveTextContent('Also pending for Daniel Weiss, Lee Park');
    expect(within(screen.getByRole('list', { name: 'Pending action items: Daniel Weiss' })).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Book the venue']);
    expect(screen.queryByRole('list', { name: 'Pending action items: Lee Park' })).toBeNull();
  });

  it('is not guessed from its text alone, and one person’s list is kept as the service gave it', () => {
    const attendee = (id: string, pendingActionItems: (typeof item | { text: string; owner: null; dueDate: null; status: null })[]) => ({ id, name: id, insights: insights({ contactId: id, pendingActionItems }) });
    const bare = { text: 'Send pricing', owner: null, dueDate: null, status: null };
    const byPerson = actionItemsByPerson([attendee('a', [bare, { ...item }, { ...item }]), attendee('b', [bare, { ...item, dueDate: '2026-12-01' }])]);
    expect(byPerson.map(({ id, items }) => [id, items.length])).toEqual([['a', 3], ['b', 2]]);
    expect(byPerson[0]!.items.map((listed) => listed.alsoFor)).toEqual([undefined, undefined, undefined]);
  });
});
