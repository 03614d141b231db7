import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { PREFERENCES_LOCK, SitesSection } from '@/components/options/SitesSection';
import { DEFAULT_PREFERENCES, PREFERENCES_BEFORE_SYNC_KEY, preferencesItem, type Preferences } from '@/lib/storage/preferences';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

function prefs(overrides: Partial<Preferences> = {}): Preferences {
  return { ...DEFAULT_PREFERENCES, ...overrides, sites: { ...DEFAULT_PREFERENCES.sites, ...overrides.sites } };
}

async function renderSection() {
  const result = renderWithClient(<SitesSection />);
  const region = await screen.findByRole('region', { name: 'Where Primer works' });
  await within(region).findByRole('switch', { name: 'Gmail' });
  return { ...result, region };
}

const domainsField = () => screen.getByRole('textbox', { name: 'Don’t look up people at these domains' });
const addressesField = () => screen.getByRole('textbox', { name: 'Your own addresses' });
const saveLists = () => screen.getByRole('button', { name: 'Save lists' });

describe('SitesSection', () => {
  it('loads the stored preferences', async () => {
    await preferencesItem.setValue(
      prefs({
        sites: { 'google-calendar': true, gmail: false, outlook: true },
        excludedDomains: ['example.com', 'partner.org'],
        ownAddresses: ['me@example.com'],
      }),
    );
    await renderSection();
    expect(screen.getByRole('switch', { name: 'Google Calendar' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Gmail' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Outlook on the web' })).toBeChecked();
    expect(domainsField()).toHaveValue('example.com\npartner.org');
    expect(addressesField()).toHaveValue('me@example.com');
  });

  it('starts with every site on and empty lists', async () => {
    await renderSection();
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeChecked();
    expect(domainsField()).toHaveValue('');
    expect(addressesField()).toHaveValue('');
  });

  it('describes each site and the lists', async () => {
    await renderSection();
    expect(screen.getByRole('switch', { name: 'Google Calendar' })).toHaveAccessibleDescription(/events you open/);
    expect(screen.getByRole('switch', { name: 'Outlook on the web' })).toHaveAccessibleDescription(/Outlook mail/);
    expect(domainsField()).toHaveAccessibleDescription(/subdomains.*never sent to the service/);
    expect(addressesField()).toHaveAccessibleDescription(
      'Primer never looks these up or marks them; it also learns your address from the page where it can.',
    );
  });

  it('saves a switch as soon as it changes', async () => {
    const user = userEvent.setup();
    await preferencesItem.setValue(prefs({ excludedDomains: ['example.com'] }));
    const { region } = await renderSection();
    const gmail = screen.getByRole('switch', { name: 'Gmail' });
    await user.click(gmail);
    expect(gmail).not.toBeChecked();
    await waitFor(async () =>
      expect(await preferencesItem.getValue()).toEqual(
        prefs({ sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: ['example.com'] }),
      ),
    );
    expect(await within(region).findByText('Saved', { exact: true })).toBeInTheDocument();
    expect(within(region).getAllByRole('status').some((status) => status.textContent === 'Saved')).toBe(true);
  });

  it('can be switched with the keyboard', async () => {
    const user = userEvent.setup();
    await renderSection();
    const outlook = screen.getByRole('switch', { name: 'Outlook on the web' });
    outlook.focus();
    await user.keyboard(' ');
    await waitFor(async () => expect((await preferencesItem.getValue()).sites.outlook).toBe(false));
    expect(outlook).not.toBeChecked();
  });

  it('keeps both of two quick changes', async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.click(screen.getByRole('switch', { name: 'Gmail' }));
    await user.click(screen.getByRole('switch', { name: 'Google Calendar' }));
    await waitFor(async () =>
      expect((await preferencesItem.getValue()).sites).toEqual({ 'google-calendar': false, gmail: false, outlook: true }),
    );
  });

  it('parses, normalises, dedupes and saves the lists', async () => {
    const user = userEvent.setup();
    const { region } = await renderSection();
    await user.type(domainsField(), '@Example.COM, partner.org{Enter}  example.com {Enter}EU.Example.com');
    await user.type(addressesField(), 'Me@Example.com{Enter}me@example.com, other@partner.org');
    await user.click(saveLists());
    await waitFor(async () => {
      const stored = await preferencesItem.getValue();
      expect(stored.excludedDomains).toEqual(['example.com', 'partner.org', 'eu.example.com']);
      expect(stored.ownAddresses).toEqual(['me@example.com', 'other@partner.org']);
    });
    expect((await preferencesItem.getValue()).sites).toEqual(DEFAULT_PREFERENCES.sites);
    expect(await within(region).findByText('Saved', { exact: true })).toBeInTheDocument();
    // The fields now show what was stored, one entry a line.
    expect(domainsField()).toHaveValue('example.com\npartner.org\neu.example.com');
    expect(addressesField()).toHaveValue('me@example.com\nother@partner.org');
  });

  it('says lists too long to keep are too long, not "reload and try again", and keeps what was stored', async () => {
    const user = userEvent.setup();
    await preferencesItem.setValue(prefs({ excludedDomains: ['old.com'] }));
    const { region } = await renderSection();
    // 400 domains of 25 characters: past what storage.sync keeps of one item (8 KB).
    const many = Array.from({ length: 400 }, (_, i) => `partner-${String(i).padStart(4, '0')}.example.com`).join('\n');
    await user.clear(domainsField());
    await user.click(domainsField());
    await user.paste(many);
    await user.click(saveLists());
    expect(await within(region).findByText('These lists are too long for Primer to keep. Shorten them and save again.')).toBeInTheDocument();
    expect(await preferencesItem.getValue()).toEqual(prefs({ excludedDomains: ['old.com'] }));
  });

  it('says lists are too long in the words newer Chrome refuses them with too', async () => {
    const user = userEvent.setup();
    const { region } = await renderSection();
    vi.spyOn(preferencesItem, 'setValue').mockRejectedValue(new Error('Resource::kQuotaBytesPerItem quota exceeded.'));
    await user.click(screen.getByRole('switch', { name: 'Gmail' }));
    expect(await within(region).findByText('These lists are too long for Primer to keep. Shorten them and save again.')).toBeInTheDocument();
  });

  it('says to wait when the browser’s sync refuses more writes for now, for a switch and for the lists alike', async () => {
    const user = userEvent.setup();
    const { region } = await renderSection();
    const set = vi.spyOn(preferencesItem, 'setValue').mockRejectedValue(new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.'));
    await user.click(screen.getByRole('switch', { name: 'Gmail' }));
    const wait = 'Too many changes in a short time for your browser’s sync: wait a minute, then save again.';
    expect(await within(region).findByText(wait)).toBeInTheDocument();
    await user.type(domainsField(), 'partner.org');
    await user.click(saveLists());
    await waitFor(() => expect(within(region).getAllByText(wait)).toHaveLength(2));
    set.mockRestore();
  });

  it('reads and writes the preferences under the extension’s lock, so another options tab cannot undo a change', async () => {
    const user = userEvent.setup();
    const held: string[] = [];
    const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
      held.push(name);
      // Another options tab held the lock until now: its change is stored when this one's turn comes.
      await preferencesItem.setValue(prefs({ excludedDomains: ['other-tab.org'] }));
      return task();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      await renderSection();
      await user.click(screen.getByRole('switch', { name: 'Gmail' }));
      await waitFor(async () => expect((await preferencesItem.getValue()).sites.gmail).toBe(false));
      expect(held).toEqual([PREFERENCES_LOCK]);
      // Read once the lock was held, so the other tab's change is kept beside this one.
      expect((await preferencesItem.getValue()).excludedDomains).toEqual(['other-tab.org']);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('keeps what is typed while the lists save', async () => {
    const user = userEvent.setup();
    const { region } = await renderSection();
    let finish: () => void = () => undefined;
    const setValue = preferencesItem.setValue.bind(preferencesItem);
    const set = vi.spyOn(preferencesItem, 'setValue').mockImplementation((value) => new Promise<void>((resolve) => (finish = () => void setValue(value).then(resolve))));
    await user.type(domainsField(), 'partner.org');
    await user.click(saveLists());
    // Typed into the other list while the save is under way.
    await user.type(addressesField(), 'me@partner.org');
    finish();
    expect(await within(region).findByText('Saved')).toBeInTheDocument();
    expect(addressesField()).toHaveValue('me@partner.org');
    expect(domainsField()).toHaveValue('partner.org');
    set.mockRestore();
  });

  it('says which entries did not fit when an earlier version’s lists moved to the browser’s sync, until the user is done with it', async () => {
    const user = userEvent.setup();
    await preferencesItem.setValue(prefs({ excludedDomains: ['kept.example'], ownAddresses: ['me@kept.example'] }));
    await fakeBrowser.storage.local.set({
      [PREFERENCES_BEFORE_SYNC_KEY]: prefs({ excludedDomains: ['kept.example', 'cut.example'], ownAddresses: ['me@kept.example', 'me@cut.example'] }),
    });
    const { region } = await renderSection();
    const note = await within(region).findByText(/did not fit/);
    expect(note).toHaveTextContent('When Primer moved your lists to your browser’s sync, these 2 entries did not fit its 8 KB and are not applied: cut.example, me@cut.example.');
    await user.click(within(region).getByRole('button', { name: 'Done with this list' }));
    await waitFor(() => expect(within(region).queryByText(/did not fit/)).toBeNull());
    expect(await fakeBrowser.storage.local.get(PREFERENCES_BEFORE_SYNC_KEY)).toEqual({});
    // The note and its button gone, focus is on the lists it spoke of, not on the document.
    await waitFor(() => expect(domainsField()).toHaveFocus());
  });

  it('names invalid entries and saves nothing', async () => {
    const user = userEvent.setup();
    await preferencesItem.setValue(prefs({ excludedDomains: ['old.com'] }));
    await renderSection();
    await user.clear(domainsField());
    await user.type(domainsField(), 'example.com{Enter}not a domain');
    await user.type(addressesField(), 'me@example.com');
    await user.click(saveLists());
    const domains = domainsField();
    expect(domains).toHaveAttribute('aria-invalid', 'true');
    expect(domains).toHaveAccessibleDescription(/“not”, “a” and “domain” are not domains\./);
    expect(domains).toHaveFocus();
    expect(addressesField()).not.toHaveAttribute('aria-invalid');

    await user.clear(domains);
    await user.type(domains, 'example.com');
    expect(domains).not.toHaveAttribute('aria-invalid');
    await user.clear(addressesField());
    await user.type(addressesField(), 'me-at-example.com');
    await user.click(saveLists());
    expect(addressesField()).toHaveAttribute('aria-invalid', 'true');
    expect(addressesField()).toHaveAccessibleDescription(/“me-at-example.com” is not an e-mail address\./);
    expect(addressesField()).toHaveFocus();

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await preferencesItem.getValue()).toEqual(prefs({ excludedDomains: ['old.com'] }));
    expect(screen.queryByText('Saved', { exact: true })).not.toBeInTheDocument();
  });

  it('shows an entry that looks like markup as plain text', async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.type(domainsField(), '<img src=x onerror=alert(1)>');
    await user.click(saveLists());
    expect(screen.getByText(/^“<img”, “src=x” and “onerror=alert\(1\)>” are not domains\./)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('follows changes stored elsewhere', async () => {
    await renderSection();
    await act(() =>
      preferencesItem.setValue(
        prefs({
          sites: { 'google-calendar': false, gmail: true, outlook: true },
          excludedDomains: ['elsewhere.com'],
          ownAddresses: ['me@elsewhere.com'],
        }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Google Calendar' })).not.toBeChecked());
    expect(domainsField()).toHaveValue('elsewhere.com');
    expect(addressesField()).toHaveValue('me@elsewhere.com');
  });

  it('keeps what the user is typing when the stored value changes, and saves only that list', async () => {
    const user = userEvent.setup();
    await renderSection();
    await user.type(domainsField(), 'mine.com');
    await act(() => preferencesItem.setValue(prefs({ excludedDomains: ['theirs.com'], ownAddresses: ['me@theirs.com'] })));
    await waitFor(() => expect(addressesField()).toHaveValue('me@theirs.com'));
    expect(domainsField()).toHaveValue('mine.com');
    await user.click(saveLists());
    await waitFor(async () =>
      expect(await preferencesItem.getValue()).toEqual(
        prefs({ excludedDomains: ['mine.com'], ownAddresses: ['me@theirs.com'] }),
      ),
    );
  });
});

describe('OptionsApp with the sites section', () => {
  it('places it between the service settings and the webhooks', async () => {
    fakeBackground({ 'settings.get': settingsView(), 'webhook.list': { supported: true, items: [] } });
    renderWithClient(<OptionsApp />);
    await screen.findByRole('region', { name: 'Where Primer works' });
    const names = screen.getAllByRole('region').map((region) => region.querySelector('h2')?.textContent);
    expect(names).toEqual(['Service settings', 'Where Primer works', 'Webhooks']);
  });
});
