/** A transcript: who said what, and when when the server says so. */
import type { Transcript as TranscriptData } from '@/lib/models';

export function timestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function Transcript({ transcript }: { transcript: TranscriptData }) {
  if (transcript.segments.length === 0) return <p className="subtle">The transcript is empty.</p>;
  return (
    <ol className="transcript">
      {transcript.segments.map((segment, index) => (
        <li key={index}>
          {segment.speaker || segment.start !== null ? (
            <p className="segment-head">
              {segment.speaker ? <strong>{segment.speaker}</strong> : null}
              {segment.start !== null ? <span className="subtle"> {timestamp(segment.start)}</span> : null}
            </p>
          ) : null}
          <p className="segment-text">{segment.text}</p>
        </li>
      ))}
    </ol>
  );
}
