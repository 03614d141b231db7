/**
 * Esc answers the options page's two questions (Remove key?, Delete the webhook?) as Cancel does:
 * focus is on Cancel, and a keyboard user expects Esc to back out of an "are you sure". It did
 * nothing: the question stayed until Tab and Enter found Cancel.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsView } from '@/lib/messaging/protocol';
import type { Webhook } from '@/lib/models';
import { settingsKey } from '@/components/options/queries';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function FormOfQuery({ initial }: { initial: SettingsView }) {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <ServiceSettingsForm settings={data} />;
}

const hook: Webhook = {
  id: 'wh_1',
  url: 'https://hooks.example.com/primer',
  events: ['insights.generated'],
  secret: null,
  active: true,
  createdAt: null,
};

describe('Esc on a question of the options page', () => {
  it('cancels Remove key and puts focus back on Remove key', async () => {
    const user = userEvent.setup();
    fakeBackground({});
    renderWithClient(<FormOfQuery initial={settingsView()} />);
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-keyshortcuts', 'Escape');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Remove the API key' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove key' })).toHaveFocus();
    expect(sent('settings.save')).toEqual([]);
  });

  it('cancels a webhook’s Delete and puts focus back on its Delete', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'webhook.list': () => Promise.resolve({ supported: true, items: [hook] }) });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    await user.click(await screen.findByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-keyshortcuts', 'Escape');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Yes, delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/primer' })).toHaveFocus();
    expect(sent('webhook.delete')).toEqual([]);
  });
});
