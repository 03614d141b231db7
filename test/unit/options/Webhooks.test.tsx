import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Webhook } from '@/lib/models';
import { WebhookSection } from '@/components/options/WebhookSection';
import { eventTitle } from '@/components/options/webhook-events';
import { fakeBackground, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'wh_1',
    url: 'https://hooks.example.com/primer',
    events: ['recording.processing.completed', 'insights.generated'],
    secret: null,
    active: true,
    createdAt: null,
    ...overrides,
  };
}

describe('WebhookSection', () => {
  it('is disabled with an explanation until an address and key are saved', () => {
    fakeBackground({});
    renderWithClient(<WebhookSection settings={settingsView({ hasApiKey: false, apiKeyHint: null })} />);
    expect(screen.getByText(/Save a service address and an API key above first/)).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create webhook' })).not.toBeInTheDocument();
    expect(sent('webhook.list')).toHaveLength(0);
  });

  it('checks the address and the events before creating', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] } });
    // A service on this computer (development): plain http to this computer reaches it.
    renderWithClient(<WebhookSection settings={settingsView({ serviceUrl: 'http://127.0.0.1:8787' })} />);
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'http://hooks.example.com/primer');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/must start with https:\/\//);
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:9000/hook');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(url).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Choose at least one event.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Events to send' })).toHaveAccessibleDescription(
      'Choose at least one event.',
    );
    expect(sent('webhook.create')).toHaveLength(0);
  });

  it('refuses an address on this computer for a service elsewhere (it would post to its own machine)', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'http://localhost:3000/hook');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(url).toHaveAccessibleDescription(/The service at api\.example\.com cannot reach this computer/);
    expect(sent('webhook.create')).toHaveLength(0);
  });

  it('says an address listed already before creating a second webhook for it, and creates it when asked again', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [webhook({ id: 'wh_1', url: 'https://hooks.example.com/x' })] }, 'webhook.create': webhook({ id: 'wh_2', url: 'https://hooks.example.com/x' }) });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await screen.findByText('wh_1');
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'https://hooks.example.com/x');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(url).toHaveAccessibleDescription(/A webhook for this address is listed below already/);
    expect(url).toHaveFocus();
    expect(sent('webhook.create')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(sent('webhook.create')).toHaveLength(1));
  });

  it('describes each event kind in plain words', () => {
    fakeBackground({ 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    expect(screen.getByRole('checkbox', { name: 'Transcript ready' })).toHaveAccessibleDescription(
      /transcript is ready/,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  });

  it('keeps Create webhook focusable while it creates, and creates once', async () => {
    // A disabled button loses focus in Chromium: focus fell to the document while creating.
    const user = userEvent.setup();
    let answer: (created: ReturnType<typeof webhook>) => void = () => undefined;
    fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': () => new Promise((resolve) => (answer = resolve)) });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/new');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    const creating = await screen.findByRole('button', { name: 'Creating…' });
    expect(creating).not.toBeDisabled();
    expect(creating).toHaveAttribute('aria-disabled', 'true');
    expect(creating).toHaveFocus();
    await user.click(creating);
    expect(sent('webhook.create')).toHaveLength(1);
    answer(webhook({ id: 'wh_new', url: 'https://hooks.example.com/new' }));
    expect(await screen.findByRole('heading', { name: 'Webhook created' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create webhook' })).toHaveFocus();
  });

  it('creates a webhook and shows its secret once with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created = webhook({ id: 'wh_new', url: 'https://hooks.example.com/new', secret: 'whsec_abc123' });
    fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': created });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/new');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('checkbox', { name: 'Transcript ready' }));
    await user.type(screen.getByLabelText('Description (optional)'), 'CRM sync');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));

    expect(await screen.findByRole('heading', { name: 'Webhook created' })).toBeInTheDocument();
    expect(sent('webhook.create')).toEqual([
      {
        url: 'https://hooks.example.com/new',
        events: ['recording.processing.completed', 'insights.generated'],
        description: 'CRM sync',
      },
    ]);
    expect(screen.getByText('wh_new')).toBeInTheDocument();
    const secret = screen.getByLabelText('Signing secret');
    expect(secret).toHaveValue('whsec_abc123');
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveAccessibleDescription(/Copy this secret now — it will not be shown again/);
    expect(secret).toHaveAccessibleName('Signing secret for https://hooks.example.com/new (wh_new)');
    await user.click(screen.getByRole('button', { name: 'Copy signing secret for https://hooks.example.com/new (wh_new)' }));
    expect(writeText).toHaveBeenCalledWith('whsec_abc123');
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    // The form is cleared for the next one, and the list is asked again.
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');
    await waitFor(() => expect(sent('webhook.list').length).toBeGreaterThanOrEqual(2));
  });

  it('keeps every signing secret created in this visit on screen, out of the page’s markup', async () => {
    const user = userEvent.setup();
    let made = 0;
    fakeBackground({
      'webhook.list': { supported: true, items: [] },
      'webhook.create': () => {
        made += 1;
        return Promise.resolve(webhook({ id: `wh_${made}`, secret: `whsec_secret_${made}` }));
      },
    });
    const { container } = renderWithClient(<WebhookSection settings={settingsView()} />);
    for (const name of ['New insights', 'Contact changed']) {
      await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
      await user.click(screen.getByRole('checkbox', { name }));
      await user.click(screen.getByRole('button', { name: 'Create webhook' }));
      await waitFor(() => expect(screen.getByLabelText('Webhook URL')).toHaveValue(''));
    }
    // The first secret, which the service shows once, is still there after the second create.
    expect(screen.getAllByLabelText('Signing secret').map((field) => (field as HTMLInputElement).value)).toEqual(['whsec_secret_2', 'whsec_secret_1']);
    expect(container.innerHTML).not.toContain('whsec_secret');
    // Each named apart, field and button: two of "Signing secret" and "Copy" left a screen reader guessing.
    expect(screen.getAllByRole('button', { name: /^Copy/ }).map((button) => button.textContent)).toEqual([
      'Copy signing secret for https://hooks.example.com/primer (wh_2)',
      'Copy signing secret for https://hooks.example.com/primer (wh_1)',
    ]);
  });

  it('keeps a signing secret on screen when the key is removed meanwhile (the form goes; the secret is shown only once)', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': webhook({ id: 'wh_1', secret: 'whsec_once' }) });
    const { rerender, client } = renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/x');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveValue('whsec_once');
    rerender(
      <QueryClientProvider client={client}>
        <WebhookSection settings={settingsView({ hasApiKey: false, apiKeyHint: null })} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/Save a service address and an API key above first/)).toBeInTheDocument();
    expect(screen.getByLabelText('Signing secret')).toHaveValue('whsec_once');
  });

  it('no longer offers the signing secret of a webhook created in this visit once it is deleted from the list', async () => {
    // Deleted to change its events, then made again for the same address: two "Copy this secret
    // now" boxes for one address, the dead one's secret offered as if it still signed the events.
    const user = userEvent.setup();
    let items: Webhook[] = [];
    let made = 0;
    fakeBackground({
      'webhook.list': () => Promise.resolve({ supported: true, items }),
      'webhook.create': ({ url, events }) => {
        made += 1;
        const created = webhook({ id: `wh_${made}`, url, events, secret: `whsec_${made}` });
        items = [...items, { ...created, secret: null }];
        return Promise.resolve(created);
      },
      'webhook.delete': ({ id }) => {
        items = items.filter((item) => item.id !== id);
        return Promise.resolve({ deleted: true });
      },
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
    await user.click(screen.getByRole('checkbox', { name: 'New insights' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveValue('whsec_1');

    await user.click(await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The webhook was deleted.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    expect(screen.queryByText(/Copy this secret now/)).not.toBeInTheDocument();
    expect(screen.getByText(/This webhook was deleted since: its signing secret signs nothing/)).toBeInTheDocument();

    // Made again: only the new one's secret is offered.
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
    await user.click(screen.getByRole('checkbox', { name: 'Contact changed' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Webhook created' })).toHaveLength(2));
    expect(screen.getAllByLabelText(/^Signing secret/).map((field) => (field as HTMLInputElement).value)).toEqual(['whsec_2']);
  });

  it('names an event kind it does not know as the service sent it, whatever its name', () => {
    for (const kind of ['constructor', 'toString', '__proto__', 'deal.won']) expect(eventTitle(kind)).toBe(kind);
  });

  it('says when the service returned no secret', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [] }, 'webhook.create': webhook() });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
    await user.click(screen.getByRole('checkbox', { name: 'Contact changed' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText(/did not return a signing secret/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('shows a readable error when creating fails', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'webhook.list': { supported: true, items: [] },
      'webhook.create': new ApiError('bad_request', 'The url must be reachable.'),
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/primer');
    await user.click(screen.getByRole('checkbox', { name: 'Processing started' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('The url must be reachable.')).toBeInTheDocument();
  });

  it('explains when the service does not let Primer list webhooks', async () => {
    fakeBackground({ 'webhook.list': { supported: false, items: [] } });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    expect(
      await screen.findByText(
        'This service does not let Primer list or delete webhooks — manage them in the service’s own dashboard.',
      ),
    ).toBeInTheDocument();
  });

  it('lists webhooks as text and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    let items = [webhook(), webhook({ id: 'wh_2', url: 'https://other.example.com/<b>x</b>', events: ['x.custom'] })];
    fakeBackground({
      'webhook.list': () => Promise.resolve({ supported: true, items }),
      'webhook.delete': ({ id }) => {
        items = items.filter((item) => item.id !== id);
        return Promise.resolve({ deleted: true });
      },
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    expect(await screen.findByText('https://hooks.example.com/primer')).toBeInTheDocument();
    expect(screen.getByText('Transcript ready, New insights · ID')).toBeInTheDocument();
    // Server text is text: markup in it is not interpreted.
    expect(screen.getByText('https://other.example.com/<b>x</b>')).toBeInTheDocument();
    expect(document.querySelector('.options-webhooks b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' }));
    expect(screen.getByText(/Delete the webhook for https:\/\/hooks.example.com\/primer\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent('webhook.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The webhook was deleted.')).toBeInTheDocument();
    expect(sent('webhook.delete')).toEqual([{ id: 'wh_1' }]);
    await waitFor(() => expect(screen.queryByText('https://hooks.example.com/primer')).not.toBeInTheDocument());
    expect(screen.getByText('https://other.example.com/<b>x</b>')).toBeInTheDocument();
  });

  it('keeps focus off the document when a delete is confirmed, cancelled or refused', async () => {
    const user = userEvent.setup();
    let items = [webhook(), webhook({ id: 'wh_2', url: 'https://other.example.com/hook' })];
    let refuse = false;
    fakeBackground({
      'webhook.list': () => Promise.resolve({ supported: true, items }),
      'webhook.delete': ({ id }) => {
        if (refuse) return Promise.resolve({ deleted: false });
        items = items.filter((item) => item.id !== id);
        return Promise.resolve({ deleted: true });
      },
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    const first = await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' });
    // Cancel: back on the Delete it came from.
    await user.click(first);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' })).toHaveFocus();
    // Refused by the service: the webhook stays, and so does focus on its Delete.
    refuse = true;
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('This service does not delete webhooks from Primer: delete it in the service’s own dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' })).toHaveFocus();
    // Deleted: its row goes, focus lands on the list's heading.
    refuse = false;
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The webhook was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('https://hooks.example.com/primer')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Existing webhooks' })).toHaveFocus();
  });

  it('says a webhook deleted elsewhere meanwhile is gone, and takes it off the list', async () => {
    const user = userEvent.setup();
    let items = [webhook(), webhook({ id: 'wh_2', url: 'https://other.example.com/hook' })];
    fakeBackground({
      'webhook.list': () => Promise.resolve({ supported: true, items }),
      'webhook.delete': () => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })),
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.click(await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' }));
    // Deleted in the service's dashboard while the confirmation was open.
    items = items.filter((item) => item.id !== 'wh_1');
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The webhook was already deleted.')).toBeInTheDocument();
    expect(screen.queryByText('https://hooks.example.com/primer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, delete' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Existing webhooks' })).toHaveFocus();
  });

  it('says the 404 of a delete when the webhook is still listed', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'webhook.list': { supported: true, items: [webhook()] },
      'webhook.delete': () => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })),
    });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.click(await screen.findByRole('button', { name: /^Delete webhook/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(/The service does not have this item/)).toBeInTheDocument();
    expect(screen.getByText('https://hooks.example.com/primer')).toBeInTheDocument();
  });

  it('says when the service did not delete', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': { supported: true, items: [webhook()] }, 'webhook.delete': { deleted: false } });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.click(await screen.findByRole('button', { name: /^Delete webhook/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('This service does not delete webhooks from Primer: delete it in the service’s own dashboard.')).toBeInTheDocument();
  });

  it('shows a list error with a hint to check the key when unauthorized', async () => {
    fakeBackground({ 'webhook.list': new ApiError('unauthorized', 'The service did not accept the API key.') });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Primer could not load the webhooks. The service did not accept the API key. Check the API key',
    );
  });

  it('says when there are no webhooks yet', async () => {
    fakeBackground({ 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    expect(await screen.findByText('There are no webhooks yet.')).toBeInTheDocument();
  });
});
