/**
 * A date with a zone but no time ("2026-11-30Z", "2026-11-30+01:00": XML Schema's xs:date, as
 * JAXB, Jackson's XMLGregorianCalendar and SOAP-era services write it) names that day, as
 * "2026-11-30" does. "…Z" was read by the engine as midnight UTC, a moment: in Los Angeles the
 * item due today read "Overdue · Due Nov 29, 2026"; "…+01:00" was no date at all.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';

import { render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { toActionItems } from '@/lib/api/normalise';
import { formatDate, formatDueDate, isCalendarDay, isOverdue } from '@/lib/format/dates';
import { updatedAgo } from '@/lib/format/provenance';

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

// Noon on 30 Nov 2026 in Los Angeles: the day the item is due.
const NOW = new Date('2026-11-30T12:00:00-08:00');

describe('a date-only value with a zone', () => {
  it.each(['2026-11-30Z', '2026-11-30+01:00'])('“%s” is 30 Nov, due today and not overdue', (written) => {
    expect(formatDueDate(written, 'en-US')).toBe('Nov 30, 2026');
    expect(formatDate(written, 'en-US')).toBe('Nov 30, 2026');
    expect(isOverdue(written, NOW)).toBe(false);
  });

  it('does not mark an item due today as overdue', () => {
    const [item] = toActionItems([{ text: 'Send pricing', status: 'open', due_date: '2026-11-30Z' }], { pendingOnly: true });
    render(<ActionItemList items={[item!]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).not.toHaveTextContent('Overdue');
    expect(entry).toHaveTextContent(/Due Nov 30, 2026$/);
  });

  it('is a calendar day wherever the pattern is used: an update “today”, not hours ago', () => {
    expect(isCalendarDay('2026-11-30Z')).toBe(true);
    expect(isCalendarDay('2026-11-30+01:00')).toBe(true);
    expect(updatedAgo('2026-11-30Z', NOW)).toBe('today');
    expect(updatedAgo('2026-11-30+01:00', NOW)).toBe('today');
  });
});
