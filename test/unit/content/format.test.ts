import { describe, expect, it } from 'vitest';
import { isEmptyBriefing, pendingCounts, topicsToRaise } from '@/lib/format/briefing';
import { formatDate, isOverdue, relativeDay } from '@/lib/format/dates';
import type { Insights } from '@/lib/models';

const NOW = new Date('2026-11-22T12:00:00');

describe('dates', () => {
  it('says when, relatively and absolutely', () => {
    expect(relativeDay('2026-11-22T08:00:00', NOW, 'en')).toBe('today');
    expect(relativeDay('2026-11-21', NOW, 'en')).toBe('yesterday');
    expect(relativeDay('2026-11-19', NOW, 'en')).toBe('3 days ago');
    expect(relativeDay('2026-10-25', NOW, 'en')).toBe('4 weeks ago');
    expect(relativeDay('2026-06-01', NOW, 'en')).toBe('6 months ago');
    expect(relativeDay('2023-01-01', NOW, 'en')).toBe('4 years ago');
    // A week ahead is no time zone's slip: relativeDay (how long ago) says nothing of it.
    expect(relativeDay('2026-11-29', NOW, 'en')).toBeNull();
    expect(relativeDay('nonsense', NOW)).toBeNull();
    expect(relativeDay(null, NOW)).toBeNull();
    expect(formatDate('2026-11-12', 'en-GB')).toBe('12 Nov 2026');
    expect(formatDate(null)).toBeNull();
  });

  it('counts an item due before today as overdue, not one due today', () => {
    expect(isOverdue('2026-11-21', NOW)).toBe(true);
    expect(isOverdue('2026-11-22', NOW)).toBe(false);
    expect(isOverdue(null, NOW)).toBe(false);
  });
});

describe('briefing helpers', () => {
  const base: Insights = {
    contactId: 'c', communicationApproach: null, preferredTone: null, personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
    sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: null,
    flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
    updatedAt: null,
  };

  it('raises recent topics first, without repeats or anything to avoid', () => {
    const insights = { ...base, recentTopics: ['A', 'b'], favoriteTopics: ['B', 'c'], interests: ['d', 'Secret'], sensitiveTopics: ['secret'] };
    expect(topicsToRaise(insights)).toEqual(['A', 'b', 'c', 'd']);
    expect(topicsToRaise(insights, 2)).toEqual(['A', 'b']);
  });

  it('counts pending and overdue items and knows an empty briefing', () => {
    const insights = { ...base, pendingActionItems: [{ text: 'x', owner: null, dueDate: '2026-01-01', status: null }, { text: 'y', owner: null, dueDate: null, status: null }] };
    expect(pendingCounts(insights, NOW)).toEqual({ pending: 2, overdue: 1 });
    expect(isEmptyBriefing(base)).toBe(true);
    expect(isEmptyBriefing(insights)).toBe(false);
  });
});
