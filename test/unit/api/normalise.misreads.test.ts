/** Shapes close to ones Primer reads, which must not be read as something else (a flag's opposite, counts as items). */
import { describe, expect, it } from 'vitest';
import { toActionItems, toInsights } from '@/lib/api/normalise';

describe('preferences as a list of named flags', () => {
  it('reads a {name, value} entry as its value, not as a flag that holds', () => {
    const flags = toInsights({ preferences: [{ name: 'prefers_brevity', value: false }, { name: 'prefers_direct', value: true }, { name: 'dislikes_jargon' }] }, 'c1').flags;
    expect(flags.prefersBrevity).toBe(false);
    expect(flags.prefersDirect).toBe(true);
    expect(flags.dislikesJargon).toBe(true);
    expect(flags.prefersDataDriven).toBeNull();
  });
});

describe('insights wrapped twice, with nothing in them', () => {
  it('reads {data: {insights: []}} as no insights, not as a broken reply', () => {
    const insights = toInsights({ data: { insights: [] } }, 'c1');
    expect(insights.recentTopics).toEqual([]);
    expect(insights.pendingActionItems).toEqual([]);
  });
});

describe('pending action items given as counts', () => {
  it('reads an object of counts ({total, overdue}) as no items, not as items named "total" and "overdue"', () => {
    expect(toInsights({ pending_action_items: { total: 2, overdue: 1 } }, 'c1').pendingActionItems).toEqual([]);
    expect(toActionItems({ count: 3 }, { pendingOnly: false })).toEqual([]);
  });
});
