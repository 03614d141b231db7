/**
 * The card's body is its dialog's description, read whole as the card opens. A long preferred tone
 * (a paragraph the service wrote) is clamped to three lines on screen, and a long topic to two on
 * its chip: a screen reader heard all of each, as it did the 21 KB summary before fallbackFact was
 * cut to FACT_MAX. Each is cut in its text too, with an ellipsis.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { FACT_MAX } from '@/lib/format/briefing';
import { insights, match, NOW } from '../panel/fixtures';

const maya = match('m', 'Maya Chen', 'maya@example.com');
const LONG_TONE = 'Direct and data-driven; open with the numbers, keep it brief. '.repeat(200);
const LONG_TOPIC = 'The Q3 budget and how it was spent across the regional offices '.repeat(100);

describe('HoverCard: long text from the service', () => {
  it('a preferred tone is said to screen readers in a few lines too, as the fallback fact is, not only clamped for the eye', () => {
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ preferredTone: LONG_TONE, recentTopics: ['Q3 budget'] }) }} />);
    const description = document.getElementById(screen.getByRole('dialog').getAttribute('aria-describedby')!)!;
    const tone = screen.getByText('Tone').nextElementSibling!;
    expect(tone.textContent.length).toBeLessThanOrEqual(FACT_MAX);
    expect(description.textContent.length).toBeLessThan(400);
  });

  it("a topic is said cut to a chip's length, not only clamped for the eye", () => {
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ recentTopics: [LONG_TOPIC, 'Hiring'], sensitiveTopics: [`Avoid: ${LONG_TOPIC}`] }) }} />);
    const description = document.getElementById(screen.getByRole('dialog').getAttribute('aria-describedby')!)!;
    const chips = [...description.querySelectorAll('.chips li')].map((chip) => chip.textContent);
    expect(chips).toContain('Hiring');
    for (const chip of chips) expect(chip.length).toBeLessThanOrEqual(80);
    expect(chips.filter((chip) => chip.endsWith('…'))).toHaveLength(2);
    expect(description.textContent.length).toBeLessThan(400);
  });
});
