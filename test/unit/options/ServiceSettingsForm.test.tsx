import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { settingsKey } from '@/components/options/queries';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/messaging/protocol';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeBackground, grantPermission, renderWithClient, sent, settingsView } from './helpers';
import { deferred } from '../upload/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** The form as the options page shows it: given the settings the page's query holds, which a save updates. */
function FormOfQuery({ initial }: { initial: SettingsView }) {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <ServiceSettingsForm settings={data} />;
}

function renderForm(settings: SettingsView) {
  return renderWithClient(<FormOfQuery initial={settings} />);
}

describe('ServiceSettingsForm', () => {
  beforeEach(() => {
    fakeBackground({});
  });

  it('says when Primer may not contact the address in effect (an administrator’s, never allowed), allows it in a click and tests it', async () => {
    const user = userEvent.setup();
    let granted = false;
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(() => Promise.resolve(granted) as never);
    const request = vi.fn(() => {
      granted = true;
      return Promise.resolve(true);
    });
    fakeBrowser.permissions.request = request;
    fakeBackground({ 'connection.test': { ok: true, serviceUrl: 'https://ci.corp.example', contactCount: 3 } });
    renderForm(settingsView({ serviceUrl: 'https://ci.corp.example', locked: { serviceUrl: true, apiKey: true }, apiKeyAddress: null }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primer is not allowed to contact https://ci.corp.example yet, so it cannot look anyone up or show briefings.');
    await user.click(within(alert).getByRole('button', { name: 'Allow access to https://ci.corp.example' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://ci.corp.example/*'] });
    // Focus is not left on the button that went: it lands on what replaced it.
    await waitFor(() => expect(screen.getByText('Allowed: Primer may now contact https://ci.corp.example.')).toHaveFocus());
    expect(sent('connection.test')).toEqual([{}]);
  });

  it('says at once that an administrator’s address is not valid, and does not blame their key', () => {
    renderForm(settingsView({ serviceUrl: 'http://primer.corp.internal:8080', hasApiKey: false, apiKeyHint: '9999', apiKeyAddress: null, locked: { serviceUrl: true, apiKey: true } }));
    expect(screen.getByLabelText('Service address')).toHaveAccessibleDescription(/The address your administrator set is not valid: ask them to correct it\./);
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(/Your administrator set an API key ending in …9999: Primer uses it once the service address they set is valid\./);
    expect(screen.getByLabelText('API key')).not.toHaveAccessibleDescription(/cannot be used as it was set/);
  });

  it('says nothing of access where Primer has it', async () => {
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    renderForm(settingsView());
    await waitFor(() => expect(fakeBrowser.permissions.contains).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which key is saved and leaves the key field empty', () => {
    renderForm(settingsView());
    const key = screen.getByLabelText('API key');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAccessibleDescription(/A key ending in …abcd is saved/);
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeInTheDocument();
  });

  it('says when no key is saved and offers no Remove button', () => {
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(/No key is saved yet/);
    expect(screen.queryByRole('button', { name: 'Remove key' })).not.toBeInTheDocument();
  });

  it('shows and hides the typed key', async () => {
    const user = userEvent.setup();
    renderForm(settingsView());
    const toggle = screen.getByRole('button', { name: 'Show API key' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    // The same name, pressed: a toggle's name does not change with its state.
    expect(toggle).toHaveAccessibleName('Show API key');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('API key')).toHaveAttribute('type', 'text');
  });

  it('keeps the typed key out of the page’s markup (React mirrors a controlled value into the attribute)', async () => {
    const user = userEvent.setup();
    const { container } = renderForm(settingsView());
    const field = screen.getByLabelText('API key');
    await user.type(field, 'sk_live_typed_secret');
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(field).toHaveValue('sk_live_typed_secret');
    expect(field).not.toHaveAttribute('value');
    expect(container.innerHTML).not.toContain('sk_live_typed_secret');
  });

  it('rejects an insecure address inline and neither asks for access nor saves', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    const url = screen.getByLabelText('Service address');
    await user.type(url, 'http://api.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/Use https:\/\/ — plain http is only allowed for localhost/);
    expect(url).toHaveFocus();
    expect(request).not.toHaveBeenCalled();
    expect(sent('settings.save')).toHaveLength(0);
  });

  it('refuses a wildcard host inline and neither asks for access nor saves', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    const url = screen.getByLabelText('Service address');
    await user.type(url, 'https://*');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/a \* \(wildcard\) cannot be part of it/);
    expect(request).not.toHaveBeenCalled();
    expect(sent('settings.save')).toHaveLength(0);
  });

  it('shows the validation message when leaving an invalid field', async () => {
    const user = userEvent.setup();
    renderForm(settingsView({ serviceUrl: null }));
    await user.type(screen.getByLabelText('Service address'), 'https://exa mple');
    await user.tab();
    expect(screen.getByText('This is not a valid web address.')).toBeInTheDocument();
  });

  it('does not save when host access is refused', async () => {
    const user = userEvent.setup();
    const request = grantPermission(false);
    renderForm(settingsView());
    await user.type(screen.getByLabelText('API key'), 'new-key-9999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    expect(await screen.findByText(/Nothing was saved: Primer needs your permission/)).toBeInTheDocument();
    expect(sent('settings.save')).toHaveLength(0);
  });

  it('asks for access, then saves the normalised address and the new key', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({
      'settings.save': settingsView({ serviceUrl: 'https://ci.example.org', apiKeyHint: '9999' }),
    });
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    await user.type(screen.getByLabelText('Service address'), 'ci.example.org/api/v2/');
    await user.type(screen.getByLabelText('API key'), '  new-key-9999 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://ci.example.org/*'] });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://ci.example.org', apiKey: 'new-key-9999' }]);
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.getByLabelText('Service address')).toHaveValue('https://ci.example.org');
  });

  it('saves a pasted key without what the copy added, and refuses one a copy changed, at the field', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'settings.save': settingsView({ serviceUrl: 'https://ci.example.org', apiKeyHint: '9999' }) });
    renderForm(settingsView({ serviceUrl: 'https://ci.example.org', hasApiKey: false, apiKeyHint: null, apiKeyAddress: null }));
    const keyField = screen.getByLabelText('API key');
    await user.click(keyField);
    await user.paste('sk_live_12…');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(keyField).toHaveAccessibleDescription(expect.stringContaining('An API key has no “…” in it: copy the key again from the service.'));
    expect(keyField).toHaveFocus();
    expect(request).not.toHaveBeenCalled();
    expect(sent('settings.save')).toEqual([]);
    await user.clear(keyField);
    await user.paste('\u200BBearer new-key-9999\u200B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved/)).toBeInTheDocument();
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://ci.example.org', apiKey: 'new-key-9999' }]);
  });

  it('tests the saved settings at once when a save completes the setup', async () => {
    // Otherwise a mistyped key was found out only when Gmail stayed blank.
    const user = userEvent.setup();
    grantPermission(true);
    fakeBackground({
      'settings.save': settingsView({ serviceUrl: 'https://ci.example.org', apiKeyHint: '9999' }),
      'connection.test': { ok: false, reason: 'bad_key', message: 'The service did not accept this API key.' },
    });
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    await user.type(screen.getByLabelText('Service address'), 'ci.example.org');
    await user.type(screen.getByLabelText('API key'), 'mistyped-key');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByText('The service did not accept this API key')).toBeInTheDocument();
    expect(sent('connection.test')).toEqual([{}]);
  });

  it('says the key is still needed after saving an address alone, and tests nothing', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    fakeBackground({ 'settings.save': settingsView({ serviceUrl: 'https://ci.example.org', hasApiKey: false, apiKeyHint: null }) });
    renderForm(settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null }));
    await user.type(screen.getByLabelText('Service address'), 'ci.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Primer still needs the API key for https://ci.example.org to show briefings.')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveFocus();
    expect(sent('connection.test')).toEqual([]);
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    fakeBackground({ 'settings.save': settingsView() });
    renderForm(settingsView());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://api.example.com' }]);
  });

  it('asks for the key again when the address changes, and saves the new address only with it', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'settings.save': settingsView({ serviceUrl: 'https://other.example.net', apiKeyHint: '9999' }) });
    renderForm(settingsView());
    const url = screen.getByLabelText('Service address');
    const key = screen.getByLabelText('API key');
    await user.clear(url);
    await user.type(url, 'other.example.net/');
    // Said before saving, where the key field is described.
    expect(key).toHaveAccessibleDescription(/only sent to https:\/\/api\.example\.com, the address it was saved for/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent('settings.save')).toHaveLength(0);
    expect(request).not.toHaveBeenCalled();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription(/Enter the API key for https:\/\/other\.example\.net/);
    expect(key).toHaveFocus();
    await user.type(key, 'key-for-other-9999');
    expect(key).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://other.example.net', apiKey: 'key-for-other-9999' }]);
  });

  it('says when the saved key belongs to another address than the one in effect, and keeps it for that address', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    const view = settingsView({ serviceUrl: 'https://elsewhere.example.net', hasApiKey: false, apiKeyAddress: 'https://api.example.com' });
    fakeBackground({ 'settings.save': settingsView() });
    renderForm(view);
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAccessibleDescription(/key ending in …abcd is only sent to https:\/\/api\.example\.com/);
    // Primer keeps one key: the hint says a key saved for this address replaces it.
    expect(key).toHaveAccessibleDescription(/saving it replaces the saved key, so keep a copy of that one to go back to https:\/\/api\.example\.com/);
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent('settings.save')).toHaveLength(0);
    expect(key).toHaveAccessibleDescription(/Enter the API key for https:\/\/elsewhere\.example\.net/);
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'https://api.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://api.example.com' }]);
  });

  it('explains that an administrator’s key without the administrator’s address is not used', () => {
    renderForm(settingsView({ hasApiKey: false, apiKeyHint: '9999', locked: { serviceUrl: false, apiKey: true } }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(
      /administrator set an API key but no service address.*only to an address your administrator sets/,
    );
  });

  it('removes the key with apiKey: null, once asked (many services show a key only once)', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.save': settingsView({ hasApiKey: false, apiKeyHint: null }) });
    renderForm(settingsView());
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    // Asked first, focus on Cancel (a held Enter does not confirm); typing elsewhere keeps the focus there.
    expect(screen.getByRole('group', { name: 'Remove the API key' })).toHaveTextContent('Remove the key ending in …abcd? Briefings stop until a key is saved again.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByLabelText('API key'));
    await user.keyboard('ab');
    expect(screen.getByLabelText('API key')).toHaveFocus();
    await user.clear(screen.getByLabelText('API key'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent('settings.save')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Remove key' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove key' }));
    expect(await screen.findByText('The API key was removed.')).toBeInTheDocument();
    expect(sent('settings.save')).toEqual([{ apiKey: null }]);
  });

  it('keeps focus on Remove key while the removal is saved, and there when it fails, not on the document', async () => {
    const user = userEvent.setup();
    const saving = deferred<SettingsView>();
    fakeBackground({ 'settings.save': () => saving.promise });
    renderForm(settingsView());
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove key' }));
    expect(screen.getByRole('button', { name: 'Remove key' })).toHaveFocus();
    saving.reject(new ApiError('network', 'down'));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Remove key' })).not.toHaveAttribute('aria-disabled'));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('leaves an address typed but not saved in its field when Remove key removes the key', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'settings.save': settingsView({ hasApiKey: false, apiKeyHint: null }) });
    renderForm(settingsView());
    const url = screen.getByLabelText('Service address');
    await user.clear(url);
    await user.type(url, 'https://new.example.org');
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove key' }));
    expect(await screen.findByText('The API key was removed.')).toBeInTheDocument();
    expect(url).toHaveValue('https://new.example.org');
  });

  it('shows the address saved in another tab until this one’s field is edited', async () => {
    const user = userEvent.setup();
    const { rerender, client } = renderForm(settingsView());
    const url = screen.getByLabelText('Service address');
    const again = (view: SettingsView) => {
      client.setQueryData(settingsKey, view);
      rerender(
        <QueryClientProvider client={client}>
          <FormOfQuery initial={view} />
        </QueryClientProvider>,
      );
    };
    again(settingsView({ serviceUrl: 'https://saved-elsewhere.example.org' }));
    expect(url).toHaveValue('https://saved-elsewhere.example.org');
    // What the user types here is theirs until they save or leave.
    await user.type(url, '/x');
    again(settingsView({ serviceUrl: 'https://third.example.org' }));
    expect(url).toHaveValue('https://saved-elsewhere.example.org/x');
  });

  it('does not say a bare "Saved" when the administrator’s key will not go to the address saved', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    const view = settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: '9999', locked: { serviceUrl: false, apiKey: true } });
    fakeBackground({ 'settings.save': { ...view, serviceUrl: 'https://mine.example.org' } });
    renderForm(view);
    await user.type(screen.getByLabelText('Service address'), 'https://mine.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved\. Your administrator set the API key but not this address.*ask them to set the service address too\.$/)).toBeInTheDocument();
    expect(sent('settings.save')).toEqual([{ serviceUrl: 'https://mine.example.org' }]);
    expect(sent('connection.test')).toEqual([]);
  });

  it('refuses a pasted key of invisible characters at the field instead of removing the saved key', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'settings.save': settingsView() });
    renderForm(settingsView());
    const key = screen.getByLabelText('API key');
    await user.click(key);
    await user.paste('\u200B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(key).toHaveAccessibleDescription(/There is no API key in what was pasted/);
    expect(key).toHaveFocus();
    expect(request).not.toHaveBeenCalled();
    expect(sent('settings.save')).toEqual([]);
  });

  it('puts focus in the emptied key field once Remove key has removed the key', async () => {
    // Remove key goes with the key; focus fell to the document and the next Tab started at the top.
    const user = userEvent.setup();
    fakeBackground({ 'settings.save': settingsView({ hasApiKey: false, apiKeyHint: null }) });
    renderForm(settingsView());
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove key' }));
    expect(await screen.findByText('The API key was removed.')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveFocus();
  });

  it('keeps Save and Test connection focusable while they work, and acts once', async () => {
    // A disabled button loses focus in Chromium (focus fell to the document): aria-disabled instead.
    const user = userEvent.setup();
    grantPermission(true);
    let answerSave: (view: SettingsView) => void = () => undefined;
    let answerTest: (result: { ok: true; serviceUrl: string; contactCount: number }) => void = () => undefined;
    fakeBackground({
      'settings.save': () => new Promise<SettingsView>((resolve) => (answerSave = resolve)),
      'connection.test': () => new Promise((resolve) => (answerTest = resolve)),
    });
    renderForm(settingsView());
    await user.type(screen.getByLabelText('API key'), 'new-key');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).not.toBeDisabled();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    await user.click(saving);
    expect(sent('settings.save')).toHaveLength(1);
    answerSave(settingsView());
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    const test = screen.getByRole('button', { name: 'Test connection' });
    await waitFor(() => expect(test).toHaveAttribute('aria-disabled', 'true'));
    expect(test).not.toBeDisabled();
    answerTest({ ok: true, serviceUrl: 'https://api.example.com', contactCount: 2 });
    await waitFor(() => expect(test).not.toHaveAttribute('aria-disabled'));
    await user.click(test);
    expect(test).not.toBeDisabled();
    await user.click(test);
    expect(sent('connection.test')).toHaveLength(2);
  });

  it('explains a rejected save and hints at the key when unauthorized', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    fakeBackground({ 'settings.save': new ApiError('unauthorized', 'The service did not accept the API key.') });
    renderForm(settingsView());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/did not accept the API key\. Check the API key/)).toBeInTheDocument();
  });

  it('says an administrator’s key set with its address that still gives no key cannot be used, not that none is saved', () => {
    renderForm(settingsView({ hasApiKey: false, locked: { serviceUrl: true, apiKey: true } }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(/Your administrator’s API key cannot be used as it was set: ask them to set it again\./);
  });

  it('locks values set by the administrator and does not send them', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'settings.save': settingsView({ locked: { serviceUrl: true, apiKey: true } }) });
    renderForm(settingsView({ locked: { serviceUrl: true, apiKey: true } }));
    const url = screen.getByLabelText('Service address');
    expect(url).toHaveAttribute('readonly');
    expect(url).toHaveValue('https://api.example.com');
    // Read-only, not disabled: reached with Tab, and the lock is said with each field.
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('readonly');
    expect(key).not.toBeDisabled();
    expect(key).toHaveAccessibleDescription(/^Set by your administrator/);
    expect(url).toHaveAccessibleDescription(/^Set by your administrator/);
    expect(screen.getAllByText('Set by your administrator')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Remove key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show API key' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
    expect(sent('settings.save')).toEqual([{}]);
  });

  it('locks only the key when only the key is managed', () => {
    renderForm(settingsView({ locked: { serviceUrl: false, apiKey: true } }));
    expect(screen.getByLabelText('Service address')).not.toHaveAttribute('readonly');
    const keyField = screen.getByLabelText('API key').closest('.ui-field');
    expect(within(keyField as HTMLElement).getByText('Set by your administrator')).toBeInTheDocument();
  });
});

describe('ServiceSettingsForm with a broken policy value', () => {
  it('says the administrator’s address is missing instead of failing silently', async () => {
    const user = userEvent.setup();
    fakeBackground({});
    const request = grantPermission(true);
    renderForm(settingsView({ serviceUrl: null, locked: { serviceUrl: true, apiKey: false } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/set by your administrator is missing or not valid/)).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });
});
