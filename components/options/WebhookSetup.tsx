/** The "create webhook" form: endpoint address, the events to send, an optional description. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, defaultMessage } from '@/lib/api/errors';
import { codeAsWords } from '@/lib/format/text';
import { sameWebhookAddress, validateWebhookFor } from '@/lib/api/webhook-url';
import { sendRequest } from '@/lib/messaging/send';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@/lib/models';
import { Button } from '@/components/ui/Button';
import { LiveRegion } from '@/components/ui/Message';
import { TextField } from '@/components/ui/TextField';
import { useRefusalSaid } from '@/components/ui/useRefusalSaid';
import { errorMessage } from './error-message';
import { webhooksKey } from './queries';
import { WEBHOOK_EVENT_TEXT } from './webhook-events';

/** What the service said against the address (a 422 naming it, a 409 for one it has): said at the field. */
function addressRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === 'conflict') {
    if (error.message !== defaultMessage('conflict')) return error.message;
    // Only a code said: a duplicate's ("already_exists"), or another state's ("webhook_limit_reached").
    return error.code === null || /exist|duplicate|taken|conflict/i.test(error.code) ? 'The service already has a webhook for this address.' : `The service refused it: ${codeAsWords(error.code)}.`;
  }
  return error.kind === 'bad_request' && /\b(url|endpoint|address|target_url|callback_url)\b/i.test(error.message) ? error.message : null;
}

const DUPLICATE_WARNING = 'A webhook for this address is listed below already (every event would be sent twice): choose Create webhook again to add another anyway.';
const NO_EVENTS = 'Choose at least one event.';

/**
 * A failure after which the service may hold the webhook all the same: its answer lost (no answer
 * in time, the connection dropped) or a server error after it was stored.
 */
function mayHaveBeenCreated(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'server');
}

export function WebhookSetup({ onCreated, serviceUrl }: { onCreated: (webhook: Webhook) => void; serviceUrl: string | null }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const firstEventRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEvent>>(new Set());
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  /** The service's refusal of the address typed, while it is still the one typed. */
  const [refused, setRefused] = useState<{ url: string; text: string } | null>(null);
  // Enter in the refused field itself: focusing it again would read nothing.
  const { pointAt, region: refusalSaid } = useRefusalSaid();

  const create = useMutation({
    mutationFn: (payload: { url: string; events: WebhookEvent[]; description?: string }) =>
      sendRequest('webhook.create', payload),
    // Failed too: one made before the answer was lost is listed, and Create again warns of it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
    onSuccess: (webhook) => {
      onCreated(webhook);
      setUrl('');
      setEvents(new Set());
      setDescription('');
      setSubmitted(false);
    },
  });

  /** The address Create was pressed for while the list below holds it already (pressed again, it is created). */
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const urlCheck = validateWebhookFor(url, serviceUrl);
  const listed = queryClient.getQueryData<{ supported: boolean; items: Webhook[] }>(webhooksKey);
  const duplicate = urlCheck.ok && (listed?.items ?? []).some((webhook) => sameWebhookAddress(webhook.url, urlCheck.url));
  const refusal = refused !== null && refused.url === url ? refused.text : null;
  const urlError =
    submitted && !urlCheck.ok
      ? urlCheck.message
      : (refusal ?? (duplicate && warnedFor === url ? DUPLICATE_WARNING : null));
  const eventsError = submitted && events.size === 0 ? NO_EVENTS : null;
  const eventsErrorId = `${ids}-events-error`;

  function toggle(kind: WebhookEvent, on: boolean) {
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    if (!urlCheck.ok) {
      pointAt(urlRef.current, urlCheck.message);
      return;
    }
    if (events.size === 0) {
      pointAt(firstEventRef.current, NO_EVENTS);
      return;
    }
    if (duplicate && warnedFor !== url) {
      setWarnedFor(url);
      pointAt(urlRef.current, DUPLICATE_WARNING);
      return;
    }
    const text = description.trim();
    const typed = url;
    setRefused(null);
    create.mutate(
      {
        url: urlCheck.url,
        // Keep the service's documented order, whatever order the boxes were ticked in.
        events: WEBHOOK_EVENTS.filter((kind) => events.has(kind)),
        ...(text ? { description: text } : {}),
      },
      {
        onError: (error) => {
          const said = addressRefusal(error);
          if (said === null) return;
          setRefused({ url: typed, text: said });
          pointAt(urlRef.current, said);
        },
      },
    );
  }

  return (
    <>
      <form className="options-form" noValidate onSubmit={handleSubmit}>
        <TextField
          ref={urlRef}
          label="Webhook URL"
          type="url"
          inputMode="url"
          value={url}
          onValueChange={setUrl}
          placeholder="https://hooks.example.com/primer"
          autoComplete="off"
          spellCheck={false}
          error={urlError}
          hint="The address that should receive the events. It must start with https:// (http is allowed for localhost)."
        />
        <fieldset className="options-fieldset" aria-describedby={eventsError ? eventsErrorId : undefined}>
          <legend className="ui-field__label">Events to send</legend>
          {WEBHOOK_EVENTS.map((kind, index) => {
            const descriptionId = `${ids}-${index}-description`;
            return (
              <div className="options-check" key={kind}>
                <input
                  ref={index === 0 ? firstEventRef : undefined}
                  type="checkbox"
                  id={`${ids}-${index}`}
                  checked={events.has(kind)}
                  onChange={(change) => toggle(kind, change.target.checked)}
                  aria-describedby={descriptionId}
                  aria-invalid={eventsError ? true : undefined}
                />
                <label htmlFor={`${ids}-${index}`}>{WEBHOOK_EVENT_TEXT[kind].title}</label>
                <p id={descriptionId} className="ui-hint">
                  {WEBHOOK_EVENT_TEXT[kind].description} <code className="options-event-name">{kind}</code>
                </p>
              </div>
            );
          })}
          {eventsError ? (
            <p id={eventsErrorId} className="ui-error">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Description (optional)"
          value={description}
          onValueChange={setDescription}
          maxLength={200}
          autoComplete="off"
        />
        <div className="options-actions">
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create webhook'}
          </Button>
        </div>
        <LiveRegion tone={create.isError ? 'error' : 'success'}>
          {create.isError && addressRefusal(create.error) === null ? (
            <p>
              {errorMessage(create.error)}
              {mayHaveBeenCreated(create.error) ? ` The webhook may have been created all the same: ${listed?.supported === false ? 'check the service’s own dashboard' : 'check the list below'} before trying again.` : null}
            </p>
          ) : null}
          {create.isSuccess ? <p>The webhook was created. Its details are below.</p> : null}
        </LiveRegion>
        {refusalSaid}
      </form>
    </>
  );
}
