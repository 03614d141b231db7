/**
 * How servers write a date that is no date: pandas' NaT (a missing datetime as text, "NaT"), NaN
 * (a missing value in a float column, "nan"), and JavaScript's String() of an invalid Date
 * ("Invalid Date"). Kept as written, they showed as "Last NaT", "Due NaN", "Last talk Invalid Date"
 * in the briefing. They are no date, as "None" and "null" are not.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toInsights } from '@/lib/api/normalise';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { match, NOW, reply } from '../panel/fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

describe('a date written as no date', () => {
  it.each(['NaT', 'nan', 'NaN', 'Invalid Date'])('reads “%s” as no date', (text) => {
    const read = toInsights({ preferred_tone: 'warm', last_conversation_date: text, updated_at: text, pending_action_items: [{ text: 'Send the deck', due_date: text }] }, 'c1');
    expect(read.lastConversationDate).toBeNull();
    expect(read.updatedAt).toBeNull();
    expect(read.pendingActionItems[0]!.dueDate).toBeNull();
  });

  it('shows no such date in the briefing', async () => {
    fakeBrowser.reset();
    const data = toInsights({ preferred_tone: 'warm', total_conversations: 4, last_conversation_date: 'NaT', pending_action_items: [{ text: 'Send the deck', due_date: 'NaN' }] }, 'm');
    fakeBackground({ 'contact.insights': reply(data), 'recordings.list': noRecordings });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: match('m', 'Maya Chen', 'maya@example.com') }} onOpenRecording={() => undefined} now={NOW} />);
    const items = await screen.findByRole('list', { name: 'Pending action items' });
    expect(within(items).getByText('Send the deck')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN|NaT/);
  });
});
