/**
 * What the upload list says to screen readers as uploads move: a change of state ("Weekly sync:
 * Ready"), and while sending only each quarter of the file, not every percent (the bar itself
 * updates every second; announcing each change would drown everything else out).
 */
import { useState } from 'react';
import { serverText } from '@/lib/format/text';
import type { UploadRecord } from '@/lib/upload/record';
import { stateLabel } from './upload-text';

/** What was last said of each upload: its state, and the quarter of the file sent (0–3). */
export type Heard = Map<string, { state: UploadRecord['state']; label: string; quarter: number }>;

function quarterOf(record: UploadRecord): number {
  if (record.state !== 'uploading' || record.file.size <= 0) return 0;
  return Math.min(3, Math.floor((Math.min(record.sentBytes, record.file.size) / record.file.size) * 4));
}

export function hear(uploads: UploadRecord[]): Heard {
  return new Map(uploads.map((record) => [record.id, { state: record.state, label: stateLabel(record), quarter: quarterOf(record) }]));
}

/**
 * What changed between `before` and `uploads`, in words, or null when nothing worth saying did.
 */
export function announcement(before: Heard, uploads: UploadRecord[]): string | null {
  const said: string[] = [];
  for (const record of uploads) {
    const last = before.get(record.id);
    const label = stateLabel(record);
    const quarter = quarterOf(record);
    // A new upload: the form that started it has said so already; not that it failed at once (the
    // form's "Uploading …" goes away without a word, and nothing else would say it).
    if (!last && record.state !== 'failed') continue;
    if (!last || last.state !== record.state || last.label !== label) {
      // The reason as its row shows it: a service may send a whole stack trace, not to be read out.
      const reason = record.state === 'failed' ? serverText(record.error) : null;
      said.push(`${record.meta.title}: ${label}${reason ? ` (${reason})` : ''}.`);
    } else if (quarter > last.quarter) {
      said.push(`${record.meta.title}: ${quarter * 25}% sent.`);
    } else if (quarter < last.quarter) {
      // The send started over (a connection lost, an expired address): the bar went back.
      said.push(`${record.meta.title}: sending the file again from the start.`);
    }
  }
  return said.length > 0 ? said.join(' ') : null;
}

/** The latest announcement for the list as it changes; nothing for what was there when it opened. */
export function useUploadAnnouncement(uploads: UploadRecord[]): string | null {
  // React's way to follow a change of props: compared while rendering, no effect, no ref.
  const [last, setLast] = useState(() => ({ uploads, heard: hear(uploads), text: null as string | null }));
  if (last.uploads !== uploads) {
    const text = announcement(last.heard, uploads) ?? last.text;
    setLast({ uploads, heard: hear(uploads), text });
  }
  return last.text;
}
