/**
 * A hover card showing an old copy of a briefing says why it could not be refreshed. When the
 * reason is one only Primer's options put right (Primer may not contact the service's host), the
 * card offers "Open Primer options", as its error state and the panel's note do.
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { NO_ACCESS_CODE } from '@/lib/api/errors';
import type { ContactMatch, Insights } from '@/lib/models';

const NOW = new Date('2026-11-22T12:00:00');
const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }, matchedBy: 'email' };
const insights: Insights = {
  contactId: 'm', communicationApproach: null, preferredTone: 'friendly', personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
  sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: 7,
  flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
  updatedAt: null,
};

it('offers the options when its old copy says to allow access there', () => {
  render(
    <HoverCard
      match={maya}
      now={NOW}
      focusOnOpen={false}
      onClose={() => undefined}
      onOpenOptions={() => undefined}
      state={{
        status: 'ready',
        insights,
        copy: { asOf: NOW.getTime() - 2 * 60 * 60 * 1000, problem: { kind: 'network', message: 'Primer has not been allowed to contact https://api.example.com yet: allow it in Primer’s options.', status: null, code: NO_ACCESS_CODE, retryAfterMs: null } },
      }}
    />,
  );
  expect(screen.getByText(/allow it in Primer’s options/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
});
