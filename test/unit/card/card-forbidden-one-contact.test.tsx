/**
 * A 403 on one contact's insights (a contact the key may not see) is said on the hover card as the
 * panel says it, "The service does not allow Primer’s API key to read this.", not as if the key read
 * no briefings at all; the way to the options (where another key is entered) stays, as in the panel.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { PROBLEMS } from '@/components/panel/states/problem-text';
import type { ContactMatch } from '@/lib/models';

const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' };

describe('the hover card on a 403 for one contact', () => {
  it('says what the panel says, not that the key reads no briefings', () => {
    render(
      <HoverCard
        match={maya}
        focusOnOpen={false}
        onClose={() => undefined}
        onOpenOptions={() => undefined}
        state={{ status: 'error', error: { kind: 'forbidden', message: 'Forbidden', status: 403, code: null, retryAfterMs: null } }}
      />,
    );
    const said = screen.getByRole('alert').textContent ?? '';
    expect(PROBLEMS.forbidden.text).toBe('The service does not allow Primer’s API key to read this.');
    expect(said).not.toMatch(/not allowed to read briefings/);
    expect(said).toContain(PROBLEMS.forbidden.text);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });
});
