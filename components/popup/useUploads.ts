import { useEffect, useState } from 'react';
import { browser } from '#imports';
import type { UploadRecord } from '@/lib/upload/record';
import { parseUploads, readUploads, UPLOADS_KEY } from '@/lib/upload/store';
import { sendRequest } from '@/lib/messaging/send';

/**
 * Live list of uploads (the background writes progress to storage); null until first read. On
 * Firefox each record's signature is checked (store.ts readUploads: content scripts can write
 * there), and a list is shown only if no later one arrived while it was checked.
 */
export function useUploads(): UploadRecord[] | null {
  const [uploads, setUploads] = useState<UploadRecord[] | null>(null);
  useEffect(() => {
    let live = true;
    let latest = 0;
    const show = (raw: unknown) => {
      if (!import.meta.env.FIREFOX) return void (live && setUploads(parseUploads(raw)));
      const reading = ++latest;
      void readUploads(raw).then((list) => live && reading === latest && setUploads(list));
    };
    void browser.storage.local.get(UPLOADS_KEY).then((stored) => show(stored[UPLOADS_KEY]));
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === 'local' && UPLOADS_KEY in changes) show(changes[UPLOADS_KEY]?.newValue);
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  return uploads;
}

const CHECK_EVERY_MS = 2000;

/**
 * While this view is open, processing is checked every 2 s so the user sees it move. These are
 * not the background's scheduled checks: they neither advance its backoff nor count towards
 * giving up (lib/upload/poller.ts), which carry on alone once the view closes. A check still
 * waiting for its answer (a slow or failing service retries it) is not joined by another: they
 * would pile up, one more every 2 s. None is sent while the view is hidden (the form in a tab
 * behind others, for the many minutes processing takes): no one sees it move, and each is a call
 * to the service. One is sent as soon as it is in view again.
 */
export function useLiveProcessing(uploads: UploadRecord[] | null): void {
  const ids = (uploads ?? []).filter((record) => record.state === 'processing').map((record) => record.id).join(',');
  useEffect(() => {
    if (!ids) return;
    const checking = new Set<string>();
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      for (const id of ids.split(',')) {
        if (checking.has(id)) continue;
        checking.add(id);
        void sendRequest('upload.check', { id })
          .catch(() => undefined)
          .finally(() => checking.delete(id));
      }
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [ids]);
}
