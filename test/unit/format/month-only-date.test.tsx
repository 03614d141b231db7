/**
 * A date given as a year and month only ("2026-11", ISO 8601's reduced precision; "2026/11") names
 * a month, no day of it. It was read by the engine as the 1st, and "2026-11" as midnight UTC:
 * west of UTC that is 31 Oct, so an item due "2026-11" read "Overdue · Due Oct 31, 2026" from
 * 1 Nov, and the last conversation "Oct 31, 2026". Read in Los Angeles.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';

import { render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { Conversations } from '@/components/panel/person/Conversations';
import { toActionItems, toInsights } from '@/lib/api/normalise';
import { isItemOverdue } from '@/lib/format/briefing';
import { formatDate, lastConversation } from '@/lib/format/dates';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

// Noon on 15 Nov 2026 in Los Angeles: halfway through the month the item is due in.
const NOW = new Date('2026-11-15T12:00:00-08:00');

describe('a due date of a year and month only', () => {
  it('is not overdue while that month runs', () => {
    const [item] = toActionItems([{ text: 'Send pricing', status: 'open', due_date: '2026-11' }], { pendingOnly: true });
    expect(isItemOverdue(item!, NOW)).toBe(false);
    render(<ActionItemList items={[item!]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).not.toHaveTextContent('Overdue');
    // Never a day of the month before.
    expect(entry).not.toHaveTextContent(/Oct/);
  });

  it('is not said as a day the server never named', () => {
    expect(formatDate('2026-11', 'en-US')).not.toBe('Oct 31, 2026');
    expect(formatDate('2026/11', 'en-US')).not.toBe('Nov 1, 2026');
  });
});

describe('a last conversation of a year and month only', () => {
  it('is not 31 October', () => {
    const insights = toInsights({ contact_id: 'm', last_conversation_date: '2026-11', total_conversations: 3 }, 'm');
    expect(lastConversation(insights.lastConversationDate, NOW, 'en-US')?.date).not.toBe('Oct 31, 2026');
    render(<Conversations insights={insights} now={NOW} />);
    expect(screen.getByText('Last').nextElementSibling).not.toHaveTextContent(/Oct 31/);
  });
});
