/** Recent uploads, newest first, as the background keeps them (they survive restarts). */
import type { UploadRecord } from '@/lib/upload/record';
import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { LiveRegion } from '@/components/ui/Message';
import { toErrorInfo } from '@/lib/api/error-info';
import { sendRequest } from '@/lib/messaging/send';
import { isActive } from '@/lib/upload/record';
import { UPLOADS_KEPT } from '@/lib/upload/store';
import { STORED_ANSWER_MAX_AGE_MS } from '@/lib/storage/answer-age';
import { useUploadAnnouncement } from './announce';
import { retryLabel } from './upload-text';

/** Finished uploads are forgotten with the cache's answers (lib/background/upkeep.ts). */
const FINISHED_KEPT_DAYS = Math.round(STORED_ANSWER_MAX_AGE_MS / 86_400_000);
import { UploadItem } from './UploadItem';

/**
 * Keeps the keyboard's place when what had the focus goes away: Cancel, Retry or Resume is
 * replaced as the upload moves on (the focus goes to its row, which says its new state), and
 * Remove takes its row along (the focus goes to the row now in its place, or the list's end).
 */
function useKeptFocus(uploads: UploadRecord[]) {
  const container = useRef<HTMLDivElement>(null);
  const place = useRef<{ id: string; index: number } | null>(null);
  const onFocus = (event: FocusEvent) => {
    const row = event.target.closest<HTMLElement>('[data-upload-id]');
    place.current = row ? { id: row.dataset.uploadId ?? '', index: uploads.findIndex((record) => record.id === row.dataset.uploadId) } : null;
  };
  const onBlur = (event: FocusEvent) => {
    // The focus went elsewhere on purpose (not lost with a button that is no longer there).
    if (event.relatedTarget || event.target.isConnected) place.current = null;
  };
  useLayoutEffect(() => {
    const root = container.current;
    const kept = place.current;
    if (!root || !kept) return;
    const active = root.ownerDocument.activeElement;
    if (active && active !== root.ownerDocument.body && active.isConnected) return;
    const rows = [...root.querySelectorAll<HTMLElement>('[data-upload-id]')];
    const target = rows.find((row) => row.dataset.uploadId === kept.id) ?? rows[Math.min(kept.index, rows.length - 1)] ?? root;
    target.focus();
  }, [uploads]);
  return { container, onFocus, onBlur };
}

/** `labelledBy`: the id of the heading the list is under (the list is named by it when focus lands on it). */
export function UploadList({ uploads, labelledBy }: { uploads: UploadRecord[]; labelledBy?: string }) {
  const said = useUploadAnnouncement(uploads);
  const saidNow = useRef(said);
  useLayoutEffect(() => {
    saidNow.current = said;
  });
  const { container, onFocus, onBlur } = useKeptFocus(uploads);
  const [clearing, setClearing] = useState<string | null>(null);
  /**
   * What Clear finished did, heard once the rows are gone (no row says it), in the list's one
   * region until the next announcement (`after`: what the region said when it was set).
   */
  const [cleared, setCleared] = useState<{ text: string; after: string | null } | null>(null);
  // A failure Retry can mend is not finished: its kept file is what Retry sends (cleared, the file
  // is picked again). Removed on its own row, as it is meant to be.
  const finished = uploads.filter((record) => !isActive(record) && (record.state !== 'failed' || retryLabel(record) === null));
  const clearFinished = () => {
    setClearing(null);
    setCleared(null);
    const count = finished.length;
    void Promise.all(finished.map((record) => sendRequest('upload.dismiss', { id: record.id })))
      .then(() => {
        setCleared({ text: `Cleared ${count} finished uploads.`, after: saidNow.current });
        container.current?.focus();
      })
      .catch((error: unknown) => setClearing(toErrorInfo(error).message));
  };
  return (
    <div
      ref={container}
      tabIndex={-1}
      role={labelledBy ? 'group' : undefined}
      aria-labelledby={labelledBy}
      className="upload-list-box"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {uploads.length === 0 ? (
        <p className="ui-hint">No recordings uploaded yet.</p>
      ) : (
        <ul className="upload-list">
          {uploads.map((record) => (
            <UploadItem key={record.id} record={record} />
          ))}
        </ul>
      )}
      {uploads.length > 0 ? (
        <div className="upload-list__footer">
          <p className="ui-hint">
            This browser keeps your last {UPLOADS_KEPT} uploads here, finished ones for {FINISHED_KEPT_DAYS} days.
          </p>
          {finished.length > 1 ? (
            <Button variant="secondary" onClick={clearFinished}>
              Clear finished ({finished.length})
            </Button>
          ) : null}
        </div>
      ) : null}
      {clearing ? (
        <p className="ui-error" role="alert">
          {clearing}
        </p>
      ) : null}
      {/* Heard, not seen: each row shows the same. */}
      <LiveRegion className="visually-hidden">{cleared && cleared.after === said ? cleared.text : said}</LiveRegion>
    </div>
  );
}
