/**
 * When a copy shown instead of a newer one was had: the time, and how long ago ("22 Nov, 10:00
 * (2 h ago)", "19 Nov, 10:00 (3 days ago)"); the age on screen only. A copy dated ahead of the
 * clock (had while it was fast, set back since) is of unknown age: only its time is said, not
 * "just now".
 */
import { aheadOfClock } from '@/lib/clock';
import { ageOf, dateAndTime } from '@/lib/format/provenance';
import { useMinuteClock } from './useMinuteClock';

export function AsOf({ asOf, now: given }: { asOf: number; now?: number }) {
  const now = useMinuteClock(given);
  const absolute = dateAndTime(asOf, undefined, now);
  return (
    <>
      <time dateTime={new Date(asOf).toISOString()} title={absolute}>
        {absolute}
      </time>
      {/* Not to screen readers: the notes around it are live regions, read out whole each time the
          age ticks ("3 min ago", "4 min ago") while the panel asks again behind them. The time is enough. */}
      {aheadOfClock(asOf, now) ? null : <span aria-hidden="true"> ({ageOf(asOf, now)})</span>}
    </>
  );
}
