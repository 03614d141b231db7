/**
 * Escape goes back from a view opened on top (as its Back button, which advertises it with
 * aria-keyshortcuts, does) wherever focus is outside a field being typed in: on the document once
 * the user clicked the briefing's text, or on the search bar's Find button.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { meetingWithAttendeeOpen } from './attendee-open';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('Panel: Escape goes back', () => {
  it('goes back on Escape after the user clicked the briefing’s text (focus fell to the document)', async () => {
    const user = userEvent.setup();
    const article = await meetingWithAttendeeOpen(user);
    expect(screen.getByRole('button', { name: /Back to the meeting/ })).toHaveAttribute('aria-keyshortcuts', 'Escape');
    // A mouse user clicks on the briefing's header (Daniel's address, to copy it): focus leaves
    // the heading for the document.
    await user.click(article.querySelector<HTMLElement>('.person-header p.subtle')!);
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });

  it('goes back on Escape from the search bar’s Find button (not a field being typed in)', async () => {
    const user = userEvent.setup();
    await meetingWithAttendeeOpen(user);
    within(screen.getByRole('search')).getByRole('button', { name: 'Find' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  });
});
