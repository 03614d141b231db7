/**
 * An address copied with what followed it — a note in a wiki ("https://ci.example.com/ (staging)"),
 * the next cell of a spreadsheet row (a tab, then "Production") — must be refused with why, as the
 * webhook address is (lib/api/webhook-url.ts), not saved with the words as its path: every call then
 * went to https://ci.example.com/%20(staging)/api/v2/… or …/Production/api/v2/… and got 404s, which
 * the page reports as "not the Conversation Intelligence Service".
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { fakeBackground, grantPermission, renderWithClient, sent, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('normaliseBaseUrl: words pasted after the address', () => {
  it.each([
    ['a note after a space', 'https://ci.example.com/ (staging)'],
    ['a dash and a label', 'https://ci.example.com/ — production'],
    ['the next spreadsheet cell', 'https://ci.example.com/\tProduction'],
    ['the next spreadsheet cell, no final slash', 'https://ci.example.com\tProduction'],
  ])('refuses %s instead of saving it as part of the address', (_, pasted) => {
    const result = normaliseBaseUrl(pasted);
    expect(result.ok ? result.baseUrl : 'refused').toBe('refused');
  });

  it('says why, and keeps its own words for a host with a space in it', () => {
    expect(normaliseBaseUrl('https://ci.example.com/ (staging)')).toMatchObject({ ok: false, message: expect.stringMatching(/no spaces/) });
    expect(normaliseBaseUrl('https://exa mple.com')).toMatchObject({ ok: false, message: 'This is not a valid web address.' });
  });
});

describe('ServiceSettingsForm: an address pasted with a note after it', () => {
  it('does not save the note as the address’s path', async () => {
    const user = userEvent.setup();
    grantPermission(true);
    const view = settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null });
    fakeBackground({ 'settings.save': view, 'connection.test': { ok: true, serviceUrl: 'https://ci.example.com', contactCount: null } });
    renderWithClient(<ServiceSettingsForm settings={view} />);
    // Pasted whole, as from a wiki line.
    fireEvent.change(screen.getByLabelText('Service address'), { target: { value: 'https://ci.example.com/ (staging)' } });
    await user.type(screen.getByLabelText('API key'), 'sk_live_1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent('settings.save')).toEqual([]);
  });
});
