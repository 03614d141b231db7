/**
 * When a copy shown instead of a newer one was had: the time, and how long ago ("22 Nov, 10:00
 * (2 h ago)", "19 Nov, 10:00 (3 days ago)").
 */
import { ageOf, dateAndTime } from '@/lib/format/provenance';

export function AsOf({ asOf, now }: { asOf: number; now?: number }) {
  const absolute = dateAndTime(asOf, undefined, now);
  return (
    <>
      <time dateTime={new Date(asOf).toISOString()} title={absolute}>
        {absolute}
      </time>{' '}
      ({ageOf(asOf, now)})
    </>
  );
}
