/**
 * Firefox: content scripts can write storage.local, where the popup reads the uploads it lists. A
 * page that took over a matched site's renderer rewrites a stopped upload's `needsAccess` to a
 * host of its own: the popup's row offered "Allow and upload", and the user's click asked the
 * browser to let Primer send recordings to the page's host. What the user would see: a familiar
 * permission prompt, for a host that is not their service's storage. Now a row whose record the
 * background did not sign as it stands says it cannot be trusted, offers no Retry, and Remove works.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { uploadStore } from '@/lib/background/upload-store';
import { fakeBackground, sent } from '../support/fake-background';
import { grantPermission, settingsView } from '../options/helpers';
import { record } from '../popup/records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

const waiting = () => record({ state: 'failed', failedStep: 'put', needsAccess: 'https://uploads.example/*', error: 'Primer needs your permission to send the recording to uploads.example.' });

async function rewriteAsPage(patch: Record<string, unknown>): Promise<void> {
  const stored = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY] as Record<string, unknown>[];
  await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: stored.map((entry) => ({ ...entry, ...patch })) });
}

function popup() {
  fakeBackground({ 'settings.get': settingsView(), 'upload.dismiss': () => Promise.resolve({ removed: true }) });
  render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
  return screen.findByRole('region', { name: 'Recent uploads' });
}

describe('the popup’s row of an upload a page rewrote', () => {
  it('asks for no permission for the page’s host: no "Allow and upload", and says to upload the file again', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    await uploadStore().put(waiting());
    await rewriteAsPage({ needsAccess: 'https://attacker.example/*' });

    const recent = await popup();
    const item = await within(recent).findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Primer cannot trust this upload’s saved details. Upload the file again.'));
    expect(within(item).queryByRole('button', { name: /Allow and upload|Retry/ })).toBeNull();
    expect(item).not.toHaveTextContent('Needs your permission');
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(sent('upload.dismiss')).toEqual([{ id: 'u1' }]);
    expect(request).not.toHaveBeenCalled();
  });

  it('left unsigned (an earlier version’s) is said the same way', async () => {
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [waiting()] });
    const recent = await popup();
    const item = await within(recent).findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Primer cannot trust this upload’s saved details.'));
    expect(within(item).queryByRole('button', { name: /Allow and upload|Retry/ })).toBeNull();
  });

  it('signed by the background and untouched: offers "Allow and upload" as before', async () => {
    await uploadStore().put(waiting());
    const recent = await popup();
    const item = await within(recent).findByRole('listitem', { name: 'Weekly sync: Needs your permission' });
    expect(within(item).getByRole('button', { name: 'Allow and upload' })).toBeInTheDocument();
    expect(item).toHaveTextContent('with Maya Chen');
  });
});
