/**
 * A refresh that takes away what a keyboard user is on (a "Show all" button, a section, an item's
 * button): focus lands on the section's heading while the section is there, else on the briefing's
 * heading, never on the document.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Item ${i + 1}`, owner: null, dueDate: null, status: 'open' }));

describe('a refresh that changes the briefing under a keyboard user', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps focus in the briefing when the "Show all" button the user is on goes away', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => Promise.resolve(reply(insights({ totalConversations: 3, pendingActionItems: items(++calls === 1 ? 12 : 4) }))),
      'recordings.list': noRecordings,
    });
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    const button = await screen.findByRole('button', { name: 'Show all 12 pending action items' });
    button.focus();
    await act(() => client.refetchQueries({ queryKey: ['insights', 'm'] }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).not.toBe(document.body);
    // The section is still there: its heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Pending action items/ }));
  });

  it('keeps focus in the briefing when the section the user is reading goes away', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => Promise.resolve(reply(insights({ totalConversations: 3, preferredTone: 'warm', pendingActionItems: ++calls === 1 ? items(2) : [] }))),
      'recordings.list': noRecordings,
    });
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    const section = await screen.findByRole('region', { name: /Pending action items/ });
    section.focus();
    await act(() => client.refetchQueries({ queryKey: ['insights', 'm'] }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /Pending action items/ })).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).not.toBe(document.body);
    // The briefing's heading, not the heading of the section above the one gone.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Maya Chen' }));
  });

  it('keeps focus in the briefing when the item whose recording button the user is on is done, whether its section stays or goes', async () => {
    const raised = (text: string) => ({ text, owner: null, dueDate: null, status: 'open', source: { recordingId: 'r1', title: 'Pricing call', date: null } });
    let calls = 0;
    const lists = [[raised('Send the deck'), raised('Book the room')], [raised('Book the room')], []];
    fakeBackground({
      'contact.insights': () => Promise.resolve(reply(insights({ totalConversations: 3, preferredTone: 'warm', pendingActionItems: lists[calls++] ?? [] }))),
      'recordings.list': noRecordings,
    });
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    const items = await screen.findByRole('list', { name: 'Pending action items' });
    within(within(items).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Pricing call: open the recording' }).focus();
    await act(() => client.refetchQueries({ queryKey: ['insights', 'm'] }));
    await vi.waitFor(() => expect(screen.queryByText('Send the deck')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Pending action items/ }));
    within(screen.getByRole('list', { name: 'Pending action items' })).getByRole('button', { name: 'Pricing call: open the recording' }).focus();
    await act(() => client.refetchQueries({ queryKey: ['insights', 'm'] }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /Pending action items/ })).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Maya Chen' }));
  });
});
