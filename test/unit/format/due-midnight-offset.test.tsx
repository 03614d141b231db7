/**
 * A due date written as midnight with the server's own offset (DRF, .NET, Rails in a non-UTC
 * zone): a calendar day, as midnight UTC already is. Read in New York, west of the server.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'America/New_York';

import { render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { formatDueDate, isOverdue } from '@/lib/format/dates';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

// Noon on 21 Nov 2026 in New York.
const NOW = new Date('2026-11-21T12:00:00-05:00');

describe('a due date at midnight in the server’s zone', () => {
  it('is the same calendar day as the same date at midnight UTC', () => {
    // Midnight UTC: 21 Nov everywhere (already so).
    expect(formatDueDate('2026-11-21T00:00:00Z', 'en-GB')).toBe('21 Nov 2026');
    // Midnight in Berlin (how a Berlin server writes the date-only due day 21 Nov).
    expect(formatDueDate('2026-11-21T00:00:00+01:00', 'en-GB')).toBe('21 Nov 2026');
    expect(isOverdue('2026-11-21T00:00:00+01:00', NOW)).toBe(false);
  });

  it('does not show an item due today as overdue yesterday', () => {
    render(<ActionItemList items={[{ text: 'Send pricing', owner: null, dueDate: '2026-11-21T00:00:00+01:00', status: null }]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).not.toHaveTextContent('Overdue');
    expect(entry).toHaveTextContent(/Due (21 Nov 2026|Nov 21, 2026)$/);
  });
});
