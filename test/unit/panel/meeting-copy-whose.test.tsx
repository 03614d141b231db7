/**
 * A 25-person meeting asks for 25 briefings at once; the service answers some and asks Primer to
 * slow down for the rest, which the background then answers from their last copies (cache.ts
 * `revalidate`: the copy, with the problem). The meeting's one note says "The service is busy:
 * showing the briefing as of <3 h ago>" — as if the whole briefing were three hours old — and
 * never whose: every card reads like the fresh ones beside it. The sibling case (the panel's own
 * copy after a failed refresh, meeting-stale-whose.test.tsx) names whose; this one must too.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('MeetingBriefing: one attendee answered from the background’s last copy', () => {
  it('says whose briefing is the old copy, not "the briefing" as if all of it were', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const lee = match('l', 'Lee Park', 'lee@example.org');
    const busy = { kind: 'rate_limited' as const, message: 'slow down', status: 429, code: null, retryAfterMs: 30_000 };
    fakeBackground({
      'contact.insights': ({ contactId }) =>
        Promise.resolve(
          contactId === 'm'
            ? reply(insights({ contactId, preferredTone: 'formal' }), { asOf: NOW.getTime() - 3 * 3_600_000, problem: busy })
            : reply(insights({ contactId, preferredTone: 'warm' })),
        ),
    });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Lee Park', 'lee@example.org', lee)])}
      />,
    );
    const note = (await screen.findByText(/showing the .*as of/)).closest('.freshness')!;
    // Two of the three briefings are fresh: only Maya's is three hours old.
    expect(note).toHaveTextContent('Maya Chen');
  });
});
