/** Webhooks need a saved address and key (the background calls the service with them). */
import type { SettingsView } from '@/lib/messaging/protocol';
import { Section } from '@/components/ui/Section';
import { WebhookList } from './WebhookList';
import { WebhookSetup } from './WebhookSetup';

export function WebhookSection({ settings }: { settings: SettingsView }) {
  const ready = settings.serviceUrl !== null && settings.hasApiKey;
  return (
    <Section title="Webhooks">
      <p className="ui-hint">
        The service can notify an address of yours when recordings are processed or insights change, instead of
        being asked over and over.
      </p>
      {ready ? (
        <>
          <WebhookSetup />
          <WebhookList />
        </>
      ) : (
        <>
          <p className="ui-message">
            Save a service address and an API key above first — webhooks are set up on the service with them.
          </p>
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
