/**
 * The owner's rule: a contact found only by a name match says so wherever it is named. The card's
 * heading said the name alone beside a badge, so a screen reader user going heading by heading in
 * the card (as in the panel, fixed there in 1fc7cf7) heard "Dana Cohen" and not how she was found.
 * The heading's name says it now; the badge stays for the eye and is not read twice.
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import type { ContactMatch } from '@/lib/models';

const dana: ContactMatch = { contact: { id: 'd', name: 'Dana Cohen', email: 'dana@example.com', company: null, title: null }, matchedBy: 'name' };

it('names a person matched by name so in the card’s heading, with the badge for the eye only', () => {
  render(<HoverCard match={dana} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Dana Cohen (matched by name)' })).toHaveTextContent(/^Dana Cohen$/);
  expect(screen.getByText('matched by name')).toBeVisible();
  expect(screen.getByText('matched by name')).toHaveAttribute('aria-hidden', 'true');
});

it('names a person matched by address as written', () => {
  render(<HoverCard match={{ ...dana, matchedBy: 'email' }} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Dana Cohen' })).toBeInTheDocument();
  expect(screen.queryByText('matched by name')).toBeNull();
});
