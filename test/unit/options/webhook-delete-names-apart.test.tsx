/**
 * The form lets the user create a second webhook for an address already listed ("choose Create
 * webhook again to add another anyway"), so the list can hold two webhooks with one address. Their
 * Delete buttons are named by the address alone: a screen-reader user going through the buttons
 * hears "Delete webhook https://hooks.example.com/primer" twice and cannot tell which one deletes
 * the webhook for which events (the ID and events are shown, but not tied to the button).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { Webhook } from '@/lib/models';
import { WebhookList } from '@/components/options/WebhookList';
import { fakeBackground, renderWithClient } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const webhook = (id: string, events: string[]): Webhook => ({ id, url: 'https://hooks.example.com/primer', events, secret: null, active: true, createdAt: null });

it('names each Delete (and each confirmation) so that two webhooks for one address can be told apart', async () => {
  fakeBackground({
    'webhook.list': { supported: true, items: [webhook('wh_1', ['recording.processing.completed']), webhook('wh_2', ['insights.generated'])] },
  });
  renderWithClient(<WebhookList />);
  await screen.findByText('wh_2');
  const deletes = screen.getAllByRole('button', { name: /^Delete/ });
  expect(deletes).toHaveLength(2);
  // What a screen reader says on each button: its name, then its description.
  const said = deletes.map((button) => `${button.getAttribute('aria-label') ?? button.textContent} / ${button.getAttribute('aria-describedby') ?? ''}`);
  const heard = deletes.map((button) => {
    const description = (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return `${button.getAttribute('aria-label') ?? button.textContent} ${description}`.trim();
  });
  expect(new Set(heard).size, `the buttons say: ${JSON.stringify(said)}`).toBe(2);

  await userEvent.click(deletes[1]!);
  // The confirmation names the webhook the same way: "Confirm deleting https://…" for either.
  expect(screen.getByRole('group', { name: /Confirm deleting/ })).toHaveAccessibleName(/wh_2|New insights/);
});
