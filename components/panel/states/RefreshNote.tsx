/**
 * Said above a briefing shown from the panel's own copy while Primer asks for a newer one, once
 * the asking takes long enough to notice: the user knows what they see may be about to change,
 * and as of when it is.
 */
import { useEffect, useState } from 'react';
import { dateAndTime } from '@/lib/format/provenance';

/** Under this, the newer copy usually arrives before anyone could read the note. */
const NOTICEABLE_MS = 400;

export function RefreshNote({ refreshing, asOf }: { refreshing: boolean; asOf: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!refreshing) return;
    const timer = setTimeout(() => setShown(true), NOTICEABLE_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [refreshing]);
  if (!refreshing || !shown) return null;
  const absolute = dateAndTime(asOf);
  return (
    // About this moment only: left out of the copy the next opening paints first (useSaveBriefing.ts).
    <p className="refreshing" role="status" data-unsaved>
      Updating… showing the briefing as of <time dateTime={new Date(asOf).toISOString()}>{absolute}</time>.
    </p>
  );
}
