/**
 * Epoch times finer than milliseconds: PostgreSQL's and Python's microseconds (16 digits, e.g.
 * `EXTRACT(EPOCH …) * 1e6`, `time.time_ns() // 1000`) and Go's or pandas' nanoseconds (19 digits,
 * `UnixNano()`, `Timestamp.value`). Dropped, the last conversation and due dates went missing.
 */
import { describe, expect, it } from 'vitest';
import { dateOf } from '@/lib/api/normalise/dates';
import { parseJson } from '@/lib/api/json-text';

const AT = '2026-12-01T09:30:00.000Z';
const MS = Date.parse(AT);

describe('epoch dates in microseconds and nanoseconds', () => {
  it('reads microseconds (16 digits), as text and as the JSON reply gives them', () => {
    expect(dateOf({ at: String(MS * 1000) }, 'at')).toBe(AT);
    const reply = parseJson(`{"at": ${MS}000}`) as Record<string, unknown>;
    expect(dateOf(reply, 'at')).toBe(AT);
  });

  it('reads nanoseconds (19 digits), as text and as the JSON reply gives them', () => {
    expect(dateOf({ at: `${MS}000000` }, 'at')).toBe(AT);
    const reply = parseJson(`{"at": ${MS}000123}`) as Record<string, unknown>;
    expect(dateOf(reply, 'at')).toBe(AT);
  });

  it('other runs of digits are still no date', () => {
    for (const digits of ['17959968000000', '179599680000000', '17959968000000000', '999999999999999999999']) expect(dateOf({ at: digits }, 'at'), digits).toBeNull();
    // Microseconds and nanoseconds outside 2000–2100 are placeholders.
    expect(dateOf({ at: '0000000000000000' }, 'at')).toBeNull();
    expect(dateOf({ at: '9000000000000000000' }, 'at')).toBeNull();
  });
});
