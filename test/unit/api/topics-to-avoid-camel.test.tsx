/**
 * Topics to avoid from a camelCase server: `topicsToAvoid` is read as `topics_to_avoid` is (as
 * every other field is read in both spellings), so what the person must not hear about is never
 * offered to raise.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { toInsights } from '@/lib/api/normalise/insights';
import { topicsToRaise } from '@/lib/format/briefing';
import type { ContactMatch } from '@/lib/models';

const maya: ContactMatch = { contact: { id: 'c1', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' };

describe('topics to avoid written topicsToAvoid', () => {
  const camel = { preferredTone: 'formal', interests: ['Layoffs', 'Sailing'], topicsToAvoid: ['Layoffs'] };

  it('reads them as the snake_case spelling is read', () => {
    expect(toInsights({ ...camel, topicsToAvoid: undefined, topics_to_avoid: ['Layoffs'] }, 'c1').sensitiveTopics).toEqual(['Layoffs']);
    expect(toInsights(camel, 'c1').sensitiveTopics).toEqual(['Layoffs']);
  });

  it('never offers one of them to raise on the hover card', () => {
    const data = toInsights(camel, 'c1');
    expect(topicsToRaise(data)).toEqual(['Sailing']);
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: data }} />);
    expect(screen.getByText('Raise').nextElementSibling).not.toHaveTextContent('Layoffs');
    expect(screen.getByText('Avoid').nextElementSibling).toHaveTextContent('Layoffs');
  });
});
