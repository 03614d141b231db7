/**
 * A list of the insights may come wrapped in an object of its own: a nested page (`{items: […],
 * total: 3}`, DRF's `{count, results: […]}`), a relation as Strapi and JSON:API write one
 * (`{data: […]}`, each entry's fields under `attributes`). The field types are not shown by the
 * interface. Read as "an object is no list", every item and topic in them was dropped: the panel
 * said nothing was pending, or "No insights yet", for a contact with a full briefing. An object of
 * counts (`{total: 2, overdue: 1}`) is still no list of items.
 */
import { describe, expect, it } from 'vitest';
import { toInsights } from '@/lib/api/normalise';

describe('insights lists wrapped in an object', () => {
  it('reads pending action items in a nested page or a relation', () => {
    const paged = toInsights({ preferred_tone: 'warm', pending_action_items: { items: [{ text: 'Send the deck', due_date: '2026-11-30' }], total: 1 } }, 'c1');
    expect(paged.pendingActionItems).toEqual([{ text: 'Send the deck', owner: null, dueDate: '2026-11-30', status: null }]);
    const drf = toInsights({ preferred_tone: 'warm', pending_action_items: { count: 2, next: null, results: [{ task: 'Book the room' }, { task: 'Share notes', status: 'done' }] } }, 'c1');
    expect(drf.pendingActionItems.map((item) => item.text)).toEqual(['Book the room']);
    const strapi = toInsights({ preferred_tone: 'warm', pending_action_items: { data: [{ id: 7, attributes: { text: 'Confirm headcount', owner: 'Maya Chen' } }] } }, 'c1');
    expect(strapi.pendingActionItems).toEqual([{ text: 'Confirm headcount', owner: 'Maya Chen', dueDate: null, status: null }]);
  });

  it('reads topics to raise and to avoid in a nested page or a relation', () => {
    const read = toInsights(
      {
        recent_topics: { data: ['Q3 roadmap', 'Hiring'] },
        favorite_topics: { results: [{ name: 'Trail running' }], count: 1 },
        interests: { data: [{ id: 1, attributes: { name: 'Marathons' } }] },
        sensitive_topics: { items: [{ topic: 'Layoffs' }], total: 1 },
      },
      'c1',
    );
    expect(read.recentTopics).toEqual(['Q3 roadmap', 'Hiring']);
    expect(read.favoriteTopics).toEqual(['Trail running']);
    expect(read.interests).toEqual(['Marathons']);
    expect(read.sensitiveTopics).toEqual(['Layoffs']);
  });

  it('still takes an object of counts for no items, and a map of topics to counts for topics', () => {
    const read = toInsights({ pending_action_items: { total: 2, overdue: 1 }, recent_topics: { pricing: 5, hiring: 2 } }, 'c1');
    expect(read.pendingActionItems).toEqual([]);
    expect(read.recentTopics).toEqual(['pricing', 'hiring']);
  });
});
