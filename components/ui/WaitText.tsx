/** A wait in a sentence ("… in 45 s."), said two ways: counting down on screen, and once to screen readers. */
import { waitEnds, waitLeft } from '@/lib/format/wait';

interface WaitTextProps {
  /** What happens once the wait is over, e.g. "Primer will try again". */
  lead: string;
  seconds: number;
  deadline: number;
  waitMs: number;
  /** The id of what screen readers hear, for a control that the wait holds back to point at. */
  id?: string;
}

export function WaitText({ lead, seconds, deadline, waitMs, id }: WaitTextProps) {
  // A live region is read out whole whenever its text changes: the ticking countdown is hidden from
  // screen readers, which are told once when the wait ends.
  return (
    <>
      <span aria-hidden="true">{` ${lead} in ${waitLeft(seconds)}.`}</span>
      <span id={id} className="visually-hidden">{` ${lead} ${waitEnds(deadline, waitMs)}.`}</span>
    </>
  );
}
