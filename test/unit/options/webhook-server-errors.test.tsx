/**
 * What the service says against the address of a new webhook (a 422 naming the url field, a 409
 * for a webhook it has already) is said at the Webhook URL field, which takes the focus, as the
 * page's own checks are; and an address listed with other spelling counts as listed.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

async function createFor(address: string) {
  const user = userEvent.setup();
  renderWithClient(<WebhookSection settings={settingsView()} />);
  await screen.findByText(/There are no webhooks yet|Existing webhooks/);
  const url = screen.getByLabelText('Webhook URL');
  await user.type(url, address);
  await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
  await user.click(screen.getByRole('button', { name: 'Create webhook' }));
  return { user, url };
}

describe('the service refusing a webhook’s address', () => {
  it('says a 422 about the url at the Webhook URL field, and focuses it', async () => {
    fakeBackground({
      'webhook.list': { supported: true, items: [] },
      // What http.ts makes of FastAPI's {detail: [{loc: ["body", "url"], msg: "…"}]} or Rails' {errors: {url: […]}}.
      'webhook.create': new ApiError('bad_request', 'url: must resolve to a public address', { status: 422 }),
    });
    const { url } = await createFor('https://hooks.internal.example/primer');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/must resolve to a public address/);
    expect(url).toHaveFocus();
  });

  it('says a bare 409 as a webhook for this address existing already, at the field', async () => {
    fakeBackground({
      'webhook.list': { supported: true, items: [] },
      // A 409 with no body: http.ts's default words for the kind.
      'webhook.create': new ApiError('conflict', 'The service refused this because of the item’s current state.', { status: 409 }),
    });
    const { url } = await createFor('https://hooks.example.com/primer');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/already has a webhook for this address/);
  });
});

describe('an address listed already', () => {
  it.each([
    ['without the trailing slash', 'https://hooks.example.com'],
    ['with capitals in the host', 'https://Hooks.Example.com/'],
  ])('is recognised when the service lists it %s', async (_how, listed) => {
    fakeBackground({
      'webhook.list': { supported: true, items: [{ id: 'wh_1', url: listed, events: ['insights.generated'], secret: null, active: true, createdAt: null }] },
      'webhook.create': new Error('not expected'),
    });
    const user = userEvent.setup();
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await screen.findByText('wh_1');
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'https://hooks.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    // Every event would reach the receiver twice.
    expect(url).toHaveAccessibleDescription(/A webhook for this address is listed below already/);
    expect(sent('webhook.create')).toHaveLength(0);
  });
});
