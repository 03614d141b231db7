/**
 * The panel's search refuses text that holds no address with an alert. Find pressed again on the
 * same text must say it again: an alert left as it was reaches no screen reader, as if Find did
 * nothing.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PersonSearch } from '@/components/panel/PersonSearch';

describe('PersonSearch refusal', () => {
  it('says its complaint again when Find is pressed again on the same text', async () => {
    const user = userEvent.setup();
    render(<PersonSearch onFind={vi.fn()} />);
    const field = screen.getByLabelText('Find a person by e-mail');
    await user.type(field, 'maya chen{Enter}');
    const alert = screen.getByRole('alert');
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(alert.parentElement!, { childList: true, characterData: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a full e-mail address, like name@company.com.');
    expect(changes.length, 'the alert changed (or was added again) for the second Find').toBeGreaterThan(0);
  });
});
