/**
 * Where one action item was raised, when the server says so: "From Data platform pricing, 17 days
 * ago", the title opening that recording. A title the item lacks comes from the contact's
 * recordings the panel has loaded; a recording not among them is "a recording" (it still opens).
 * An item the server gave no source for gets nothing: no source is guessed.
 */
import type { ItemSource, Recording } from '@/lib/models';
import { formatDate, relativeDay } from '@/lib/format/dates';
import { nonBlank } from '@/lib/format/text';
import { landFocusWhenGone } from '../focus-landing';

/** A recording the panel already holds, by id (null when it holds none). */
export type RecordingLookup = (id: string) => Pick<Recording, 'title' | 'filename' | 'meetingDate'> | null;

interface ItemSourceNoteProps {
  source: ItemSource;
  /** The item's own text: tells apart buttons that would otherwise all say "Open a recording". */
  item: string;
  onOpenRecording?: (id: string) => void;
  lookup?: RecordingLookup;
  now?: Date;
}

export function ItemSourceNote({ source, item, onOpenRecording, lookup, now = new Date() }: ItemSourceNoteProps) {
  const known = source.recordingId !== null ? (lookup?.(source.recordingId) ?? null) : null;
  // An untitled recording is "a recording" (with its own button name), not one more "Untitled recording".
  const title = source.title ?? known?.title ?? known?.filename ?? null;
  // A date the panel cannot read is the server's own words: shown as written (so a source always says something).
  const date = source.date ?? known?.meetingDate ?? null;
  // A date well after today (typed wrong) is said as a date, not as how long ago it was.
  const read = relativeDay(date, now) ?? formatDate(date);
  const asWritten = read ? null : nonBlank(date);
  // The server's words (a title, a date as written) are isolated from Primer's around them: a
  // Hebrew or Arabic title ending in "!" or a number keeps it on its own side.
  const when = read ?? (asWritten ? <bdi>{asWritten}</bdi> : null);
  const after = when ? <>, {when}</> : null;
  if (source.recordingId !== null && onOpenRecording) {
    const id = source.recordingId;
    return (
      <span className="item-source">
        From{' '}
        <button
          ref={landFocusWhenGone}
          type="button"
          className="item-source-link"
          // Says what the button does and holds its visible words (a voice user says what they see);
          // untitled ones, each opening another recording, say which item's.
          aria-label={title ? `${title}: open the recording` : `Open a recording, where “${item}” was raised`}
          onClick={() => onOpenRecording(id)}
          dir={title ? 'auto' : undefined}
        >
          {title ?? 'a recording'}
        </button>
        {after}
      </span>
    );
  }
  if (title) {
    return (
      <span className="item-source">
        From “<bdi>{title}</bdi>”{after}
      </span>
    );
  }
  if (source.recordingId !== null) return <span className="item-source">From a recording{after}</span>;
  return when ? <span className="item-source">Raised {when}</span> : null;
}
