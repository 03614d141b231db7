/**
 * Dates in three more well-known dialects are read by the normaliser: ASP.NET's "/Date(ms)/"
 * (JavaScriptSerializer, WCF, MVC's Json()), RFC 9557's zone after the offset ("…+01:00[Europe/
 * Berlin]": java.time's ZonedDateTime, JavaScript's Temporal), and MongoDB Extended JSON's
 * `{$date: …}` (as its `{_id: {$oid}}` ids are), and PHP's DateTime as json_encode writes it
 * (`{date, timezone_type, timezone}`). They came out as the raw text ("/Date(…)/"), or
 * as no date at all. Their placeholders (.NET's MinValue, the epoch) are still none.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Conversations } from '@/components/panel/person/Conversations';
import { toActionItems, toInsights, toRecording } from '@/lib/api/normalise';
import { formatDate, formatDueDate } from '@/lib/format/dates';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('dates in other well-known dialects', () => {
  it('reads ASP.NET’s /Date(ms)/ as the moment it names', () => {
    const insights = toInsights({ contact_id: 'm', last_conversation_date: '/Date(1796040000000)/', total_conversations: 3 }, 'm');
    render(<Conversations insights={insights} now={NOW} />);
    const region = screen.getByRole('region', { name: 'Conversations' });
    expect(region).not.toHaveTextContent('/Date(');
    expect(formatDate(insights.lastConversationDate, 'en-GB')).toBe('30 Nov 2026');
    const [item] = toActionItems([{ text: 'Send pricing', due_date: '/Date(1795996800000+0000)/' }], { pendingOnly: true });
    expect(formatDueDate(item!.dueDate, 'en-GB')).toBe('30 Nov 2026');
    // .NET's DateTime.MinValue and the epoch, as JavaScriptSerializer writes them: no date.
    const none = toActionItems([{ text: 'A', due_date: '/Date(-62135596800000)/' }, { text: 'B', due_date: '/Date(0)/' }], { pendingOnly: true });
    expect(none.map((entry) => entry.dueDate)).toEqual([null, null]);
  });

  it('reads an RFC 9557 timestamp with its zone in brackets', () => {
    const recording = toRecording({ id: 'r1', status: 'completed', meeting_date: '2026-11-30T10:00:00+01:00[Europe/Berlin]' });
    // Shown in the recordings list as `formatDate(meetingDate) ?? 'No date'`.
    expect(formatDate(recording.meetingDate, 'en-GB')).toBe('30 Nov 2026');
    expect(recording.meetingDate).toBe('2026-11-30T10:00:00+01:00');
    expect(toRecording({ id: 'r2', status: 'completed', meeting_date: '2026-11-30T09:00:00Z[UTC]' }).meetingDate).toBe('2026-11-30T09:00:00Z');
    // Without an offset the zone alone would say when it was: kept as written, not read as UTC.
    expect(toRecording({ id: 'r3', status: 'completed', meeting_date: '2026-11-30T10:00:00[Europe/Berlin]' }).meetingDate).toBe('2026-11-30T10:00:00[Europe/Berlin]');
  });

  it('reads MongoDB Extended JSON’s {$date}, as it reads {$oid}', () => {
    const recording = toRecording({ _id: { $oid: '65a1f0c2e4b0a1b2c3d4e5f6' }, status: 'completed', meeting_date: { $date: '2026-11-30T10:00:00Z' } });
    expect(recording.id).toBe('65a1f0c2e4b0a1b2c3d4e5f6');
    expect(recording.meetingDate).toBe('2026-11-30T10:00:00Z');
    const insights = toInsights({ contact_id: 'm', last_conversation_date: { $date: { $numberLong: '1795996800000' } } }, 'm');
    expect(insights.lastConversationDate).toBe('2026-11-30T00:00:00.000Z');
    expect(toRecording({ id: 'r4', status: 'completed', meeting_date: { $date: 1795996800000 } }).meetingDate).toBe('2026-11-30T00:00:00.000Z');
    expect(toRecording({ id: 'r5', status: 'completed', meeting_date: { $date: { $numberLong: '-62135596800000' } } }).meetingDate).toBeNull();
  });

  it('reads PHP’s DateTime as json_encode writes it, in its zone: a name, an offset or UTC', () => {
    // {date, timezone_type, timezone}: type 3 names a zone, type 1 gives an offset, type 2 an abbreviation.
    const php = (date: string, timezone_type: number, timezone: string) => ({ date, timezone_type, timezone });
    const recording = toRecording({ id: 'r1', status: 'completed', meeting_date: php('2026-11-30 10:00:00.000000', 3, 'Europe/Berlin') });
    expect(Date.parse(recording.meetingDate!)).toBe(Date.parse('2026-11-30T09:00:00Z'));
    // Summer time is the zone's own on that day.
    expect(Date.parse(toRecording({ id: 'r2', status: 'completed', meeting_date: php('2026-07-01 10:00:00.000000', 3, 'Europe/Berlin') }).meetingDate!)).toBe(Date.parse('2026-07-01T08:00:00Z'));
    expect(Date.parse(toRecording({ id: 'r3', status: 'completed', meeting_date: php('2026-11-30 10:00:00.000000', 1, '-05:00') }).meetingDate!)).toBe(Date.parse('2026-11-30T15:00:00Z'));
    expect(Date.parse(toRecording({ id: 'r4', status: 'completed', meeting_date: php('2026-11-30 10:00:00.000000', 3, 'UTC') }).meetingDate!)).toBe(Date.parse('2026-11-30T10:00:00Z'));
    const insights = toInsights({ contact_id: 'm', last_conversation_date: php('2026-11-19 15:00:00.000000', 3, 'UTC'), total_conversations: 3 }, 'm');
    render(<Conversations insights={insights} now={NOW} />);
    expect(screen.getByRole('region', { name: 'Conversations' })).toHaveTextContent(/3 days ago/);
    const [item] = toActionItems([{ text: 'Send pricing', due_date: php('2026-11-30 00:00:00.000000', 3, 'UTC') }], { pendingOnly: true });
    expect(formatDueDate(item!.dueDate, 'en-GB')).toBe('30 Nov 2026');
    // MySQL's zero date, as PHP reads it ("-0001-11-30"): no date.
    expect(toRecording({ id: 'r5', status: 'completed', meeting_date: php('-0001-11-30 00:00:00.000000', 3, 'UTC') }).meetingDate).toBeNull();
  });

  it('reads a date inside an object of its own ({date}, {date, timezone}, Google’s {dateTime, timeZone})', () => {
    const insights = toInsights({ contact_id: 'm', last_conversation_date: { date: '2026-11-19' }, total_conversations: 3 }, 'm');
    expect(insights.lastConversationDate).toBe('2026-11-19');
    render(<Conversations insights={insights} now={NOW} />);
    expect(screen.getByRole('region', { name: 'Conversations' })).toHaveTextContent(/3 days ago/);
    const [item] = toActionItems([{ text: 'Send pricing', due_date: { date: '2026-11-30' } }], { pendingOnly: true });
    expect(formatDueDate(item!.dueDate, 'en-GB')).toBe('30 Nov 2026');
    // A wall time in a named zone is that zone's (winter and summer); one with its own offset keeps it.
    const at = (date: object) => Date.parse(toRecording({ id: 'r', status: 'completed', meeting_date: date }).meetingDate ?? '');
    expect(at({ date: '2026-11-30T10:00:00', timezone: 'Europe/Berlin' })).toBe(Date.parse('2026-11-30T09:00:00Z'));
    expect(at({ date: '2026-07-01 10:00:00', timezone: 'Europe/Berlin' })).toBe(Date.parse('2026-07-01T08:00:00Z'));
    expect(at({ dateTime: '2026-11-30T10:00:00-05:00', timeZone: 'America/New_York' })).toBe(Date.parse('2026-11-30T15:00:00Z'));
    expect(at({ date: '2026-11-30T10:00:00', timezone: 'UTC' })).toBe(Date.parse('2026-11-30T10:00:00Z'));
    // A day is a day whatever its zone; placeholders are still none.
    expect(toRecording({ id: 'r1', status: 'completed', meeting_date: { date: '2026-11-30', timezone: 'Europe/Berlin' } }).meetingDate).toBe('2026-11-30');
    expect(toRecording({ id: 'r2', status: 'completed', meeting_date: { date: '0001-01-01' } }).meetingDate).toBeNull();
    expect(toRecording({ id: 'r3', status: 'completed', meeting_date: { date: null } }).meetingDate).toBeNull();
  });
});
