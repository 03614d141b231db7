/**
 * Placeholder dates ("no date") written year last, as .NET's DateTime.MinValue.ToString() and a
 * US-style epoch print them ("1/1/0001 12:00:00 AM", "01/01/0001", "1/1/1970 12:00:00 AM"), are
 * no date, as the same placeholders written year first ("0001-01-01T00:00:00") are: never a last
 * conversation "26 years ago (1 Jan 2001)" or an item "Overdue · Due 1 Jan 1901". A due date in
 * words holding some other number of four digits is still shown as written, and the formatter
 * never reads the year 0001 as 1901.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Conversations } from '@/components/panel/person/Conversations';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { toActionItems, toInsights } from '@/lib/api/normalise';
import { isItemOverdue } from '@/lib/format/briefing';
import { formatDueDate } from '@/lib/format/dates';

const NOW = new Date('2026-11-22T12:00:00');

describe('a placeholder date written year last', () => {
  it('is no last conversation, as "0001-01-01T00:00:00" is', () => {
    // Year first: already none.
    expect(toInsights({ contact_id: 'm', last_conversation_date: '0001-01-01T00:00:00', total_conversations: 0 }, 'm').lastConversationDate).toBeNull();
    // .NET's DateTime.MinValue.ToString() (en-US culture), and a US-style Unix epoch.
    for (const text of ['1/1/0001 12:00:00 AM', '01/01/0001', '1/1/1970 12:00:00 AM']) {
      expect(toInsights({ contact_id: 'm', last_conversation_date: text }, 'm').lastConversationDate, text).toBeNull();
    }
  });

  it('does not say the last conversation was 26 years ago', () => {
    const insights = toInsights({ contact_id: 'm', last_conversation_date: '1/1/0001 12:00:00 AM', total_conversations: 4 }, 'm');
    render(<Conversations insights={insights} now={NOW} />);
    expect(screen.getByRole('region', { name: 'Conversations' })).not.toHaveTextContent(/years ago|2001/);
  });

  it('does not mark an item due on the placeholder as overdue', () => {
    const [item] = toActionItems([{ text: 'Send pricing', due_date: '01/01/0001' }], { pendingOnly: true });
    render(<ActionItemList items={[item!]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).not.toHaveTextContent(/Overdue|1901/);
    expect(isItemOverdue(item!, NOW)).toBe(false);
  });

  it('keeps a due date in words holding another number of four digits, as written', () => {
    const [item] = toActionItems([{ text: 'Ship', due_date: 'after the 1500 units ship' }], { pendingOnly: true });
    expect(item!.dueDate).toBe('after the 1500 units ship');
  });

  it('is never read by the formatter as a date in the 1900s', () => {
    expect(formatDueDate('01/01/0001', 'en-GB')).not.toMatch(/19\d\d/);
    expect(formatDueDate('13/01/0099', 'en-GB')).not.toMatch(/19\d\d/);
  });
});
