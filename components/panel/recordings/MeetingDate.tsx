/**
 * A recording's date as the panel shows it. A date the panel cannot read for sure ("12/11/2026":
 * 12 Nov or 11 Dec) is still the server's: shown as written, isolated as the server's own text (as
 * a last conversation's or a due date is), rather than "No date".
 */
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format/dates';
import { serverText } from '@/lib/format/text';
import type { Recording } from '@/lib/models';

/** A meeting date as written, when the panel cannot read it. Null when there is none. */
function meetingDateAsWritten(date: string | null) {
  const text = serverText(date, 40);
  return text ? <bdi>{text}</bdi> : null;
}

/**
 * The meeting's date; without one, when the service made its record, said as such ("Added Nov 7,
 * 2026": it is no meeting's date); else "No date".
 */
export function recordingDate(recording: Pick<Recording, 'meetingDate' | 'createdAt'>): ReactNode {
  const meeting = formatDate(recording.meetingDate) ?? meetingDateAsWritten(recording.meetingDate);
  if (meeting !== null) return meeting;
  const added = formatDate(recording.createdAt ?? null);
  return added !== null ? `Added ${added}` : 'No date';
}
