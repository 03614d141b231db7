/**
 * Due dates read in a time zone west of UTC, where midnight UTC is still the day before. Node
 * reads TZ again when it changes; the formatters are built on first use, after this line.
 */
const previousTz = process.env.TZ;
process.env.TZ = 'America/New_York';

import { render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { sortActionItems } from '@/lib/format/briefing';
import { formatDate, formatDueDate, isOverdue, lastConversation, relativeDay, uiLocaleFor } from '@/lib/format/dates';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

// Noon on 12 Nov 2026 in New York (17:00 UTC).
const NOW = new Date('2026-11-12T12:00:00-05:00');
const item = (text: string, dueDate: string | null) => ({ text, dueDate, owner: null, status: null });

// The test process may run other files after this one: they keep the machine's time zone.
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

describe('the reader’s time zone changing while the panel is open (a flight)', () => {
  it('writes a moment’s date in the zone the reader is in now, as its "ago" is counted', () => {
    const last = '2026-11-12T20:00:00Z'; // 13 Nov 09:00 in Auckland, 12 Nov 12:00 in Los Angeles
    try {
      process.env.TZ = 'Pacific/Auckland';
      expect(formatDate(last, 'en-GB')).toBe('13 Nov 2026');
      process.env.TZ = 'America/Los_Angeles';
      expect(lastConversation(last, new Date('2026-11-12T23:00:00Z'), 'en-GB')).toEqual({ ago: 'today', date: '12 Nov 2026' });
      // Zones alike in winter and in summer, apart in spring (Athens on summer time, Cairo not yet).
      process.env.TZ = 'Europe/Athens';
      expect(formatDate('2026-04-12T21:30:00Z', 'en-GB')).toBe('13 Apr 2026');
      process.env.TZ = 'Africa/Cairo';
      expect(formatDate('2026-04-12T21:30:00Z', 'en-GB')).toBe('12 Apr 2026');
    } finally {
      process.env.TZ = 'America/New_York';
    }
  });
});

describe('due dates west of UTC', () => {
  it('runs where midnight UTC is the day before', () => {
    expect(new Date('2026-11-12T00:00:00Z').getDate()).toBe(11);
  });

  it('reads a date-only due date, and one at midnight UTC, as that calendar day', () => {
    for (const value of ['2026-11-12', '2026-11-12T00:00:00Z', '2026-11-12T00:00:00.000Z', '2026-11-12T00:00:00+00:00']) {
      expect(formatDueDate(value, 'en-GB')).toBe('12 Nov 2026');
      expect(isOverdue(value, NOW)).toBe(false);
    }
    expect(formatDate('2026-11-12', 'en-GB')).toBe('12 Nov 2026');
    expect(relativeDay('2026-11-12', NOW, 'en')).toBe('today');
    expect(isOverdue('2026-11-11T00:00:00Z', NOW)).toBe(true);
    // A real moment is still read in local time: 02:00 UTC on the 12th is the 11th in New York.
    expect(formatDate('2026-11-12T02:00:00Z', 'en-GB')).toBe('11 Nov 2026');
    expect(formatDueDate('2026-11-12T02:00:00Z', 'en-GB')).toBe('11 Nov 2026');
    expect(isOverdue('2026-11-12T02:00:00Z', NOW)).toBe(true);
  });

  it('reads any other timestamp at midnight UTC as a moment, on the reader’s own calendar', () => {
    for (const value of ['2026-11-12T00:00:00Z', '2026-11-12T00:00:00.000Z', '2026-11-12T00:00:00+00:00', '2026-11-12T00:00Z']) {
      // 19:00 on the 11th in New York.
      expect(formatDate(value, 'en-GB')).toBe('11 Nov 2026');
      expect(relativeDay(value, NOW, 'en')).toBe('yesterday');
    }
  });

  it('dates a recording made at midnight UTC by the evening before, where that was the evening before', async () => {
    const recording: Recording = {
      id: 'r1', filename: null, title: 'Late call', meetingDate: '2026-11-21T00:00:00Z', status: 'completed', rawStatus: 'completed', progress: 100, primaryContactId: 'm', participants: [], error: null,
    };
    fakeBackground({ 'recordings.list': { recordings: [recording], received: 1, total: 1, limit: 3, offset: 0, hasMore: false } });
    renderWithClient(<RecordingsSection contactId="m" onOpen={() => undefined} />);
    const row = await screen.findByRole('button', { name: /Late call/ });
    expect(row).toHaveTextContent(/20 Nov 2026|Nov 20, 2026/);
  });

  it('does not mark an item overdue on the day it is due', () => {
    render(<ActionItemList items={[item('Send pricing', '2026-11-12T00:00:00Z')]} label="Items" now={NOW} />);
    const [entry] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entry).toHaveTextContent(/Due (12 Nov 2026|Nov 12, 2026)$/);
    expect(entry).not.toHaveTextContent('Overdue');
  });
});

