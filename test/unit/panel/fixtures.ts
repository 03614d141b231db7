/** Insights and people for the side panel's tests. */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactMatch, Insights } from '@/lib/models';
import type { InsightsReply } from '@/lib/messaging/protocol';
import type { PagePerson, PageSurface } from '@/lib/panel/context';
import type { PanelTarget } from '@/lib/panel/target';
import { focusKey, shownKey, statusKey } from '@/lib/storage/session-keys';

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

/** The contacts a page's people carry: those its lookups were given (what shownKey keeps). */
export function pageContactIds(page: PanelTarget['page']): string[] {
  return (page?.surfaces ?? []).flatMap((shown) => shown.people.flatMap((person) => (person.match ? [person.match.contact.id] : [])));
}

/**
 * Makes the fake browser show `target` to the panel's own reads (the panel reads the target again
 * once it listens for changes, and on each change): the active tab, its focus and status, its page,
 * and the contacts the page was given (its people's matches).
 */
export async function browserShows(target: PanelTarget): Promise<void> {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue((target.tabId === null ? [] : [{ id: target.tabId }]) as never);
  // A person chosen on a card was chosen on a page with Primer in it: that page answers, showing no one.
  const page = target.page ?? (target.focus ? { site: 'gmail', recognised: true, surfaces: [] } : null);
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(page as never);
  if (target.tabId !== null) {
    await fakeBrowser.storage.session.set({ [focusKey(target.tabId)]: target.focus, [statusKey(target.tabId)]: target.status, [shownKey(target.tabId)]: pageContactIds(target.page) });
  }
}
