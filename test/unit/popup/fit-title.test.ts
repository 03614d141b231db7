import { describe, expect, it } from 'vitest';
import { fitTitle } from '@/components/popup/fit-title';

describe('fitTitle', () => {
  it('leaves a title that fits as it is, to the last character', () => {
    expect(fitTitle('Q3 roadmap review')).toBe('Q3 roadmap review');
    expect(fitTitle('a'.repeat(500))).toBe('a'.repeat(500));
    expect(fitTitle('  spaced  ')).toBe('  spaced  ');
  });

  it('cuts a longer one at the last word break that fits, with an ellipsis', () => {
    expect(fitTitle('Budget review with the whole team', 20)).toBe('Budget review with…');
    // The cut falling just before a space keeps the whole word before it.
    expect(fitTitle('Budget review with the whole team', 19)).toBe('Budget review with…');
    expect(fitTitle('Budget, hiring and – planning for next year', 22)).toBe('Budget, hiring and…');
    expect(fitTitle('Budget review with the whole team', 20).length).toBeLessThanOrEqual(20);
  });

  it('cuts inside a word that fills most of it, and never through an emoji', () => {
    expect(fitTitle(`${'x'.repeat(30)} tail`, 10)).toBe(`${'x'.repeat(9)}…`);
    const emoji = `${'a'.repeat(8)}😀😀😀`;
    const fitted = fitTitle(emoji, 10);
    expect(fitted).toBe(`${'a'.repeat(8)}…`);
    expect(fitted.length).toBeLessThanOrEqual(10);
  });
});
