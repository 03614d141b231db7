/**
 * The webhooks the service already has. Not every service lets clients list or delete them; then
 * this says where to manage them instead of showing an error.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/error-info';
import { sendRequest } from '@/lib/messaging/send';
import type { Webhook } from '@/lib/models';
import { Button } from '@/components/ui/Button';
import { LiveRegion, type Tone } from '@/components/ui/Message';
import { errorMessage } from './error-message';
import { LoadFailed } from './LoadFailed';
import { useWebhookList, webhooksKey } from './queries';
import { eventTitle } from './webhook-events';

/** `onDeleted`: told the id of each webhook the list found deleted (here, or elsewhere meanwhile). */
export function WebhookList({ onDeleted }: { onDeleted?: (id: string) => void } = {}) {
  const list = useWebhookList(true);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: Tone; text: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = useMutation({
    mutationFn: (id: string) => sendRequest('webhook.delete', { id }),
    onSuccess: ({ deleted }, id) => {
      // The deleted row goes: focus lands on the list's heading, not on the document (the next
      // Tab would start over at the top of the page).
      if (deleted) {
        headingRef.current?.focus();
        onDeleted?.(id);
      }
      setConfirming(null);
      setStatus(
        deleted
          ? { tone: 'success', text: 'The webhook was deleted.' }
          : { tone: 'error', text: 'This service does not delete webhooks from Primer: delete it in the service’s own dashboard.' },
      );
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: async (error, id) => {
      // Deleted elsewhere meanwhile (the service's dashboard, another tab): the list is read
      // again, and a webhook no longer in it is said to be gone, not failed to delete for good.
      if (error instanceof ApiError && error.kind === 'not_found') {
        const fresh = await list.refetch();
        if (fresh.data?.supported && !fresh.data.items.some((webhook) => webhook.id === id)) {
          setConfirming(null);
          headingRef.current?.focus();
          onDeleted?.(id);
          setStatus({ tone: 'success', text: 'The webhook was already deleted.' });
          return;
        }
      }
      setStatus({ tone: 'error', text: errorMessage(error) });
    },
  });

  let body;
  if (list.isPending) {
    body = <p role="status">Loading webhooks…</p>;
  } else if (list.isError) {
    body = (
      <LoadFailed onRetry={() => void list.refetch()}>Primer could not load the webhooks. {errorMessage(list.error)}</LoadFailed>
    );
  } else if (!list.data.supported) {
    body = (
      <p className="ui-message">
        This service does not let Primer list or delete webhooks — manage them in the service’s own dashboard.
      </p>
    );
  } else if (list.data.items.length === 0) {
    body = <p className="ui-hint">There are no webhooks yet.</p>;
  } else {
    const items = list.data.items;
    body = (
      <ul className="options-webhooks">
        {items.map((webhook, index) => (
          <WebhookItem
            key={webhook.id ?? `index-${index}`}
            webhook={webhook}
            // A second webhook for one address (the form allows it): its controls are told apart by ID.
            addressShared={webhook.url !== null && items.some((other) => other !== webhook && other.url === webhook.url)}
            confirming={webhook.id !== null && confirming === webhook.id}
            busy={remove.isPending}
            onAsk={() => {
              setStatus(null);
              setConfirming(webhook.id);
            }}
            onCancel={() => setConfirming(null)}
            onConfirm={() => webhook.id && remove.mutate(webhook.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="options-webhook-list">
      <h3 ref={headingRef} tabIndex={-1}>
        Existing webhooks
      </h3>
      {body}
      <LiveRegion tone={status?.tone}>{status ? <p>{status.text}</p> : null}</LiveRegion>
    </div>
  );
}

interface ItemProps {
  webhook: Webhook;
  /** Another webhook listed has the same address: named by the address alone, both would sound alike. */
  addressShared: boolean;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function WebhookItem({ webhook, addressShared, confirming, busy, onAsk, onCancel, onConfirm }: ItemProps) {
  const name = addressShared && webhook.id !== null ? `${webhook.url} (ID ${webhook.id})` : (webhook.url ?? webhook.id ?? 'this webhook');
  // Its events and ID are said with its Delete and its confirmation, not only shown above them.
  const detailsId = useId();
  // The confirm buttons go when the user answers (Cancel, or a delete the service refused): focus
  // goes back to this webhook's Delete instead of falling to the document.
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(confirming);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasConfirming.current && !confirming && lost) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return (
    <li className="options-webhook">
      <p className="options-webhook__url">
        <code>{webhook.url ?? '(no address given)'}</code>
        {webhook.active === false ? <span className="ui-lock"> paused</span> : webhook.failing ? <span className="ui-lock"> deliveries failing</span> : null}
      </p>
      <p id={detailsId} className="ui-hint">
        {webhook.events.length > 0 ? webhook.events.map(eventTitle).join(', ') : 'No events listed'}
        {webhook.id ? (
          <>
            {' · ID '}
            <code>{webhook.id}</code>
          </>
        ) : null}
      </p>
      {webhook.id === null ? null : confirming ? (
        <div
          className="options-confirm"
          role="group"
          aria-label={`Confirm deleting ${name}`}
          aria-describedby={detailsId}
          // Esc backs out as Cancel does (not while the delete is on its way, as Cancel is held then).
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || busy) return;
            event.preventDefault();
            onCancel();
          }}
        >
          <p>Delete the webhook for {name}? The service will stop sending events there.</p>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            Yes, delete
          </Button>
          <Button variant="secondary" onClick={busy ? undefined : onCancel} aria-disabled={busy || undefined} aria-keyshortcuts="Escape" autoFocus>
            Cancel
          </Button>
        </div>
      ) : (
        <Button ref={deleteRef} variant="danger" onClick={onAsk} aria-label={`Delete webhook ${name}`} aria-describedby={detailsId}>
          Delete
        </Button>
      )}
    </li>
  );
}
