/** Recent recordings with this contact, newest first, a few at a time. */
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { formatDate } from '@/lib/format/dates';
import { recordingsOf, useRecordings } from '../data/queries';
import { ProblemNotice } from '../states/ProblemNotice';
import { Skeleton } from '../states/Skeleton';
import { recordingTitle, statusLabel } from './status';

export function RecordingsSection({ contactId, onOpen }: { contactId: string; onOpen: (id: string) => void }) {
  const headingId = useId();
  const query = useRecordings(contactId);
  const recordings = recordingsOf(query.data?.pages ?? []);
  const total = query.data?.pages[0]?.total ?? null;
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      {/* Takes focus when Try again below goes (focus-landing.ts). */}
      <h2 id={headingId} tabIndex={-1}>
        Recent recordings {total ? <span className="count">({total})</span> : null}
      </h2>
      {query.isPending ? <Skeleton label="Loading recordings" lines={2} /> : null}
      {query.isError && recordings.length === 0 ? (
        <ProblemNotice error={query.error} what="the recordings" onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && recordings.length === 0 ? <p className="subtle">No recordings with them yet.</p> : null}
      {recordings.length > 0 ? (
        <ul className="recordings">
          {recordings.map((recording) => (
            <li key={recording.id}>
              <button type="button" className="recording-row" onClick={() => onOpen(recording.id)}>
                <span className="recording-title">{recordingTitle(recording)}</span>
                <span className="recording-meta">
                  {formatDate(recording.meetingDate) ?? 'No date'}
                  <span className={`status status-${recording.status}`}>{statusLabel(recording)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading…' : 'More recordings'}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? <ProblemNotice error={query.error} what="more recordings" onRetry={() => void query.fetchNextPage()} /> : null}
    </section>
  );
}
