/**
 * An attendee whose only fact is a last-conversation date Primer will not read ("11/12/2026": 11
 * Dec or 12 Nov): their card in the meeting shows it as written, as their full briefing does, not
 * "No insights yet".
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AttendeeSummary } from '@/components/panel/meeting/AttendeeSummary';
import type { Attendee } from '@/components/panel/meeting/attendees';
import { insights, match, NOW, reply } from './fixtures';

it('shows a last conversation date it cannot read as the server wrote it', () => {
  const maya = match('c1', 'Maya Chen', 'maya@x.test');
  const attendee: Attendee = {
    key: 'email:maya@x.test',
    name: 'Maya Chen',
    person: { email: 'maya@x.test', name: 'Maya Chen', match: maya },
    state: { status: 'briefed', match: maya, reply: reply(insights({ lastConversationDate: '11/12/2026' })), updatedAt: NOW.getTime(), refreshProblem: null },
  };
  render(<AttendeeSummary attendee={attendee} onOpen={() => undefined} onRetry={() => undefined} now={NOW} />);
  expect(screen.queryByText('No insights yet.')).toBeNull();
  expect(screen.getByText('Last talk').nextElementSibling).toHaveTextContent('11/12/2026');
});
