/**
 * A creation whose outcome is unknown (no answer in time, the connection dropped, a 5xx after the
 * service may have stored it): the webhook may exist. The list is what lets the page warn before a
 * second one for the same address; it must be read again, or the next Create adds a duplicate.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const ADDRESS = 'https://hooks.example.com/primer';

describe('a Create webhook that timed out', () => {
  it('reads the list again, so pressing Create again warns of the webhook that was made after all', async () => {
    const user = userEvent.setup();
    let created = false;
    fakeBackground({
      'webhook.list': () =>
        Promise.resolve({
          supported: true,
          items: created ? [{ id: 'wh_9', url: ADDRESS, events: ['insights.generated'], secret: null, active: true, createdAt: null }] : [],
        }),
      // The service stored it, but its answer came too late.
      'webhook.create': () => {
        created = true;
        return Promise.reject(new ApiError('timeout', 'The service did not answer in time.'));
      },
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await screen.findByText('There are no webhooks yet.');
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, ADDRESS);
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    await screen.findByText(/did not answer in time\. The webhook may have been created all the same: check the list below before trying again\./);
    // The list still said "There are no webhooks yet." (never asked again).
    await waitFor(() => expect(sent('webhook.list').length).toBeGreaterThan(1));
    await screen.findByText('wh_9');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    // A second webhook for the same address: every event reached the receiver twice.
    expect(sent('webhook.create')).toHaveLength(1);
    expect(url).toHaveAccessibleDescription(/A webhook for this address is listed below already/);
  });
});
