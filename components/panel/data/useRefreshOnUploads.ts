/**
 * A recording that finishes processing changes its primary contact's insights and recordings:
 * when an upload turns `completed`, the open panel asks for them again. The background drops its
 * cached copies before it saves the `completed` state this reacts to (lib/upload/poller.ts,
 * lib/background/uploads.ts), so the panel's requests reach the service.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { browser } from '#imports';
import { parseUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { keys } from './keys';

export function completedContacts(before: unknown, after: unknown): string[] {
  const done = new Set(parseUploads(before).flatMap((record) => (record.state === 'completed' ? [record.id] : [])));
  return parseUploads(after).flatMap((record) =>
    record.state === 'completed' && !done.has(record.id) && record.meta.primaryContactId ? [record.meta.primaryContactId] : [],
  );
}

export function useRefreshOnUploads(): void {
  const client = useQueryClient();
  useEffect(() => {
    const onChanged = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
      const change = changes[UPLOADS_KEY];
      if (area !== 'local' || !change) return;
      for (const contactId of completedContacts(change.oldValue, change.newValue)) {
        void client.invalidateQueries({ queryKey: keys.insights(contactId) });
        void client.invalidateQueries({ queryKey: keys.recordings(contactId) });
      }
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [client]);
}
