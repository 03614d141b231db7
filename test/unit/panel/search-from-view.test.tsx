/**
 * A search made from a view opened on top of the page's briefing (an attendee opened on the
 * meeting) goes on top of it: "Back" from the result, named for that view, returns there. A second
 * search replaces the first result rather than stacking on it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { meetingWithAttendeeOpen } from './attendee-open';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('Panel: a search made from an attendee’s briefing', () => {
  it('comes back to the attendee the user was reading', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    await user.type(within(screen.getByRole('search')).getByLabelText('Find a person by e-mail'), 'lee@example.org{Enter}');
    expect(await screen.findByText('Not in Primer yet.')).toBeVisible();
    // Back, from the search's result, to where the search was made: Daniel's briefing.
    await user.click(screen.getByRole('button', { name: 'Back to Daniel Weiss' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
    await user.click(screen.getByRole('button', { name: /Back to the meeting/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });

  it('replaces a first search’s result with the second’s, and still comes back to the attendee', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    const field = within(screen.getByRole('search')).getByLabelText('Find a person by e-mail');
    await user.type(field, 'lee@example.org{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'lee@example.org' })).toBeVisible();
    await user.clear(field);
    await user.type(field, 'kim@example.org{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'kim@example.org' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Daniel Weiss' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible());
    expect(field).toHaveValue('');
  });
});
