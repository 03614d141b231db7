/**
 * A server's status "overdue" (computed on the server's calendar, or left from before the item was
 * moved) against a due date the panel can read: the date the reader sees decides.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { isItemOverdue, pendingCounts } from '@/lib/format/briefing';
import { insights, match, NOW } from './fixtures';

// NOW is noon on 22 Nov 2026, local time.
const dueToday = { text: 'Send pricing', owner: 'Maya', dueDate: '2026-11-22', status: 'overdue' };
const moved = { text: 'Book venue', owner: null, dueDate: '2026-11-30', status: 'Overdue' };

describe('an item the server calls overdue, due today or later', () => {
  it('is not overdue on the day it is due, nor before', () => {
    expect(isItemOverdue(dueToday, NOW)).toBe(false);
    expect(isItemOverdue(moved, NOW)).toBe(false);
    expect(pendingCounts(insights({ pendingActionItems: [dueToday, moved] }), NOW)).toEqual({ pending: 2, overdue: 0 });
  });

  it('never reads "Overdue · Due <today>" or "Overdue · Due <a later day>"', () => {
    render(<ActionItemList items={[dueToday, moved]} label="Items" now={NOW} />);
    for (const entry of within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem')) {
      expect(entry).not.toHaveTextContent('Overdue');
    }
  });

  it('is not counted overdue on the hover card', () => {
    render(
      <HoverCard
        match={match('m', 'Maya Chen', 'maya@example.com')}
        now={NOW}
        focusOnOpen={false}
        onClose={() => undefined}
        state={{ status: 'ready', insights: insights({ pendingActionItems: [dueToday] }) }}
      />,
    );
    expect(screen.getByText('Pending').nextElementSibling).toHaveTextContent(/^1 action item$/);
  });

  it('still counts an item without a readable due date as overdue when the server says so', () => {
    expect(isItemOverdue({ text: 'Plan offsite', owner: null, dueDate: 'end of Q3', status: 'overdue' }, NOW)).toBe(true);
    expect(isItemOverdue({ text: 'Plan offsite', owner: null, dueDate: null, status: 'overdue' }, NOW)).toBe(true);
  });
});
