/**
 * One item of a recording is listed by the service under each contact who was in it. The meeting
 * lists it once, "under the first of them" in page order, saying whom else it is pending for. When
 * its owner is another attendee of the meeting, that puts Daniel's own to-do in Maya's group, and
 * Daniel — whose card says "Pending: 1 action item" — has no group at all: reading "what does
 * Daniel owe?" under his name, the user finds nothing.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('an action item pending for several attendees, owned by one of them', () => {
  it('is listed under its owner, not under whoever the page lists first', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const item = { text: 'Send the revised pricing sheet', owner: 'Daniel Weiss', dueDate: '2026-11-30', status: 'open', source: { recordingId: 'rec_1', title: 'Weekly sync', date: '2026-11-15' } };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, pendingActionItems: [{ ...item }] }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(await screen.findByRole('heading', { name: /^Pending action items/ })).toHaveTextContent('Pending action items (1)');
    // Daniel's card says he has one pending; the meeting's list must show it under his name.
    expect(screen.queryByRole('list', { name: 'Pending action items: Daniel Weiss' })).not.toBeNull();
    const dans = screen.getByRole('list', { name: 'Pending action items: Daniel Weiss' });
    expect(within(dans).getByText('Send the revised pricing sheet')).toBeInTheDocument();
    expect(within(dans).getByText(/^Also pending for/)).toHaveTextContent('Also pending for Maya Chen');
  });

  it('is listed under its owner when the service names the owner by address (in another case)', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const item = { text: 'Send the revised pricing sheet', owner: 'Dan@Example.net', dueDate: '2026-11-30', status: 'open', source: { recordingId: 'rec_1', title: 'Weekly sync', date: '2026-11-15' } };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, pendingActionItems: [{ ...item }] }))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    expect(await screen.findByRole('heading', { name: /^Pending action items/ })).toHaveTextContent('Pending action items (1)');
    expect(screen.queryByRole('list', { name: 'Pending action items: Maya Chen' })).toBeNull();
    const dans = screen.getByRole('list', { name: 'Pending action items: Daniel Weiss' });
    expect(within(dans).getByText('Send the revised pricing sheet')).toBeInTheDocument();
    expect(within(dans).getByText(/^Also pending for/)).toHaveTextContent('Also pending for Maya Chen');
  });
});
