/**
 * The last conversation's <time dateTime> is the date machine-readably (HTML's valid date or
 * global date-and-time string), whatever the server wrote: "30 Nov 2026", "30/11/2026" or a
 * timestamp with microseconds are shown as a date, but were copied into dateTime as written.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Conversations } from '@/components/panel/person/Conversations';
import { toInsights } from '@/lib/api/normalise';

// HTML: a valid date string, or a valid global date and time string (fraction of 1–3 digits).
const VALID = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const NOW = new Date('2026-12-02T12:00:00Z');

describe('the last conversation’s <time> element', () => {
  it.each(['30 Nov 2026', '30/11/2026', 'Mon, 30 Nov 2026 10:00:00 GMT', '2026-11-30T10:00:00.123456Z'])('has a valid dateTime for “%s”', (written) => {
    const insights = toInsights({ contact_id: 'm', last_conversation_date: written, total_conversations: 3 }, 'm');
    const { container } = render(<Conversations insights={insights} now={NOW} />);
    // The date is read and shown (not the server's words as written)…
    expect(screen.getByText('Last').nextElementSibling).toHaveTextContent(/30 Nov 2026|Nov 30, 2026/);
    // …and its machine-readable form is one.
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toMatch(VALID);
    // The day shown, as a date string.
    expect(time?.getAttribute('datetime')).toBe('2026-11-30');
  });
});
