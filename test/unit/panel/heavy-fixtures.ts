/** Heavy but valid data for the side panel's and the hover card's tests. */
import type { ActionItem, Insights, TranscriptSegment } from '@/lib/models';
import { insights } from './fixtures';

export const pendingItems = (count: number, who = 'x'): ActionItem[] =>
  Array.from({ length: count }, (_, i) => ({
    text: `Follow up on item ${i} for ${who}: send the revised proposal and pricing sheet`,
    owner: 'Jordan Lee',
    dueDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
    status: 'open',
    source: { recordingId: `rec_${i % 30}`, title: `Weekly sync ${i % 30}`, date: '2026-10-01' },
  }));

/** About 21,000 characters. */
export const LONG_SUMMARY = 'Analytical and warm, likes detail. '.repeat(600);

/** 400 pending items, 150 topics to raise, 80 to avoid, a 21 KB personality summary. */
export const heavyInsights = (id: string, patch: Partial<Insights> = {}): Insights =>
  insights({
    contactId: id,
    preferredTone: 'friendly',
    communicationApproach: 'Lead with data.',
    personalitySummary: LONG_SUMMARY,
    recentTopics: Array.from({ length: 50 }, (_, i) => `recent topic ${i} ${id}`),
    favoriteTopics: Array.from({ length: 50 }, (_, i) => `favourite ${i}`),
    interests: Array.from({ length: 50 }, (_, i) => `interest ${i}`),
    sensitiveTopics: Array.from({ length: 80 }, (_, i) => `sensitive ${i}`),
    pendingActionItems: pendingItems(400, id),
    lastConversationDate: '2026-11-19',
    totalConversations: 40,
    ...patch,
  });

/** A three-hour meeting: 8,000 segments, two speakers taking turns. */
export const longTranscript = (count = 8000): TranscriptSegment[] =>
  Array.from({ length: count }, (_, i) => ({
    speaker: i % 2 ? 'Maya Chen' : 'Daniel Weiss',
    start: i * 1.35,
    end: null,
    text: `Sentence number ${i} of a long meeting about the roadmap and budget, with some more words.`,
  }));
