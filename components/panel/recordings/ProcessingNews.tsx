/**
 * Tells screen readers when the recording on screen finishes processing: its status word changes
 * silently otherwise. Only a change seen while the view is open is said, never what it opened with.
 */
import { useState } from 'react';
import type { Recording } from '@/lib/models';

type Status = Recording['status'];

const UNDER_WAY: ReadonlySet<Status> = new Set(['uploading', 'queued', 'processing']);
const NEWS: Partial<Record<Status, string>> = {
  completed: 'Processing is done: this recording is ready.',
  failed: 'Processing failed.',
};

export function ProcessingNews({ status }: { status: Status | undefined }) {
  const [seen, setSeen] = useState(status);
  const [news, setNews] = useState('');
  // Compared while rendering (React's way to follow a prop): the news is in the same paint as the status.
  if (status !== seen) {
    setSeen(status);
    setNews(seen !== undefined && status !== undefined && UNDER_WAY.has(seen) ? (NEWS[status] ?? '') : '');
  }
  // There and empty from the start: a live region added with its text is not read by every screen reader.
  return (
    <p role="status" className="visually-hidden" data-unsaved>
      {news}
    </p>
  );
}