describe('due dates given as text', () => {
  it('reads no date into text that does not name one whole', () => {
    for (const value of ['end of Q3', 'next week', '12 Nov', 'end of 2026', 'Nov 2026', '2026', 'by 2026-12']) {
      expect(formatDate(value)).toBeNull();
      expect(isOverdue(value, NOW)).toBe(false);
    }
    expect(formatDate('Nov 20, 2026', 'en-GB')).toBe('20 Nov 2026');
    expect(formatDate('2026-02-31')).toBeNull();
  });

  it('shows the server’s due text as written, never as overdue, and sorts it with the undated', () => {
    const items = [item('Plan offsite', 'end of Q3'), item('Book venue', '12 Nov'), item('Send deck', '2026-11-20')];
    render(<ActionItemList items={items} label="Items" now={NOW} />);
    const entries = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Send deck.*Due (20 Nov 2026|Nov 20, 2026)$/),
      'Plan offsiteDue end of Q3',
      'Book venueDue 12 Nov',
    ]);
    expect(screen.queryByText(/Overdue/)).toBeNull();
    expect(sortActionItems(items).map((i) => i.text)).toEqual(['Send deck', 'Plan offsite', 'Book venue']);
  });

  it('shows a numeric date that could be day or month first as written, never overdue, and sorts it with the undated', () => {
    for (const value of ['12/11/2026', '11/10/2026', '12.11.2026', '12-11-2026', '01/02/2026', '11/10/2026 10:00']) {
      expect(formatDate(value)).toBeNull();
      expect(isOverdue(value, NOW)).toBe(false);
      expect(relativeDay(value, NOW)).toBeNull();
    }
    const items = [item('Send deck', '11/10/2026'), item('Book venue', '2026-11-20')];
    render(<ActionItemList items={items} label="Items" now={NOW} />);
    const entries = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringMatching(/^Book venue.*Due (20 Nov 2026|Nov 20, 2026)$/), 'Send deckDue 11/10/2026']);
    expect(screen.queryByText(/Overdue/)).toBeNull();
  });

  it('says how long ago a day was, never that it is to come, and in years past a year and a half, never "last year"', () => {
    // A day ahead (a server ahead of the reader's zone) is today; further ahead, nothing is said.
    expect(relativeDay('2026-11-13', NOW, 'en')).toBe('today');
    expect(relativeDay('2026-12-15', NOW, 'en')).toBeNull();
    expect(relativeDay('2025-12-20', NOW, 'en')).toBe('11 months ago');
    expect(relativeDay('2025-11-12', NOW, 'en')).toBe('12 months ago');
    expect(relativeDay('2025-06-01', NOW, 'en')).toBe('18 months ago');
    expect(relativeDay('2024-12-05', NOW, 'en')).toBe('2 years ago');
    for (let days = 1; days < 2000; days += 7) {
      expect(relativeDay(new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10), NOW, 'en')).not.toMatch(/last year|24 months/);
    }
  });

  it('reads a numeric date whose numbers allow one order only, day first or month first, as that calendar day', () => {
    for (const value of ['13/11/2026', '11/13/2026', '13.11.2026', '13-11-2026', '11-13-2026']) {
      expect(formatDate(value, 'en-GB')).toBe('13 Nov 2026');
      expect(isOverdue(value, NOW)).toBe(false);
      // The 13th is tomorrow; relativeDay says how long ago something happened: today at the latest.
      expect(relativeDay(value, NOW, 'en')).toBe('today');
    }
    // Day and month the same: either order is the same day.
    expect(formatDate('11/11/2026', 'en-GB')).toBe('11 Nov 2026');
    expect(isOverdue('11/11/2026', NOW)).toBe(true);
    expect(isOverdue('31/10/2026', NOW)).toBe(true);
    for (const value of ['31/02/2026', '13/13/2026', '02/31/2026']) expect(formatDate(value)).toBeNull();
  });

  it('reads such a date with a time after it, day first as month first (a server writing "d.m.Y H:i")', () => {
    for (const value of ['13/11/2026 15:00', '13.11.2026 15:00', '13-11-2026 09:30:15', '11/13/2026 15:00', '13.11.2026 3:00 PM']) {
      expect(formatDate(value, 'en-GB')).toBe('13 Nov 2026');
      expect(relativeDay(value, NOW, 'en')).toBe('today');
    }
    expect(formatDueDate('31.10.2026 17:00', 'en-GB')).toBe('31 Oct 2026');
    expect(isOverdue('31.10.2026 17:00', NOW)).toBe(true);
    // Still unread where the order is in doubt, or the time is none.
    expect(formatDate('12.11.2026 15:00')).toBeNull();
    expect(formatDate('13.11.2026 25:00')).toBeNull();
  });
});

