/**
 * A webhook the service says is failing (its deliveries error; Svix and Hookdeck say "failing",
 * others "degraded" or "unhealthy") is still on: the service keeps trying it. Listed as "paused",
 * the user took it for switched off and made a second one for the same address.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { toWebhook } from '@/lib/api/normalise';
import { WebhookList } from '@/components/options/WebhookList';
import { fakeBackground, renderWithClient } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('reads a failing status as failing deliveries, not as switched off', () => {
  for (const status of ['failing', 'Failing', 'degraded', 'unhealthy', 'erroring']) {
    expect(toWebhook({ id: 'w1', url: 'https://hooks.example.com/a', status }), status).toMatchObject({ active: null, failing: true });
  }
  expect(toWebhook({ id: 'w1', url: 'https://hooks.example.com/a', status: 'paused' })).toMatchObject({ active: false });
  expect(toWebhook({ id: 'w1', url: 'https://hooks.example.com/a', status: 'active' }).failing).toBeUndefined();
});

it('lists a failing webhook as failing, not paused', async () => {
  fakeBackground({
    'webhook.list': {
      supported: true,
      items: [
        { id: 'wh_1', url: 'https://hooks.example.com/a', events: ['insights.generated'], secret: null, active: null, failing: true, createdAt: null },
        { id: 'wh_2', url: 'https://hooks.example.com/b', events: ['insights.generated'], secret: null, active: false, createdAt: null },
      ],
    },
  });
  renderWithClient(<WebhookList />);
  const failing = (await screen.findByText('https://hooks.example.com/a')).closest('li')!;
  expect(failing).toHaveTextContent(/deliveries failing/);
  expect(failing).not.toHaveTextContent(/paused/);
  expect(screen.getByText('https://hooks.example.com/b').closest('li')).toHaveTextContent(/paused/);
});
