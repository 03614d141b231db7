import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NothingToBrief } from '@/components/panel/NothingToBrief';
import { SITE_MATCHES } from '@/lib/sites/matches';

/** Site access as Chrome's "Site access" setting leaves it: `withheld` not granted. */
function siteAccess(withheld: string[]) {
  const contains = vi.fn(({ origins = [] }: { origins?: string[] }) => Promise.resolve(origins.every((origin) => !withheld.includes(origin))));
  const request = vi.fn((_permissions: { origins?: string[] }) => Promise.resolve(true));
  Object.assign(fakeBrowser.permissions, { contains, request });
  return { contains, request };
}

describe('NothingToBrief on a page no Primer script answers from', () => {
  it('says a tab of the sites open since before Primer was installed needs reloading', async () => {
    // The first minute: Gmail was open when Primer was installed, and the browser runs no content
    // script in it until it is reloaded. The panel said "Primer briefs the people on … Gmail".
    const access = siteAccess([]);
    render(<NothingToBrief subject={{ kind: 'nothing', reason: 'unsupported' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/opened before Primer was installed or updated, reload it/);
    // Every site allowed: nothing more is said.
    await vi.waitFor(() => expect(access.contains).toHaveBeenCalledTimes(3));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: /Allow Primer/ })).toBeNull();
  });

  it('names the sites Primer may not read, and asks for them from the click', async () => {
    const access = siteAccess(SITE_MATCHES.gmail);
    render(<NothingToBrief subject={{ kind: 'nothing', reason: 'unsupported' }} />);
    expect(await screen.findByText(/Primer is not allowed to read Gmail/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Allow Primer on Gmail' }));
    expect(access.request).toHaveBeenCalledWith({ origins: SITE_MATCHES.gmail });
    expect(await screen.findByText(/Allowed\. Reload the Gmail tab/)).toHaveFocus();
  });
});
