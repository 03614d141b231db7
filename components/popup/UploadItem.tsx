/** One upload in the list: its state, a progress bar while it moves, and what can be done with it. */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { useCountdown } from '@/components/ui/useCountdown';
import { requestHostPermission } from '@/components/options/host-permission';
import { permissionPatternFor } from '@/lib/api/base-url';
import { ApiError, toErrorInfo } from '@/lib/api/error-info';
import { sendRequest } from '@/lib/messaging/send';
import { serverText } from '@/lib/format/text';
import { isActive, isSending, noLongerFollowed, type UploadRecord } from '@/lib/upload/record';
import { PersonLabel } from '@/components/panel/PersonLabel';
import { meetingWhen, progressOf, refusalAdvice, retryLabel, sizeAndType, stateLabel } from './upload-text';

/**
 * Failures of a call to the service that only the options can fix: the key refused, not allowed
 * what was asked (403: another key, or the service's own settings for it), or none set.
 */
const SETUP_KINDS = new Set(['unauthorized', 'forbidden', 'not_configured']);

export function UploadItem({ record }: { record: UploadRecord }) {
  const [problem, setProblem] = useState<string | null>(null);
  const progress = progressOf(record);
  const retry = retryLabel(record);
  const stopNote = useId();
  // Said with each of the row's buttons: tabbing from one to the next, a screen reader reads the
  // button alone, and "Cancel" twice (two uploads at once) does not say which upload it stops.
  const titleId = useId();
  // The service asked for a wait (a rate limit's Retry-After): a Retry before it ends is refused at
  // once. Retry stays (a Tab stop described by the error, which says until when) but does nothing.
  // One saved on a clock put back since (updatedAt ahead of it) is not held: poller.ts dueAt.
  const waitLeft = useCountdown(record.state === 'failed' ? record.serviceWaitUntil : null, Infinity, record.updatedAt);
  const held = waitLeft !== null && waitLeft > 0;
  const errorId = useId();

  const act = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(toErrorInfo(error).message);
    }
  };
  const onRetry = () => {
    // The permission prompt must come straight from the click, before anything is awaited. It asks
    // for one host, worked out here by the background's rule: the record is read back from
    // storage.local, which content scripts can write too, and its needsAccess could name any
    // pattern (a wildcard gives none). The upload's address itself is kept sealed, for the background only.
    const pattern = record.needsAccess ? permissionPatternFor(record.needsAccess) : null;
    const asking = record.needsAccess ? (pattern ? requestHostPermission(pattern) : Promise.resolve(false)) : Promise.resolve(true);
    void act(async () => {
      if (!(await asking)) throw new ApiError('forbidden', 'Primer was not allowed to send the file there, so the upload did not go on.');
      await sendRequest('upload.retry', { id: record.id });
    });
  };

  // No longer followed is no failure of the service's: said plainly, not in the failure's colour.
  const unfollowed = noLongerFollowed(record);
  const stateClass = `upload-item__state upload-item__state--${unfollowed ? 'unfollowed' : record.state}`;
  return (
    // Focusable from code only: the row takes the focus when the button pressed in it goes away.
    <li className="upload-item" data-upload-id={record.id} tabIndex={-1} aria-label={`${record.meta.title}: ${stateLabel(record)}`}>
      <div className="upload-item__head">
        <span id={titleId} className="upload-item__title">{record.meta.title}</span>
        <span className={stateClass}>{stateLabel(record)}</span>
      </div>
      <p className="upload-item__meta">
        {sizeAndType(record)}
        {record.meta.meetingDate ? ` · ${meetingWhen(record.meta.meetingDate)}` : ''}
        {/* The name isolated: a right-to-left one would reorder "(matched by name)" and the date before it. */}
        {record.meta.primaryContactName ? (
          <>
            {' · with '}
            <PersonLabel person={{ name: record.meta.primaryContactName, detail: null, matchedBy: record.meta.primaryContactMatchedBy ?? null }} />
          </>
        ) : null}
      </p>
      {progress ? (
        <div className="upload-item__progress">
          <div
            // A bar of its own for processing: the upload's full bar slid back to the service's 5 %.
            key={isSending(record) ? 'sending' : 'processing'}
            className={`progress${progress.percent === null ? ' progress--unknown' : ''}`}
            role="progressbar"
            aria-label={`${record.meta.title}: ${isSending(record) ? 'upload' : 'processing'}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent ?? undefined}
            aria-valuetext={progress.text}
          >
            {/* Progress not known: a moving stripe (a still one with reduced motion), never a full bar that reads as done. */}
            <div className="progress__bar" style={progress.percent === null ? undefined : { transform: `scaleX(${progress.percent / 100})` }} />
          </div>
          <p className="upload-item__numbers">{progress.text}</p>
        </div>
      ) : null}
      {record.state === 'failed' && record.error ? <p id={errorId} className={unfollowed ? 'ui-hint' : 'ui-error'}>{serverText(record.error)}</p> : null}
      {refusalAdvice(record) ? <p className="ui-hint">{refusalAdvice(record)}</p> : null}
      {/* Why a processing check cannot be made now (the recording belongs to another service). */}
      {record.state === 'processing' && record.error ? <p className="ui-hint">{serverText(record.error)}</p> : null}
      {problem ? (
        <p className="ui-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="upload-item__actions">
        {/* Not while finishing: the file is stored, and the service may already be processing it. */}
        {isSending(record) && record.state !== 'completing' ? (
          <Button variant="danger" aria-describedby={titleId} onClick={() => void act(() => sendRequest('upload.cancel', { id: record.id }))}>
            Cancel
          </Button>
        ) : null}
        {/* The service refused the key, or Primer has none: Retry alone would fail again. */}
        {/* Not after the PUT: it goes to storage without the key, and storage's 401 says nothing of it. */}
        {(record.state === 'failed' && record.failedStep !== 'put') || record.state === 'processing' ? (
          SETUP_KINDS.has(record.errorKind ?? '') ? <OpenOptionsButton /> : null
        ) : null}
        {retry ? (
          <Button aria-describedby={held ? `${titleId} ${errorId}` : titleId} busy={held} onClick={onRetry}>
            {retry}
          </Button>
        ) : null}
        {!isActive(record) ? (
          <Button variant="secondary" aria-describedby={titleId} onClick={() => void act(() => sendRequest('upload.dismiss', { id: record.id }))}>
            Remove
          </Button>
        ) : null}
        {/* The recording is the service's now: Primer only stops following it (and telling when it is ready). */}
        {record.state === 'processing' ? (
          <>
            <Button variant="secondary" onClick={() => void act(() => sendRequest('upload.dismiss', { id: record.id }))} aria-describedby={`${titleId} ${stopNote}`}>
              Stop following
            </Button>
            <span id={stopNote} className="visually-hidden">
              The service goes on processing the recording; Primer stops checking on it.
            </span>
          </>
        ) : null}
      </div>
    </li>
  );
}
