/** The options page: service settings and connection test, where Primer works, then webhooks. */
import { Section } from '@/components/ui/Section';
import { errorMessage } from './error-message';
import { LoadFailed } from './LoadFailed';
import { useSettings } from './queries';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { ServiceSettingsForm } from './ServiceSettingsForm';
import { SitesSection } from './SitesSection';
import { WebhookSection } from './WebhookSection';
import '@/components/ui/theme.css';
import './options.css';

export function OptionsApp() {
  const settings = useSettings();

  let content;
  if (settings.isPending) {
    content = (
      <p role="status" className="options-loading">
        Loading settings…
      </p>
    );
  } else if (settings.isError) {
    content = (
      <LoadFailed onRetry={() => void settings.refetch()}>Primer could not load its settings. {errorMessage(settings.error)}</LoadFailed>
    );
  } else {
    content = (
      <>
        {/* Each apart: a bug in one (webhooks, say) leaves the others usable. */}
        <SectionErrorBoundary title="Service settings">
          <Section title="Service settings">
            <ServiceSettingsForm settings={settings.data} />
          </Section>
        </SectionErrorBoundary>
        <SectionErrorBoundary title="Where Primer works">
          <SitesSection />
        </SectionErrorBoundary>
        <SectionErrorBoundary title="Webhooks">
          <WebhookSection settings={settings.data} />
        </SectionErrorBoundary>
      </>
    );
  }

  return (
    <main className="options-page">
      <h1 tabIndex={-1}>Primer options</h1>
      <p className="ui-hint">
        Primer shows briefings on the people you meet. Connect it to your Conversation Intelligence Service here.
      </p>
      {content}
    </main>
  );
}
