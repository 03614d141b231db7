/**
 * A refusal said at the Webhook URL field is the typed address's only. Once the
 * user edits the address, the old refusal must not turn up (and be announced) in the form's status.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('does not announce the refusal of the previous address while a new one is typed', async () => {
  fakeBackground({
    'webhook.list': { supported: true, items: [] },
    'webhook.create': new ApiError('bad_request', 'url: must resolve to a public address', { status: 422 }),
  });
  const user = userEvent.setup();
  renderWithClient(<WebhookSection settings={settingsView()} />);
  await screen.findByText(/There are no webhooks yet|Existing webhooks/);
  const url = screen.getByLabelText('Webhook URL');
  await user.type(url, 'https://hooks.internal.example/primer');
  await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
  await user.click(screen.getByRole('button', { name: 'Create webhook' }));
  await waitFor(() => expect(url).toHaveAccessibleDescription(/must resolve to a public address/));
  // Focus is on the field: the user fixes the address.
  await user.clear(url);
  await user.type(url, 'https://hooks.example.com/primer');
  expect(url).not.toHaveAccessibleDescription(/must resolve to a public address/);
  for (const region of screen.getAllByRole('status')) expect(region).not.toHaveTextContent(/must resolve to a public address/);
});
