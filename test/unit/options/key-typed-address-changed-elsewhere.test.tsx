/**
 * A key typed for the address shown, while another options tab saves a different address (with
 * its own key): Save stops and says at the key field that the address changed elsewhere, instead
 * of sending the key typed for the first service to the second; a second Save, once the user has
 * seen it, goes ahead.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { settingsKey } from '@/components/options/queries';
import type { SettingsView } from '@/lib/messaging/protocol';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBackground, grantPermission, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function FormOfQuery({ initial }: { initial: SettingsView }) {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <ServiceSettingsForm settings={data} />;
}

it('does not save a key typed for one address with another address saved meanwhile in another tab', async () => {
  const user = userEvent.setup();
  grantPermission(true);
  const elsewhere = settingsView({ serviceUrl: 'https://other.example.net', apiKeyHint: 'wxyz' });
  fakeBackground({ 'settings.save': elsewhere, 'connection.test': { ok: true, serviceUrl: 'https://other.example.net', contactCount: 1 } });
  const first = settingsView();
  const { rerender, client } = renderWithClient(<FormOfQuery initial={first} />);
  expect(screen.getByLabelText('Service address')).toHaveValue('https://api.example.com');
  // The replacement key for https://api.example.com.
  await user.type(screen.getByLabelText('API key'), 'key-for-api-example-1234');
  // Another options tab saves another address and its key.
  client.setQueryData(settingsKey, elsewhere);
  rerender(
    <QueryClientProvider client={client}>
      <FormOfQuery initial={elsewhere} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(sent('settings.save')).not.toContainEqual({ serviceUrl: 'https://other.example.net', apiKey: 'key-for-api-example-1234' });
  const keyField = screen.getByLabelText('API key');
  expect(keyField).toHaveAccessibleDescription(expect.stringContaining('The service address was changed to https://other.example.net elsewhere while you typed this key: check it, then Save again.'));
  expect(keyField).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(sent('settings.save')).toContainEqual({ serviceUrl: 'https://other.example.net', apiKey: 'key-for-api-example-1234' });
});
