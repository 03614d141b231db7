/** Webhooks need a saved address and key (the background calls the service with them). */
import { useState } from 'react';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import type { SettingsView } from '@/lib/messaging/protocol';
import type { Webhook } from '@/lib/models';
import { Section } from '@/components/ui/Section';
import { WebhookList } from './WebhookList';
import { WebhookSetup } from './WebhookSetup';
import { WebhookCreated } from './WebhookCreated';

export function WebhookSection({ settings }: { settings: SettingsView }) {
  const ready = settings.serviceUrl !== null && settings.hasApiKey;
  // The address the background calls: an administrator's policy may write it without https://
  // ("ci.example.com", "localhost:8787"), which the webhook form would misread.
  const service = settings.serviceUrl === null ? null : normaliseBaseUrl(settings.serviceUrl);
  // Every webhook created in this visit, newest first: a second create cleared the first one's
  // signing secret, which the service shows once and the page says it will not show again. Kept
  // here, they stay when the key is removed meanwhile (the form below goes; the secret must not).
  const [created, setCreated] = useState<Webhook[]>([]);
  // Those deleted from the list since: their secrets sign nothing any more (one deleted and made
  // again for the same address left two to copy, the dead one's as if it still signed the events).
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const shownOnce = created.map((webhook, index) => (
    // Index from the end: a newer one added at the top leaves the older ones' keys (and copy state) alone.
    <WebhookCreated key={created.length - index} webhook={webhook} deleted={webhook.id !== null && deleted.has(webhook.id)} />
  ));
  return (
    <Section title="Webhooks">
      <p className="ui-hint">
        The service can notify an address of yours when recordings are processed or insights change, instead of
        being asked over and over.
      </p>
      {ready ? (
        <>
          <WebhookSetup serviceUrl={service?.ok ? service.baseUrl : null} onCreated={(webhook) => setCreated((earlier) => [webhook, ...earlier])} />
          {shownOnce}
          <WebhookList onDeleted={(id) => setDeleted((earlier) => new Set(earlier).add(id))} />
        </>
      ) : (
        <>
          <p className="ui-message">
            Save a service address and an API key above first — webhooks are set up on the service with them.
          </p>
          {shownOnce}
          {/* Shown but unusable, so the user can see what is coming. */}
          <fieldset disabled className="options-fieldset options-fieldset--disabled">
            <legend className="ui-field__label">Create webhook</legend>
            <label>
              Webhook URL
              <input className="ui-input" type="url" value="" readOnly />
            </label>
          </fieldset>
        </>
      )}
    </Section>
  );
}
