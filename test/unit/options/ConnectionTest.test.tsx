import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { sendRequest } from '@/lib/messaging/send';
import { CONNECTION_FAILURES, type ConnectionResult } from '@/lib/messaging/protocol';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { CONNECTION_FAILURE_TEXT } from '@/components/options/connection-messages';
import { fakeBackground, grantPermission, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

async function runTest(result: ConnectionResult | Error, settings = settingsView()) {
  const user = userEvent.setup();
  fakeBackground({ 'connection.test': result });
  renderWithClient(<ServiceSettingsForm settings={settings} />);
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  return user;
}

/** The status region that belongs to the connection test (the form has its own for saving). */
async function connectionStatus(text: string | RegExp) {
  const node = await screen.findByText(text);
  const region = node.closest('[role="status"]');
  expect(region).not.toBeNull();
  return region as HTMLElement;
}

describe('ConnectionTest', () => {
  it('reports a working connection with the number of contacts', async () => {
    await runTest({ ok: true, serviceUrl: 'https://api.example.com', contactCount: 42 });
    await connectionStatus('Connected — 42 contacts visible');
  });

  it('says "Connected" when the service does not tell how many contacts there are', async () => {
    await runTest({ ok: true, serviceUrl: 'https://api.example.com', contactCount: null });
    await connectionStatus('Connected');
  });

  it('uses the singular for one contact', async () => {
    await runTest({ ok: true, serviceUrl: 'https://api.example.com', contactCount: 1 });
    await connectionStatus('Connected — 1 contact visible');
  });

  it.each(CONNECTION_FAILURES.filter((reason) => reason !== 'no_permission'))(
    'explains the failure "%s"',
    async (reason) => {
      await runTest({ ok: false, reason, message: `Detail from the background about ${reason}.` });
      const region = await connectionStatus(CONNECTION_FAILURE_TEXT[reason]);
      // The background's own detail is shown too, as plain text.
      expect(region).toHaveTextContent(`Detail from the background about ${reason}.`);
      expect(screen.queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
    },
  );

  it('has the exact wording for a refused key and a wrong address', () => {
    expect(CONNECTION_FAILURE_TEXT.bad_key).toBe('The service did not accept this API key');
    expect(CONNECTION_FAILURE_TEXT.not_service).toBe(
      'This address answers, but it is not the Conversation Intelligence Service',
    );
  });

  it('tests the typed, unsaved values', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://other.example.net', contactCount: 3 } });
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'https://other.example.net/');
    await user.type(screen.getByLabelText('API key'), 'typed-key');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const region = await connectionStatus('Connected — 3 contacts visible');
    expect(sent('connection.test')).toEqual([{ serviceUrl: 'https://other.example.net', apiKey: 'typed-key' }]);
    // "Connected" is no save: the tab was closed with nothing saved, and the sites stayed blank.
    expect(region).toHaveTextContent('These values are not saved yet: choose Save to use them.');
  });

  it('says nothing of saving when the saved values were tested', async () => {
    await runTest({ ok: true, serviceUrl: 'https://api.example.com', contactCount: 42 });
    const region = await connectionStatus('Connected — 42 contacts visible');
    expect(region).not.toHaveTextContent(/not saved/);
  });

  it('asks for access to the typed address in the Test click itself, before testing', async () => {
    // A new user's first step: address and key typed, not saved yet, access never granted.
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://new.example.net', contactCount: 5 } });
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null })} />);
    await user.type(screen.getByLabelText('Service address'), 'new.example.net');
    await user.type(screen.getByLabelText('API key'), 'typed-key');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://new.example.net/*'] });
    await connectionStatus('Connected — 5 contacts visible');
    expect(request.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(sendRequest).mock.invocationCallOrder.at(-1)!);
    expect(screen.queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
  });

  it('on a first setup, asks for the key at its field before testing an address typed alone: no permission prompt for a test that cannot run', async () => {
    // A new user typed the address and pressed Test connection: the browser asked for access to
    // the host, and only then did the page say, under the button, that the key was missing.
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({});
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null })} />);
    await user.type(screen.getByLabelText('Service address'), 'new.example.net');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(request).not.toHaveBeenCalled();
    expect(sent('connection.test')).toHaveLength(0);
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription(/Enter the API key for https:\/\/new\.example\.net/);
    expect(key).toHaveFocus();
  });

  it('does not test a new address with the saved key: asks for the key typed for it', async () => {
    const user = userEvent.setup();
    fakeBackground({});
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'https://other.example.net');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(sent('connection.test')).toHaveLength(0);
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription(/Enter the API key for https:\/\/other\.example\.net/);
    expect(key).toHaveFocus();
  });

  it('tests the saved address with the saved key when nothing is typed', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://api.example.com', contactCount: 2 } });
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await connectionStatus('Connected — 2 contacts visible');
    expect(sent('connection.test')).toEqual([{ serviceUrl: 'https://api.example.com' }]);
  });

  it('does not test an invalid typed address', async () => {
    const user = userEvent.setup();
    fakeBackground({});
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(sent('connection.test')).toHaveLength(0);
  });

  it('offers "Grant access" when host access is missing, and tests again once granted', async () => {
    let calls = 0;
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({
      'connection.test': () => {
        calls += 1;
        return Promise.resolve(
          calls === 1
            ? { ok: false, reason: 'no_permission', message: 'Primer may not contact this address.' }
            : { ok: true, serviceUrl: 'https://api.example.com', contactCount: 7 },
        );
      },
    });
    renderWithClient(<ServiceSettingsForm settings={settingsView()} />);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await connectionStatus(CONNECTION_FAILURE_TEXT.no_permission);
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    await connectionStatus('Connected — 7 contacts visible');
    expect(screen.queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
    // Grant access went with the test it started: focus is on the test's button, not the document.
    expect(screen.getByRole('button', { name: 'Test connection' })).toHaveFocus();
  });

  it('forgets a result once the address or key it was for is edited: no Grant access for the address before', async () => {
    const request = grantPermission(false);
    const user = await runTest({ ok: false, reason: 'no_permission', message: 'Primer has not been allowed to contact https://api.example.com yet.' });
    await screen.findByRole('button', { name: 'Grant access' });
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'https://other.example.org');
    expect(screen.queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
    expect(screen.queryByText(CONNECTION_FAILURE_TEXT.no_permission)).not.toBeInTheDocument();
    request.mockClear();
    // A result about the key goes as soon as the key is edited.
    fakeBackground({ 'connection.test': { ok: false, reason: 'bad_key', message: '' } });
    await user.type(screen.getByLabelText('API key'), 'key-for-other');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Check the key, or create a new one in the service.');
    await user.type(screen.getByLabelText('API key'), 'x');
    expect(screen.queryByText('Check the key, or create a new one in the service.')).not.toBeInTheDocument();
  });

  it('says so when access is refused again', async () => {
    const user = await runTest({ ok: false, reason: 'no_permission', message: '' });
    grantPermission(false);
    await user.click(await screen.findByRole('button', { name: 'Grant access' }));
    await connectionStatus('Access was not granted, so Primer cannot contact the service.');
  });

  it('shows an error thrown by the messaging layer', async () => {
    await runTest(new ApiError('network', 'Primer’s background service is not answering. Try again in a moment.'));
    await connectionStatus('Primer’s background service is not answering. Try again in a moment.');
  });
});
