/**
 * Topics written as text: a line "Layoffs, restructuring" is two topics whether or not another
 * line follows it, so an interest "Restructuring" is never offered to raise while it is a topic to
 * avoid.
 */
import { describe, expect, it } from 'vitest';
import { toInsights } from '@/lib/api/normalise/insights';
import { topicsToRaise } from '@/lib/format/briefing';

describe('topics to avoid written as lines of text', () => {
  it('reads a line the same whether or not another follows it', () => {
    expect(toInsights({ sensitive_topics: 'Layoffs, restructuring' }, 'c1').sensitiveTopics).toEqual(['Layoffs', 'restructuring']);
    expect(toInsights({ sensitive_topics: 'Layoffs, restructuring\nSalary' }, 'c1').sensitiveTopics).toEqual(['Layoffs', 'restructuring', 'Salary']);
  });

  it('never offers one of them to raise', () => {
    const data = toInsights({ sensitive_topics: '- Layoffs, restructuring\n- Salary', interests: ['Restructuring', 'Sailing'] }, 'c1');
    expect(topicsToRaise(data)).toEqual(['Sailing']);
  });
});
