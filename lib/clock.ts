/**
 * Times kept from a clock that was wrong. A moment written while the computer's clock was fast
 * (set back since, as at a boot before the time was synced) lies "ahead" of the clock: an age,
 * a due time or a wait taken from it is out by as much as the clock moved, often hours.
 */

/** How far ahead of the clock a moment may be (clocks adjusted by a few seconds) and still be taken as it is. */
const CLOCK_SLACK_MS = 60_000;

/** Whether `moment` is more than a minute ahead of `now`: written on a clock set back since. */
export function aheadOfClock(moment: number, now: number): boolean {
  return moment - now > CLOCK_SLACK_MS;
}
