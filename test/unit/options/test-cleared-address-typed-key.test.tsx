/**
 * The user empties the Service address field (to enter another service's), pastes that service's
 * key, and presses Test connection before typing the new address. The typed key must not go to
 * the saved address, which the field no longer shows.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBackground, grantPermission, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('Test connection with the address field emptied', () => {
  it('does not send a newly typed key to the saved address the field no longer shows', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 3 } });
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: 'https://api.example.com' })} />);
    await user.clear(screen.getByLabelText('Service address'));
    await user.type(screen.getByLabelText('API key'), 'key-for-the-other-service');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    // Save refuses an empty address ("Enter the service address."); the test should too.
    expect(sent('connection.test')).toEqual([]);
    expect(screen.getByLabelText('Service address')).toHaveAccessibleDescription(/Enter the service address\./);
  });
});
