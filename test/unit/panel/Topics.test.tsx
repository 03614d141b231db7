import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Topics } from '@/components/panel/person/Topics';
import { sourcedTopicsToRaise } from '@/lib/format/briefing';
import { insights } from './fixtures';

describe('Topics to raise, by where they come from', () => {
  const mixed = insights({
    recentTopics: ['Q3 roadmap', 'Hiring'],
    favoriteTopics: ['hiring ', 'Trail running', 'Layoffs'],
    interests: ['trail  running', 'Marathons', ' '],
    sensitiveTopics: ['layoffs'],
  });

  it('keeps the source of each topic; a topic in several lists keeps the first, blanks and topics to avoid left out', () => {
    expect(sourcedTopicsToRaise(mixed)).toEqual([
      { topic: 'Q3 roadmap', source: 'recent' },
      { topic: 'Hiring', source: 'recent' },
      { topic: 'Trail running', source: 'favourite' },
      { topic: 'Marathons', source: 'interest' },
    ]);
    expect(sourcedTopicsToRaise(mixed, 3).map(({ topic }) => topic)).toEqual(['Q3 roadmap', 'Hiring', 'Trail running']);
  });

  it('shows each source as a labelled group within Raise, only the sources that have topics', () => {
    const { container } = render(<Topics insights={mixed} />);
    const section = screen.getByRole('region', { name: 'Topics' });
    expect(within(section).getByRole('list', { name: 'Topics to raise: recent' }).textContent).toBe('Q3 roadmapHiring');
    expect(within(section).getByRole('list', { name: 'Topics to raise: favourites' }).textContent).toBe('Trail running');
    expect(within(section).getByRole('list', { name: 'Topics to raise: interests' }).textContent).toBe('Marathons');
    expect(within(section).getByRole('list', { name: 'Topics to avoid' }).textContent).toBe('layoffs');
    // The sources are seen too, each beside its topics.
    expect([...container.querySelectorAll('.topics-raise .topic-source')].map((label) => label.textContent)).toEqual(['Recent', 'Favourites', 'Interests']);

    const interestsOnly = render(<Topics insights={insights({ interests: ['sailing'] })} />);
    expect(within(interestsOnly.container).getAllByRole('list').map((list) => list.getAttribute('aria-label'))).toEqual(['Topics to raise: interests']);
  });
});
