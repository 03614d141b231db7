/**
 * "Connected" said by a test stayed on the page after access to the service's host was taken away
 * on chrome://extensions, under the note that now says Primer may not contact it: two answers, and
 * the one in green was no longer true.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBackground, grantPermission, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const removed = () => fakeBrowser.permissions.onRemoved as unknown as { fire: (permissions: { origins?: string[] }) => void };

describe('A connection test’s result when access is taken away', () => {
  it('goes once access to the tested host is taken away, and stays for another host', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    fakeBrowser.permissions.contains = vi.fn(() => Promise.resolve(true));
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 4 } });
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected — 4 contacts visible')).toBeVisible();

    act(() => removed().fire({ origins: ['https://elsewhere.example.net/*'] }));
    expect(screen.getByText('Connected — 4 contacts visible')).toBeVisible();

    act(() => removed().fire({ origins: ['https://api.example.com/*'] }));
    expect(screen.queryByText('Connected — 4 contacts visible')).toBeNull();
  });
});
