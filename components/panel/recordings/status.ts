import { statusAsWords } from '@/lib/format/text';
import type { Recording } from '@/lib/models';

const LABELS: Record<Recording['status'], string> = {
  uploading: 'Uploading',
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Ready',
  failed: 'Failed',
  unknown: 'Unknown',
};

/** The status as a word (the server's own for one Primer does not know), with progress if any. */
export function statusLabel(recording: Pick<Recording, 'status' | 'rawStatus' | 'progress'>): string {
  const word = recording.status === 'unknown' && recording.rawStatus ? statusAsWords(recording.rawStatus) : LABELS[recording.status];
  const inProgress = recording.status === 'processing' || recording.status === 'queued';
  return inProgress && recording.progress !== null ? `${word} · ${Math.round(recording.progress)}%` : word;
}

export function recordingTitle(recording: Pick<Recording, 'title' | 'filename'>): string {
  return recording.title ?? recording.filename ?? 'Untitled recording';
}
