/** Insights and people for the side panel's tests. */
import type { ContactMatch, Insights } from '@/lib/models';
import type { InsightsReply } from '@/lib/messaging/protocol';
import type { PagePerson, PageSurface } from '@/lib/panel/context';

export const NOW = new Date('2026-11-22T12:00:00');

export function insights(patch: Partial<Insights> = {}): Insights {
  return {
    contactId: 'm', communicationApproach: null, preferredTone: null, personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
    sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: null,
    flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
    updatedAt: null, ...patch,
  };
}

export function reply(data: Insights, patch: Partial<InsightsReply> = {}): InsightsReply {
  return { insights: data, asOf: NOW.getTime(), problem: null, ...patch };
}

export function match(id: string, name: string | null, email: string | null, matchedBy: 'email' | 'name' = 'email'): ContactMatch {
  return { contact: { id, name, email, company: null, title: null }, matchedBy };
}

export function pagePerson(name: string | null, email: string | null, known: ContactMatch | null): PagePerson {
  return { name, email, roles: ['guest'], match: known };
}

export function surface(people: PagePerson[], patch: Partial<PageSurface> = {}): PageSurface {
  return { kind: 'event', title: 'Q3 roadmap review', when: 'Tuesday 10:00', people, ...patch };
}
