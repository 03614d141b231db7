/** A briefing the service could not refresh is said to be the last copy on the hover card, as in the panel. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardWithData } from '@/components/card/mount';
import type { CardRequest } from '@/lib/content/card-api';
import type { ContactMatch } from '@/lib/models';
import { fakeBackground } from '../support/fake-background';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn() }));

const DAY = 24 * 60 * 60 * 1000;
const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }, matchedBy: 'email' };
const briefing = (patch: Record<string, unknown> = {}) => ({
  contactId: 'm', communicationApproach: null, preferredTone: 'friendly', personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
  sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: 7,
  flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
  updatedAt: null, ...patch,
});
const offline = { kind: 'network', message: 'Failed to fetch', status: null, code: null, retryAfterMs: null } as const;

function showCard() {
  const request = { match: maya, meeting: null, viaKeyboard: false, from: null, onOpenBriefing: () => undefined, onClose: () => undefined } as unknown as CardRequest;
  render(<CardWithData request={request} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: 'Briefing: Maya Chen' });
}

describe('the hover card with the background’s last copy', () => {
  it('says why the briefing could not be refreshed and how old it is, above the briefing', async () => {
    fakeBackground({ 'contact.insights': { insights: briefing(), asOf: Date.now() - 2 * DAY, problem: offline } });
    const card = await showCard();
    const note = await within(card).findByText(/briefing as of/);
    expect(note).toHaveTextContent(/^Offline: briefing as of .+ \(2 days ago\)\.$/);
    expect(within(card).getByText('friendly')).toBeInTheDocument();
    // Read before the briefing it qualifies.
    expect(note.compareDocumentPosition(within(card).getByText('friendly')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says it for an empty last copy too', async () => {
    fakeBackground({
      'contact.insights': { insights: briefing({ preferredTone: null, totalConversations: null }), asOf: Date.now() - 3 * 60 * 60 * 1000, problem: { ...offline, kind: 'rate_limited' } },
    });
    const card = await showCard();
    expect(await within(card).findByText(/briefing as of/)).toHaveTextContent(/^The service is busy: briefing as of .+ \(3 h ago\)\.$/);
    expect(within(card).getByText(/No insights yet/)).toBeInTheDocument();
  });

  it('says nothing of copies for a current briefing', async () => {
    fakeBackground({ 'contact.insights': { insights: briefing(), asOf: Date.now() - 2 * DAY, problem: null } });
    const card = await showCard();
    expect(await within(card).findByText('friendly')).toBeInTheDocument();
    expect(within(card).queryByText(/as of/)).toBeNull();
  });
});
