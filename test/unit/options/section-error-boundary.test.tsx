/**
 * A bug while drawing one part of the options page leaves the rest of it: the part that failed
 * says so (never what the error said), with a way to reload, and the service settings stay usable.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/components/options/WebhookSection', () => ({
  WebhookSection: (): never => {
    throw new Error('Invalid URL: service text that must not be shown');
  },
}));

describe('a part of the options page that fails to draw', () => {
  it('says so in its place, and the rest of the page stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    Object.defineProperty(globalThis, 'location', { value: { ...globalThis.location, reload }, configurable: true });
    fakeBackground({ 'settings.get': settingsView() });
    renderWithClient(<OptionsApp />);
    expect(await screen.findByRole('region', { name: 'Service settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service address')).toHaveValue('https://api.example.com');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Webhooks: something went wrong while showing this part of the page.');
    expect(alert).not.toHaveTextContent('service text');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalled();
  });
});
