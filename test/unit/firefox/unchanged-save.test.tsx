/**
 * Firefox reports every key a `storage.*.set()` was given in `storage.onChanged`, changed or not
 * (MDN storage.onChanged, Mozilla bug 1833153); the fake browser does the same. Saving the options
 * again with nothing changed (the same address, the key field left empty: ServiceSettingsForm
 * sends `serviceUrl` on every Save) writes `serviceUrl` with the value it already had. The settings
 * in effect did not change (the background sees that: resetIfSettingsChanged), but every page that
 * follows them through `watchSettings` took it for a change: the upload form open in a tab (Firefox
 * always shows it in a tab) dropped the primary contact the user had chosen and said Primer's
 * settings changed; the sidebar threw away its answers and its stack and unmatched the page's people.
 */
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadForm } from '@/components/popup/UploadForm';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { resetSettingsForTests, saveSettings } from '@/lib/background/settings';
import { watchSettings } from '@/lib/storage/settings-change';
import { handOverFile } from '@/lib/upload/hand-over';
import { fakeBackground } from '../support/fake-background';
import { EVENT, record } from '../popup/records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

const SVC = 'https://svc.example.com';

beforeEach(async () => {
  fakeBrowser.reset();
  resetVaultForTests();
  resetSettingsForTests();
  vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
  fakeBackground({ 'upload.prepare': { ready: true } });
  await saveSettings({ serviceUrl: SVC, apiKey: 'sk_live_0123456789abcdef' });
});

it('a Save that changes nothing is not a settings change', async () => {
  const onChange = vi.fn();
  const stop = watchSettings(onChange);
  await saveSettings({ serviceUrl: SVC });
  stop();
  expect(onChange).not.toHaveBeenCalled();
});

it('the upload form keeps the chosen contact when the options are saved again unchanged', async () => {
  const user = userEvent.setup();
  render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);
  await user.selectOptions(screen.getByLabelText(/Primary contact/), 'm');

  await act(async () => {
    await saveSettings({ serviceUrl: SVC });
  });

  expect(screen.queryByText(/Primer’s settings changed/)).toBeNull();
  expect(screen.getByRole('option', { name: 'Maya Chen' })).toBeTruthy();
});
