/**
 * An administrator's service address may be written without https:// ("ci.example.com",
 * "localhost:8787": normaliseBaseUrl reads a bare host as https). The webhook form checks
 * addresses against the service as the background calls it, and never fails to draw over it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const byPolicy = (serviceUrl: string) =>
  settingsView({ serviceUrl, hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: null, locked: { serviceUrl: true, apiKey: true } });

describe('webhooks under an administrator’s address written without https://', () => {
  it('does not take the whole options page down when an address on this computer is typed', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<WebhookSection settings={byPolicy('ci.example.com')} />);
    await screen.findByText('There are no webhooks yet.');
    // Threw "Invalid URL" while rendering: React unmounted the page (no error boundary), leaving it blank.
    await user.type(screen.getByLabelText('Webhook URL'), 'http://localhost:3000/hook');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('http://localhost:3000/hook');
  });

  it('lets a service on this computer post to this computer', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': new Error('not under test') });
    renderWithClient(<WebhookSection settings={byPolicy('localhost:8787')} />);
    await screen.findByText('There are no webhooks yet.');
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'http://localhost:3000/hook');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    // Said "The service at  cannot reach this computer" (no host: new URL read "localhost:" as a scheme).
    expect(url).not.toHaveAttribute('aria-invalid');
    expect(sent('webhook.create')).toHaveLength(1);
  });
});
