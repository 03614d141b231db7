/**
 * A placeholder written as month and year only (Go's zero time in a "January 2006" layout,
 * "January 0001"; the Unix epoch as "Jan 1970") is no date: no last conversation, no due date,
 * never "Due Jan 1970" or overdue. (A clock time without its colon, "Friday 1700", has no month
 * and is kept as written: placeholder-year-clock-time.test.ts.)
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { isItemOverdue } from '@/lib/format/briefing';
import { toActionItems, toInsights } from '@/lib/api/normalise';

const NOW = new Date('2026-11-22T12:00:00');

describe('a placeholder written as month and year only', () => {
  it.each(['January 0001', 'Jan 1970', 'December 1969'])('“%s” is no last conversation', (text) => {
    expect(toInsights({ contact_id: 'm', last_conversation_date: text, total_conversations: 3 }, 'm').lastConversationDate).toBeNull();
  });

  it('is no due date', () => {
    const [item] = toActionItems([{ text: 'Send pricing', status: 'open', due_date: 'Jan 1970' }], { pendingOnly: true });
    expect(item!.dueDate).toBeNull();
  });

  it('does not show an item as "Due Jan 1970"', () => {
    const [item] = toActionItems([{ text: 'Send pricing', status: 'open', due_date: 'Jan 1970' }], { pendingOnly: true });
    render(<ActionItemList items={[item!]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).not.toHaveTextContent(/Overdue|1970/);
    expect(isItemOverdue(item!, NOW)).toBe(false);
  });
});
