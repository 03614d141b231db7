/**
 * The result of Copy is said in a live region ("Copied."). Pressed again (the first paste went
 * astray, or the secret is copied into a second system), the region must change again so a screen
 * reader says it again: the same words left as they were reach no one, as if the second press did
 * not work.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyField } from '@/components/ui/CopyField';

describe('CopyField', () => {
  it('says each copy, not only the first', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyField label="Signing secret" value="whsec_abc123" secret />);
    const button = screen.getByRole('button', { name: 'Copy signing secret' });
    const region = screen.getByRole('status');

    await user.click(button);
    await waitFor(() => expect(region).toHaveTextContent('Copied.'));

    // What a screen reader is told of: any change to the live region's content.
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    await user.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();

    expect(region).toHaveTextContent('Copied.');
    expect(changes.length, 'the live region changed for the second copy').toBeGreaterThan(0);
  });
});
