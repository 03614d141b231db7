/**
 * A recording's date the panel cannot read for sure ("12/11/2026": 12 Nov or 11 Dec) is still the
 * server's: shown as written, isolated as the server's own text (as a last conversation's or a due
 * date is), rather than "No date". Null when there is none.
 */
import { serverText } from '@/lib/format/text';

export function meetingDateAsWritten(date: string | null) {
  const text = serverText(date, 40);
  return text ? <bdi>{text}</bdi> : null;
}
