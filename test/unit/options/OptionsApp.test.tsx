import { act, screen, waitFor } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { OptionsApp } from '@/components/options/OptionsApp';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('OptionsApp', () => {
  it('says it is loading while the background answers', () => {
    fakeBackground({ 'settings.get': () => new Promise(() => {}) });
    renderWithClient(<OptionsApp />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings…');
  });

  it('shows a readable error when the settings cannot be loaded', async () => {
    fakeBackground({ 'settings.get': new ApiError('network', 'Primer’s background service is not available.') });
    renderWithClient(<OptionsApp />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primer could not load its settings. Primer’s background service is not available.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows both sections once settings are loaded', async () => {
    fakeBackground({ 'settings.get': settingsView(), 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<OptionsApp />);
    expect(await screen.findByRole('region', { name: 'Service settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service address')).toHaveValue('https://api.example.com');
  });

  it('follows the settings as they change elsewhere (another options tab, an administrator)', async () => {
    let view = settingsView();
    fakeBackground({ 'settings.get': () => Promise.resolve(view), 'webhook.list': { supported: true, items: [] } });
    // A key is stored (sealed: its shape is the background's business).
    await fakeBrowser.storage.local.set({ apiKeySealed: 'sealed key' });
    renderWithClient(<OptionsApp />);
    expect(await screen.findByRole('button', { name: 'Remove key' })).toBeInTheDocument();
    // The key removed in another tab: the stored settings change.
    view = settingsView({ hasApiKey: false, apiKeyHint: null });
    await act(() => fakeBrowser.storage.local.set({ apiKeySealed: null }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull());
  });

  it('survives a thrown non-ApiError without crashing', async () => {
    fakeBackground({ 'settings.get': new TypeError('boom') });
    renderWithClient(<OptionsApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong inside Primer.');
  });
});
