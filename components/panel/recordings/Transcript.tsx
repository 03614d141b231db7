/** A transcript: who said what, and when when the server says so. */
import { useId, useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import type { Transcript as TranscriptData, TranscriptSegment } from '@/lib/models';
import { useShowMore } from '../show-more';

/** Turns drawn at first, and added by each "Show more": a three-hour meeting is 8,000 of them (48,000 elements). */
export const TRANSCRIPT_TURNS_SHOWN = 200;
/** Segments drawn at most per page, however few turns hold them. */
const PAGE_SEGMENTS = 2 * TRANSCRIPT_TURNS_SHOWN;
/** A turn's segments at most: a three-hour talk by one speaker is cut into turns, so it pages too. */
export const TURN_SEGMENTS_MAX = 20;

export function timestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One speaker's turn: their consecutive segments. A line nobody is named for stands alone. */
export interface Turn {
  /** The index of its first segment (a stable key). */
  at: number;
  speaker: string | null;
  /** The same speaker's previous turn was cut here (it was TURN_SEGMENTS_MAX long). */
  continued: boolean;
  segments: [TranscriptSegment, ...TranscriptSegment[]];
}

export function turnsOf(segments: readonly TranscriptSegment[]): Turn[] {
  const turns: Turn[] = [];
  segments.forEach((segment, index) => {
    const last = turns.at(-1);
    const same = last !== undefined && segment.speaker !== null && last.speaker === segment.speaker;
    if (same && last.segments.length < TURN_SEGMENTS_MAX) last.segments.push(segment);
    else turns.push({ at: index, speaker: segment.speaker, continued: same, segments: [segment] });
  });
  return turns;
}

/** How many turns from `from` make a page: up to TRANSCRIPT_TURNS_SHOWN turns and PAGE_SEGMENTS segments, at least one. */
function pageFrom(turns: readonly Turn[], from: number): number {
  let segments = 0;
  let end = from;
  while (end < turns.length && end - from < TRANSCRIPT_TURNS_SHOWN) {
    segments += turns[end]!.segments.length;
    if (end > from && segments > PAGE_SEGMENTS) break;
    end++;
  }
  return end - from;
}

export function Transcript({ transcript }: { transcript: TranscriptData }) {
  const turns = useMemo(() => turnsOf(transcript.segments), [transcript.segments]);
  const { shown, left, listRef, more } = useShowMore(turns.length, pageFrom(turns, 0));
  const leftId = useId();
  if (transcript.segments.length === 0) return <p className="subtle">The transcript is empty.</p>;
  const lastShown = turns[shown - 1]?.segments.findLast((segment) => segment.start !== null)?.start ?? null;
  // A speaker's name once per turn, not once per sentence.
  return (
    <>
      <ol className="transcript" ref={listRef}>
        {turns.slice(0, shown).map(({ at, speaker, continued, segments: [first, ...rest] }) => (
          <li key={at} tabIndex={-1}>
            {speaker || first.start !== null ? (
              <p className="segment-head">
                {speaker ? (
                  <strong>
                    <bdi>{speaker}</bdi>
                    {continued ? ' (continued)' : null}
                  </strong>
                ) : null}
                {first.start !== null ? <span className="subtle"> {timestamp(first.start)}</span> : null}
              </p>
            ) : null}
            <p className="segment-text" dir="auto">
              {first.text}
            </p>
            {rest.map((segment, index) => (
              <p className="segment-text" key={index}>
                {segment.start !== null ? <span className="subtle">{timestamp(segment.start)} </span> : null}
                <bdi>{segment.text}</bdi>
              </p>
            ))}
          </li>
        ))}
      </ol>
      {left > 0 ? (
        <p className="section-action">
          <span id={leftId} className="subtle">
            {left.toLocaleString('en')} more {left === 1 ? 'turn' : 'turns'}
            {lastShown !== null ? `, after ${timestamp(lastShown)}` : ''}.
          </span>{' '}
          <Button variant="secondary" onClick={() => more(pageFrom(turns, shown))} aria-describedby={leftId}>
            Show more of the transcript
          </Button>{' '}
          <Button variant="secondary" onClick={() => more()}>
            Show the whole transcript
          </Button>
        </p>
      ) : null}
    </>
  );
}
