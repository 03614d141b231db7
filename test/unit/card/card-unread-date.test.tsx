/**
 * A briefing whose only fact is a last-conversation date Primer will not read ("11/12/2026": 11
 * Dec or 12 Nov): the panel shows it as written; the hover card must say something too, not an
 * empty body (which is also the dialog's whole description).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { Conversations } from '@/components/panel/person/Conversations';
import { isEmptyBriefing } from '@/lib/format/briefing';
import type { ContactMatch, Insights } from '@/lib/models';

const NOW = new Date('2026-11-22T12:00:00');
const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' };
const data: Insights = {
  contactId: 'm', communicationApproach: null, preferredTone: null, personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
  sensitiveTopics: [], pendingActionItems: [], lastConversationDate: '11/12/2026', totalConversations: null,
  flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
  updatedAt: null,
};

describe('a last conversation date shown as written', () => {
  it('is shown by the panel', () => {
    expect(isEmptyBriefing(data)).toBe(false);
    render(<Conversations insights={data} now={NOW} />);
    expect(screen.getByRole('region', { name: 'Conversations' })).toHaveTextContent('Last11/12/2026');
  });

  it('leaves the hover card saying something', () => {
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: data }} />);
    const dialog = screen.getByRole('dialog', { name: 'Briefing: Maya Chen' });
    // The body (the dialog's description) is not empty: the date as written, or "No insights yet".
    expect(dialog).toHaveAccessibleDescription(/\S/);
  });
});
