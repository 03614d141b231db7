/**
 * What the service returned for a new webhook; the signing secret is shown this one time, and no
 * more once the webhook is deleted (`deleted`): it signs nothing then.
 */
import type { Webhook } from '@/lib/models';
import { CopyField } from '@/components/ui/CopyField';
import { eventTitle } from './webhook-events';

export function WebhookCreated({ webhook, deleted = false }: { webhook: Webhook; deleted?: boolean }) {
  return (
    <div className="options-created">
      <h3>Webhook created</h3>
      <dl className="options-details">
        <dt>ID</dt>
        <dd>
          <code>{webhook.id ?? 'not given by the service'}</code>
        </dd>
        <dt>URL</dt>
        <dd>
          <code>{webhook.url ?? 'not given by the service'}</code>
        </dd>
        <dt>Events</dt>
        <dd>
          {webhook.events.length > 0 ? (
            <ul className="options-events">
              {webhook.events.map((kind) => (
                <li key={kind}>
                  {eventTitle(kind)} (<code>{kind}</code>)
                </li>
              ))}
            </ul>
          ) : (
            'not given by the service'
          )}
        </dd>
      </dl>
      {deleted ? (
        <p className="ui-hint">This webhook was deleted since: its signing secret signs nothing any more.</p>
      ) : webhook.secret ? (
        <CopyField
          label="Signing secret"
          about={webhook.url || webhook.id ? `for ${[webhook.url, webhook.id && `(${webhook.id})`].filter(Boolean).join(' ')}` : undefined}
          value={webhook.secret}
          secret
          hint="Copy this secret now — it will not be shown again. Your endpoint uses it to check that events come from the service."
        />
      ) : (
        <p className="ui-hint">The service did not return a signing secret for this webhook.</p>
      )}
    </div>
  );
}
