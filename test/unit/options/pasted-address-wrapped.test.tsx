/**
 * The service address copied from where it is written down (a JSON or .env config "https://…", a
 * Markdown note `https://…`, a chat message “https://…”, a sentence "… at https://…, with the key
 * …") is read as the address, or refused at its field: what wrapped it never becomes part of a
 * host that cannot exist (`"https`, `xn--https-hw3b`, `api.example.com,`) that Save asks access to.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBackground, grantPermission, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('an address pasted with what wrapped it', () => {
  it.each([
    '"https://api.example.com"',
    '`https://api.example.com`',
    '“https://api.example.com”',
    '(https://api.example.com)',
    'https://api.example.com,',
    '"api.example.com"',
  ])('%s is the address, or is refused — never a host that cannot exist', (pasted) => {
    const result = normaliseBaseUrl(pasted);
    if (result.ok) expect(result.baseUrl).toBe('https://api.example.com');
    else expect(result.message).toBeTruthy();
  });

  beforeEach(() => {
    fakeBackground({ 'settings.save': settingsView() });
  });

  it('Save does not ask the browser for access to a host named `"https`', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null })} />);
    await user.click(screen.getByLabelText('Service address'));
    await user.paste('"https://api.example.com"');
    await user.click(screen.getByLabelText('API key'));
    await user.paste('sk_live_1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const asked = request.mock.calls.map(([permissions]) => permissions.origins?.[0]);
    expect(asked.filter((origin) => origin !== 'https://api.example.com/*')).toEqual([]);
  });
});
