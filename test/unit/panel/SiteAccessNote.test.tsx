/** The note about sites whose access was taken from Primer, and its Allow button. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SiteAccessNote } from '@/components/panel/SiteAccessNote';

function Around() {
  const [n, setN] = useState(0);
  return (
    <>
      <label>
        Find <input />
      </label>
      <button type="button" onClick={() => setN(n + 1)}>
        Render again {n}
      </button>
      <SiteAccessNote />
    </>
  );
}

describe('SiteAccessNote', () => {
  it('moves focus to “Allowed” once, not again whenever the panel renders', async () => {
    const user = userEvent.setup();
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
    vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    render(<Around />);
    await user.click(await screen.findByRole('button', { name: /^Allow Primer on/ }));
    const note = await screen.findByText(/^Allowed\. Reload the/);
    expect(note).toHaveFocus();
    await user.click(screen.getByLabelText('Find'));
    // Something else on the panel changes (the date, another tab): a render, focus left alone.
    screen.getByRole('button', { name: /^Render again/ }).click();
    await screen.findByRole('button', { name: 'Render again 1' });
    expect(screen.getByLabelText('Find')).toHaveFocus();
  });
});
