/**
 * An attendee's failed briefing is named "the briefing of <label>": the label may end in a note in
 * brackets, and a possessive would land on it ("Could not load Maya Chen (matched by name)’s briefing.").
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { AttendeeSummary } from '@/components/panel/meeting/AttendeeSummary';
import type { Attendee } from '@/components/panel/meeting/attendees';
import { match, NOW } from './fixtures';

function failed(matchedBy: 'email' | 'name'): Attendee {
  const maya = match('m', 'Maya Chen', 'maya@example.com', matchedBy);
  return {
    key: 'name:maya chen',
    name: 'Maya Chen',
    person: { email: null, name: 'Maya Chen', match: maya },
    state: { status: 'failed', match: maya, error: new ApiError('server', 'boom', { status: 500 }), retrying: false },
  };
}

describe('a failed attendee’s notice', () => {
  it('does not put a possessive after a bracket (name match)', () => {
    render(<AttendeeSummary attendee={failed('name')} onOpen={() => undefined} onRetry={() => undefined} now={NOW} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/Could not load/);
    expect(alert.textContent).not.toContain(')’s');
  });

  it('does not put a possessive after a bracket (namesake told apart)', () => {
    render(<AttendeeSummary attendee={failed('email')} detail="maya@example.com" onOpen={() => undefined} onRetry={() => undefined} now={NOW} />);
    expect(screen.getByRole('alert').textContent).not.toContain(')’s');
  });
});
