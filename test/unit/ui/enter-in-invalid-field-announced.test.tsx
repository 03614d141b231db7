/**
 * Enter pressed in the field that is wrong: the form focuses that field to have its error read,
 * but it already has the focus, so no focus event happens and a screen reader says nothing; the
 * error paragraph is no live region either. The user hears silence after Enter.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsKey } from '@/components/options/queries';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { WebhookSetup } from '@/components/options/WebhookSetup';
import { UploadForm } from '@/components/popup/UploadForm';
import { handOverFile } from '@/lib/upload/hand-over';
import type { SettingsView } from '@/lib/messaging/protocol';
import { fakeBackground, grantPermission, renderWithClient, settingsView } from '../options/helpers';
import { EVENT, record } from '../popup/records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

/** Whether `text` is inside a live region (what a screen reader reads out when it appears). */
function announced(text: string | RegExp): boolean {
  const regions = [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])')];
  return regions.some((region) => (typeof text === 'string' ? region.textContent?.includes(text) : text.test(region.textContent ?? '')));
}

function FormOfQuery({ initial }: { initial: SettingsView }) {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <ServiceSettingsForm settings={data} />;
}

describe('options: Enter in the service address field', () => {
  beforeEach(() => {
    fakeBackground({});
    grantPermission(true);
  });

  it('says why nothing was saved when the address typed is refused', async () => {
    const user = userEvent.setup();
    renderWithClient(<FormOfQuery initial={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null })} />);
    const url = screen.getByLabelText('Service address');
    await user.type(url, 'http://api.example.com{Enter}');
    // The field was focused all along: "focus the field so its error is read" read nothing.
    expect(url).toHaveFocus();
    expect(url).toHaveAccessibleDescription(/Use https:\/\//);
    expect(announced(/Use https:\/\//)).toBe(true);
  });

  it('says why nothing was saved when the key typed has a character a key cannot have', async () => {
    const user = userEvent.setup();
    renderWithClient(<FormOfQuery initial={settingsView({ hasApiKey: false, apiKeyHint: null, apiKeyAddress: null })} />);
    const key = screen.getByLabelText('API key');
    await user.type(key, 'sk_live_ab cd{Enter}');
    expect(key).toHaveFocus();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    const error = document.getElementById(key.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!)!.textContent;
    expect(announced(error)).toBe(true);
  });
});

describe('options: Enter in the webhook URL field', () => {
  beforeEach(() => {
    fakeBackground({});
  });

  it('says why no webhook was created when the address typed is refused', async () => {
    const user = userEvent.setup();
    renderWithClient(<WebhookSetup onCreated={vi.fn()} serviceUrl="https://api.example.com" />);
    const url = screen.getByLabelText('Webhook URL');
    await user.type(url, 'http://hooks.example.com/primer{Enter}');
    expect(url).toHaveFocus();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    const error = document.getElementById(url.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!)!.textContent;
    expect(announced(error)).toBe(true);
  });
});

describe('popup: Enter in the speakers field', () => {
  beforeEach(() => {
    vi.mocked(handOverFile).mockReset();
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
    fakeBackground({ 'upload.prepare': { ready: true } });
  });

  it('says why nothing was uploaded when the number typed is out of range', async () => {
    const user = userEvent.setup();
    render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
    await user.upload(screen.getByLabelText('Recording'), new File([new Uint8Array(2048)], 'Weekly sync.m4a', { type: 'audio/mp4' }));
    const speakers = screen.getByLabelText('Speakers expected (optional)');
    await user.clear(speakers);
    await user.type(speakers, '150{Enter}');
    expect(handOverFile).not.toHaveBeenCalled();
    expect(speakers).toHaveFocus();
    expect(speakers).toHaveAccessibleDescription(/Enter a whole number from 1 to 100/);
    expect(announced(/Enter a whole number from 1 to 100/)).toBe(true);
  });
});

describe('options: the refusal said at Enter', () => {
  beforeEach(() => {
    fakeBackground({});
    grantPermission(true);
  });

  it('is taken back by typing (not said again as the field’s error changes), said again at the next Enter, and not said when Save moves the focus', async () => {
    const user = userEvent.setup();
    renderWithClient(<FormOfQuery initial={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyHint: null })} />);
    const url = screen.getByLabelText('Service address');
    await user.type(url, 'http://api.example.com{Enter}');
    expect(announced(/Use https:\/\//)).toBe(true);
    await user.type(url, 'x');
    // The field's error is still shown (and described), but no live region holds it.
    expect(url).toHaveAccessibleDescription(/Use https:\/\//);
    expect(announced(/Use https:\/\//)).toBe(false);
    await user.type(url, '{Enter}');
    expect(announced(/Use https:\/\//)).toBe(true);
    await user.type(url, 'y');
    // Save pressed: the focus moves to the field, which is read with its error; no second telling.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(url).toHaveFocus();
    expect(announced(/Use https:\/\//)).toBe(false);
  });
});
