/** Types into the panel's "Find a person by e-mail" and presses Enter: what it looked up, and what it said against it. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { PersonSearch } from '@/components/panel/PersonSearch';

export async function search(typed: string) {
  const onFind = vi.fn();
  render(<PersonSearch onFind={onFind} />);
  await userEvent.type(screen.getByLabelText('Find a person by e-mail'), `${typed}{Enter}`);
  const complaint = screen.queryByRole('alert')?.textContent ?? null;
  cleanup();
  return { onFind, complaint };
}
