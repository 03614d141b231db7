/**
 * A 409 whose body is a bare code ({"error": "already_exists"}) is said by the webhook form as a
 * webhook for this address existing already, as a 409 saying nothing of its own is.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { WebhookSection } from '@/components/options/WebhookSection';
import { clientAnswering } from '../api/served-client';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** Creates a webhook on a service answering 409 with `body`; returns the address field. */
async function createRefusedWith(body: unknown): Promise<HTMLElement> {
  const refused = await clientAnswering(409, body)
    .createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] })
    .catch((error: unknown) => error);
  fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': refused as Error });
  const user = userEvent.setup();
  renderWithClient(<WebhookSection settings={settingsView()} />);
  await screen.findByText(/There are no webhooks yet|Existing webhooks/);
  const url = screen.getByLabelText('Webhook URL');
  await user.type(url, 'https://hooks.example.com/primer');
  await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
  await user.click(screen.getByRole('button', { name: 'Create webhook' }));
  return url;
}

it('says a 409 answered with a bare code as a webhook for this address existing already', async () => {
  const url = await createRefusedWith({ error: 'already_exists' });
  await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
  expect(url).toHaveAccessibleDescription(/already has a webhook for this address/);
});

// A 409 whose bare code names another state than a duplicate: its reason is said.
it('does not say a 409 "webhook_limit_reached" is a webhook for this address existing already', async () => {
  await createRefusedWith({ error: 'webhook_limit_reached' });
  await waitFor(() => expect(document.body.textContent).toMatch(/webhook limit reached|already has a webhook/i));
  expect(document.body.textContent).not.toMatch(/already has a webhook for this address/);
});
