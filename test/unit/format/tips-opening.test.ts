/**
 * Do/don't tips read together: at most one of them tells the user how to start a conversation,
 * whichever flags are set together.
 */
import { describe, expect, it } from 'vitest';
import { tipsFromFlags } from '@/lib/format/tips';
import type { PreferenceFlags } from '@/lib/models';

const none: PreferenceFlags = { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null };

/** What a tip tells the user to start with ("open with the agenda", "the summary first", "give context first"). */
const OPENING = /\b(open(?:s|ing)? with|lead(?:s|ing)? with|first)\b/i;

describe('do/don’t tips read together', () => {
  it('never tell the user to start a conversation in two different ways', () => {
    // Someone who prefers an indirect approach, dislikes small talk and prefers brevity: three real flags together.
    const { dos, donts } = tipsFromFlags({ ...none, prefersDirect: false, dislikesSmallTalk: true, prefersBrevity: true });
    const openings = [...dos, ...donts].filter((tip) => OPENING.test(tip.text)).map((tip) => tip.text);
    expect(openings).toEqual([expect.any(String)]);
  });

  it('leave at most one tip about how to start, whichever known flags come together', () => {
    const flags = Object.keys(none) as (keyof PreferenceFlags)[];
    const values = [null, true, false] as const;
    for (let combination = 0; combination < values.length ** flags.length; combination++) {
      const set = Object.fromEntries(flags.map((flag, index) => [flag, values[Math.floor(combination / values.length ** index) % values.length]])) as PreferenceFlags;
      const { dos, donts } = tipsFromFlags(set);
      const openings = [...dos, ...donts].filter((tip) => OPENING.test(tip.text));
      expect(openings.length, JSON.stringify(set)).toBeLessThanOrEqual(1);
    }
  });
});
