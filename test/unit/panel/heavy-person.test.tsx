import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { match, NOW, reply } from './fixtures';
import { heavyInsights, LONG_SUMMARY } from './heavy-fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

async function showHeavy() {
  fakeBackground({ 'contact.insights': reply(heavyInsights('m')), 'recordings.list': noRecordings });
  const view = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: match('m', 'Maya Chen', 'maya@example.com') }} onOpenRecording={() => undefined} now={NOW} />);
  await screen.findByRole('region', { name: /^Pending action items/ });
  return view;
}

/** The text shown before `element` in document order. */
function textBefore(root: HTMLElement, element: Element): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEndBefore(element);
  return range.toString().length;
}

describe('PersonBriefing of a contact with a great deal of insights', () => {
  it('keeps the topics to avoid within reach: a 21 KB summary and 150 topics to raise do not push them thousands of lines down', async () => {
    const { container } = await showHeavy();
    const avoid = screen.getByRole('list', { name: 'Topics to avoid' });
    // Before: 23,000+ characters (the whole summary, then 150 chips) came first.
    expect(textBefore(container, avoid)).toBeLessThan(3000);
    // Nothing is lost: the rest is a click away.
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole summary' }));
    expect(screen.getByText((_, el) => el?.classList.contains('summary') === true)).toHaveTextContent(LONG_SUMMARY.trim());
    expect(screen.getByRole('button', { name: 'Show the whole summary' })).toHaveAttribute('aria-expanded', 'true');
    const raise = screen.getByRole('list', { name: 'Topics to raise: recent' });
    await userEvent.click(within(raise.parentElement!).getByRole('button', { name: /^Show all 50/ }));
    expect(within(raise).getAllByRole('listitem')).toHaveLength(50);
  });

  it('shows the first pending items (overdue first) and the rest on request, moving focus to the first one added', async () => {
    await showHeavy();
    const list = screen.getByRole('list', { name: 'Pending action items' });
    // Before: all 400 drawn, ahead of the conversations and the recordings.
    expect(within(list).getAllByRole('listitem').length).toBeLessThanOrEqual(10);
    expect(within(list).getAllByRole('listitem')[0]).toHaveClass('overdue');
    const shown = within(list).getAllByRole('listitem').length;
    await userEvent.click(screen.getByRole('button', { name: 'Show all 400 pending action items' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(400);
    expect(document.activeElement).toBe(within(list).getAllByRole('listitem')[shown]);
  });
});
