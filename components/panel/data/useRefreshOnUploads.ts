/**
 * A recording that finishes processing changes the insights and recordings of the people in it:
 * its primary contact's, and the other attendees' (an upload "of this meeting" often names no
 * primary contact). When an upload turns `completed`, the open panel asks again for every
 * briefing and recording list it shows (the others are marked stale, asked for when next shown).
 * The background drops its cached copies of the primary contact's before it saves the
 * `completed` state this reacts to (lib/upload/poller.ts, lib/background/uploads.ts), and answers
 * the others from a copy younger than a minute at most, so the panel's requests reach the service.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { browser } from '#imports';
import { parseUploads, readUploads, UPLOADS_KEY } from '@/lib/upload/store';

/**
 * Whether an upload turned `completed` between the two stored lists. On Firefox, where a page can
 * write the list, only records the background signed count in the new one (readUploads): a
 * made-up "completed" written again and again would have the panel call the service each time.
 * The old list is only taken at its word (parseUploads): signed in an earlier write, it would read
 * as untrusted, and every save would count each completed upload again; a page's own old list can
 * at most hold back one refresh.
 */
export async function someCompleted(before: unknown, after: unknown): Promise<boolean> {
  const was = parseUploads(before);
  const now = await readUploads(after);
  const done = new Set(was.flatMap((record) => (record.state === 'completed' ? [record.id] : [])));
  return now.some((record) => record.state === 'completed' && !done.has(record.id));
}

export function useRefreshOnUploads(): void {
  const client = useQueryClient();
  useEffect(() => {
    const onChanged = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
      const change = changes[UPLOADS_KEY];
      if (area !== 'local' || !change) return;
      void someCompleted(change.oldValue, change.newValue).then((completed) => {
        if (!completed) return;
        void client.invalidateQueries({ queryKey: ['insights'] });
        void client.invalidateQueries({ queryKey: ['recordings'] });
      });
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [client]);
}
