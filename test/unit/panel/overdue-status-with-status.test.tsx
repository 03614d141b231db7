/**
 * A server's status "overdue" against a due date the reader can read: the date decides, also in a
 * recording's own action items, which print the server's status (`withStatus`): never
 * "Status: Overdue · Due <today>".
 */
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { NOW } from './fixtures';

// NOW is noon on 22 Nov 2026, local time.
const dueToday = { text: 'Send pricing', owner: 'Maya', dueDate: '2026-11-22', status: 'overdue' };
const moved = { text: 'Book venue', owner: null, dueDate: '2026-11-30', status: 'Overdue' };

it('does not call an item due today or later overdue in a recording’s action items either', () => {
  render(<ActionItemList items={[dueToday, moved]} label="Action items from this conversation" withStatus now={NOW} />);
  for (const entry of within(screen.getByRole('list', { name: 'Action items from this conversation' })).getAllByRole('listitem')) {
    expect(entry).not.toHaveTextContent(/overdue/i);
  }
});