describe('the language dates are written in', () => {
  it('is English, in the order of the reader’s region: the sentences around them are English', () => {
    expect(uiLocaleFor('de-DE')).toBe('en-DE');
    expect(uiLocaleFor('en-US')).toBe('en-US');
    // A language alone (as Chrome and Firefox report most) stands for its main region.
    expect(uiLocaleFor('de')).toBe('en-DE');
    expect(uiLocaleFor('en')).toBe('en-US');
    // A region English has no data for: day first, on a 24-hour clock, not the American way.
    expect(uiLocaleFor('pt-BR')).toBe('en-GB');
    expect(uiLocaleFor(undefined)).toBe('en');
    expect(uiLocaleFor('not a language')).toBe('en');
    expect(formatDate('2026-11-19', uiLocaleFor('de-DE'))).toBe('19 Nov 2026');
    expect(relativeDay('2026-11-11', NOW, uiLocaleFor('de-DE'))).toBe('yesterday');
  });

  it('is English by default, whatever the browser’s language', () => {
    const made: (string | string[] | undefined)[] = [];
    const Real = Intl.RelativeTimeFormat;
    const spy = vi.spyOn(Intl, 'RelativeTimeFormat').mockImplementation(function (locale?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
      made.push(locale);
      return new Real(locale, options);
    } as unknown as typeof Intl.RelativeTimeFormat);
    try {
      // A date far enough back to need a formatter not made yet (weeks).
      relativeDay('2026-10-01', NOW);
      lastConversation('2026-09-01', NOW);
      expect(made.length).toBeGreaterThan(0);
      for (const locale of made) expect(String(locale)).toMatch(/^en\b/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the last conversation', () => {
  it('is "today" on the day after today, as relativeDay says it (a server ahead of the reader’s time zone)', () => {
    expect(lastConversation('2026-11-13', NOW)).toMatchObject({ ago: 'today' });
    expect(relativeDay('2026-11-13', NOW)).toBe('today');
    expect(lastConversation('2026-11-19', NOW)).toMatchObject({ ago: null });
  });
});
