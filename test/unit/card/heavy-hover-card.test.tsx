import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { fallbackFact } from '@/lib/format/briefing';
import { insights, match, NOW } from '../panel/fixtures';
import { heavyInsights, LONG_SUMMARY } from '../panel/heavy-fixtures';

const maya = match('m', 'Maya Chen', 'maya@example.com');

describe('HoverCard with heavy data', () => {
  it('caps its lists: three topics to raise, four to avoid and a count, the number of pending items', () => {
    const { container } = render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: heavyInsights('m') }} />);
    expect(container.querySelectorAll('.chips li')).toHaveLength(3 + 4 + 1);
    expect(screen.getByText('+76 more')).toBeInTheDocument();
    expect(screen.getByText('400 action items')).toBeInTheDocument();
  });

  it('says a 21 KB personality summary, its only fact, in a few lines to screen readers too, not only to the eye', () => {
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ personalitySummary: LONG_SUMMARY }) }} />);
    // The card is clamped to three lines by CSS, but its description is what a screen reader reads
    // as it opens. Before: 21,005 characters.
    const description = document.getElementById(screen.getByRole('dialog').getAttribute('aria-describedby')!)!;
    expect(description.textContent.length).toBeLessThan(400);
    expect(description).toHaveTextContent(/^About.*Analytical and warm.*…$/);
  });

  it('gives the short forms (a meeting’s attendee card too) a short fact', () => {
    expect(fallbackFact(insights({ personalitySummary: LONG_SUMMARY }))!.text.length).toBeLessThanOrEqual(280);
  });
});
