/**
 * A connection test's result speaks of the settings it tested. Editing the address or key takes it
 * away (ConnectionTest's reset: "it spoke of the address before it"), and so do saved settings
 * changing under it: Remove key (else "The API key was removed." stood right above "Connected — 12
 * contacts visible", though Primer now briefs no one) and another options tab's save. The test this
 * form's own Save starts of the settings it completed stays.
 */
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settingsKey } from '@/components/options/queries';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import type { SettingsView } from '@/lib/messaging/protocol';
import { fakeBackground, grantPermission, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function FormOfQuery({ initial }: { initial: SettingsView }) {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <ServiceSettingsForm settings={data} />;
}

it('does not go on saying “Connected” once the key it tested is removed', async () => {
  const user = userEvent.setup();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  grantPermission(true);
  fakeBackground({
    'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 12 },
    'settings.save': settingsView({ hasApiKey: false, apiKeyHint: null, apiKeyAddress: null }),
  });
  renderWithClient(<FormOfQuery initial={settingsView()} />);

  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('Connected — 12 contacts visible')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove key' }));
  await user.click(screen.getByRole('button', { name: 'Yes, remove key' }));
  expect(await screen.findByText('The API key was removed.')).toBeInTheDocument();

  expect(screen.queryByText('Connected — 12 contacts visible')).not.toBeInTheDocument();
});

it('does not go on saying “Connected” once another tab saved another address or key', async () => {
  const user = userEvent.setup();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  grantPermission(true);
  fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 12 } });
  const { client } = renderWithClient(<FormOfQuery initial={settingsView()} />);

  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('Connected — 12 contacts visible')).toBeInTheDocument();

  // Another options tab saves another key for the same address (this page hears it as new settings).
  await act(async () => {
    client.setQueryData(settingsKey, settingsView({ apiKeyHint: 'wxyz' }));
    await Promise.resolve();
  });
  await waitFor(() => expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('A key ending in …wxyz is saved.')));
  expect(screen.queryByText('Connected — 12 contacts visible')).not.toBeInTheDocument();
});

it('tests the settings its own Save completed, and keeps that result', async () => {
  const user = userEvent.setup();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  grantPermission(true);
  fakeBackground({
    'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 12 },
    'settings.save': settingsView({ apiKeyHint: 'wxyz' }),
  });
  renderWithClient(<FormOfQuery initial={settingsView()} />);
  await user.type(screen.getByLabelText('API key'), 'key-for-api-example-wxyz');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Connected — 12 contacts visible')).toBeInTheDocument();
});
