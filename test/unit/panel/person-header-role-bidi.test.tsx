/**
 * The person briefing's header shows the contact's title and company on one line ("title ·
 * company"), both the service's text. A Hebrew or Arabic title beside a company whose name starts
 * with a digit ("3M", "7-Eleven", "1Password") is shown "3 · מנהלת מוצרM" in the panel's
 * left-to-right paragraph: the digits join the Hebrew run across the " · ". The hover card isolates
 * the same line (dir="auto", HoverCard.tsx); the panel's header must too (<bdi> for each part, or
 * dir="auto" on the line). jsdom lays nothing out: this checks the isolation is there.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonHeader } from '@/components/panel/person/PersonHeader';
import { HoverCard } from '@/components/card/HoverCard';
import type { ContactMatch } from '@/lib/models';

const maya: ContactMatch = {
  contact: { id: 'c1', name: 'דנה כהן', email: 'dana@3m.example', title: 'מנהלת מוצר', company: '3M' },
  matchedBy: 'email',
};

/** The paragraph showing `text`, whether or not its parts are elements of their own (<bdi>). */
function lineShowing(text: string): Element {
  return screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);
}

/** Whether `part` is isolated within the line holding it: the line has dir="auto", or the part is its own <bdi>. */
function isolatedIn(line: Element, part: string): boolean {
  if (line.getAttribute('dir') === 'auto') return true;
  return [...line.querySelectorAll('bdi')].some((bdi) => bdi.textContent === part);
}

describe('title and company in another script', () => {
  it('are isolated on the hover card (as a reference)', () => {
    render(<HoverCard match={maya} state={{ status: 'loading' }} focusOnOpen={false} onClose={() => undefined} />);
    const line = lineShowing('מנהלת מוצר · 3M');
    expect(isolatedIn(line, 'מנהלת מוצר')).toBe(true);
  });

  it('are isolated in the side panel’s person header', () => {
    render(<PersonHeader match={maya} fallbackName="דנה כהן" fallbackEmail={null} />);
    const line = lineShowing('מנהלת מוצר · 3M');
    expect(isolatedIn(line, 'מנהלת מוצר') && isolatedIn(line, '3M')).toBe(true);
  });
});
