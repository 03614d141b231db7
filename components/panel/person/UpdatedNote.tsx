/** "Insights updated 3 h ago.": when the server last updated a briefing, following the clock as AsOf does. */
import { updatedAgo } from '@/lib/format/provenance';
import { useMinuteClock } from '../states/useMinuteClock';

export function UpdatedNote({ updatedAt, now: given }: { updatedAt: string | null; now?: number }) {
  // Only this line is drawn again each minute, not the whole briefing.
  const updated = updatedAgo(updatedAt, new Date(useMinuteClock(given)));
  return updated ? <p className="source">Insights updated {updated}.</p> : null;
}
