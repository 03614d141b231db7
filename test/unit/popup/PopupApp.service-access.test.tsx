/**
 * The popup while Primer may not contact the service's host (never allowed for an administrator's
 * address, or taken away on chrome://extensions): opened over a page with no lookups of its own (a
 * new tab, any site), it showed the upload form as ready and said nothing, and an upload failed
 * with no way to the options. It says so now, with the way there.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/components/popup/PopupApp';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { lookupProblemKey } from '@/lib/storage/session-keys';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const TAB = 4;

function access(granted: boolean) {
  const contains = vi.fn((_permissions: { origins?: string[] }) => Promise.resolve(granted));
  fakeBrowser.permissions.contains = contains;
  return contains;
}

describe('PopupApp without access to the service', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBackground({ 'settings.get': settingsView({ serviceUrl: 'https://ci.example.com' }), 'upload.prepare': { ready: true } });
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: TAB }] as never);
  });

  it('says Primer may not contact the service, with the way to the options', async () => {
    const contains = access(false);
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    expect(await screen.findByText(/Primer is not allowed to contact https:\/\/ci\.example\.com/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeVisible();
    expect(contains).toHaveBeenCalledWith({ origins: ['https://ci.example.com/*'] });
  });

  it('says nothing of it with access', async () => {
    access(true);
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await screen.findByLabelText('Recording');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/not allowed to contact/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Primer options' })).toBeNull();
  });

  it('says it once where the page’s lookups found it already', async () => {
    access(false);
    await fakeBrowser.storage.session.set({ [lookupProblemKey(TAB)]: { problem: 'no_access', service: 'https://ci.example.com' } });
    render(<PopupApp draft={Promise.resolve(EMPTY_DRAFT)} />);
    await screen.findByText(/Markers are off on this page: not allowed to contact/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await waitFor(() => expect(screen.getAllByText(/not allowed to contact/)).toHaveLength(1));
    expect(screen.getAllByRole('button', { name: 'Open Primer options' })).toHaveLength(1);
  });
});
