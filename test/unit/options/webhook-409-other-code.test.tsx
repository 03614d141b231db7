/**
 * A 409 whose bare code names another state than a duplicate ({"error": "webhook_limit_reached"})
 * is not told as a webhook for this address existing already: its reason is said.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { WebhookSection } from '@/components/options/WebhookSection';
import { clientAnswering } from '../api/served-client';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('does not say a 409 "webhook_limit_reached" is a webhook for this address existing already', async () => {
  const refused = await clientAnswering(409, { error: 'webhook_limit_reached' })
    .createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] })
    .catch((error: unknown) => error);
  fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': refused as Error });
  const user = userEvent.setup();
  renderWithClient(<WebhookSection settings={settingsView()} />);
  await screen.findByText(/There are no webhooks yet|Existing webhooks/);
  await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
  await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
  await user.click(screen.getByRole('button', { name: 'Create webhook' }));
  await waitFor(() => expect(document.body.textContent).toMatch(/webhook limit reached|already has a webhook/i));
  expect(document.body.textContent).not.toMatch(/already has a webhook for this address/);
});
