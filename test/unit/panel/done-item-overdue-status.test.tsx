/**
 * A recording's own action items (`withStatus`) keep the done ones. An item the server flags as
 * done (`completed: true`, a `completed_at`) whose status word was left at "overdue" (a status
 * computed before it was done) says "Done", as for an item with no status: never "Overdue", nor
 * nothing at all.
 */
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { toActionItems } from '@/lib/api/normalise/action-items';
import { NOW } from './fixtures';

it('says "Done" for a done item whose status was left at "overdue"', () => {
  const items = toActionItems(
    [
      { text: 'Send pricing', due_date: '2026-11-02', status: 'overdue', completed: true },
      { text: 'Book venue', due_date: '2026-11-02', status: 'overdue', completed_at: '2026-11-20T10:00:00Z' },
    ],
    { pendingOnly: false, ofRecording: true },
  );
  render(<ActionItemList items={items} label="Action items from this conversation" withStatus now={NOW} />);
  for (const entry of within(screen.getByRole('list', { name: 'Action items from this conversation' })).getAllByRole('listitem')) {
    expect(entry).toHaveTextContent('Status: Done');
  }
});
