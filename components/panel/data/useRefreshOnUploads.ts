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
 * Whether an upload turned `completed` between the two stored lists, and not one in `seen` (the
 * completed uploads this panel has already seen, to which both lists' are added). On Firefox,
 * where a page can write the list, only records the background signed count in the new one
 * (readUploads): a made-up "completed" written again and again would have the panel call the
 * service each time. The old list is only taken at its word (parseUploads): signed in an earlier
 * write, it would read as untrusted, and every save would count each completed upload again. And
 * a page that empties the list and writes the background's own back, again and again, has no new
 * completed upload to show: `seen` has them.
 */
export async function someCompleted(before: unknown, after: unknown, seen: Set<string> = new Set()): Promise<boolean> {
  const was = parseUploads(before);
  const now = await readUploads(after);
  for (const record of was) if (record.state === 'completed') seen.add(record.id);
  const completed = now.filter((record) => record.state === 'completed' && !seen.has(record.id));
  for (const record of completed) seen.add(record.id);
  return completed.length > 0;
}

export function useRefreshOnUploads(): void {
  const client = useQueryClient();
  useEffect(() => {
    // The completed uploads seen in the changes since the panel opened, looked at one after
    // another. Not read at opening: an upload completing meanwhile would count as seen, unrefreshed.
    const seen = new Set<string>();
    let looked: Promise<unknown> = Promise.resolve();
    const onChanged = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
      const change = changes[UPLOADS_KEY];
      if (area !== 'local' || !change) return;
      looked = looked
        .then(async () => {
          if (!(await someCompleted(change.oldValue, change.newValue, seen))) return;
          void client.invalidateQueries({ queryKey: ['insights'] });
          void client.invalidateQueries({ queryKey: ['recordings'] });
        })
        .catch(() => undefined);
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [client]);
}
