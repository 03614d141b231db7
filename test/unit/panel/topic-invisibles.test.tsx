/**
 * A topic to avoid that differs from one to raise only by invisible format characters: a
 * right-to-left mark around Arabic or Hebrew text, a zero-width space or soft hyphen from a copy,
 * a byte-order mark. They look the same on screen and are one topic.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Topics } from '@/components/panel/person/Topics';
import { topicsToRaise } from '@/lib/format/briefing';
import { sharedTopics, type BriefedAttendee } from '@/lib/format/meeting';
import { topicKey } from '@/lib/format/text';
import { insights } from './fixtures';

const variants: [string, string][] = [
  ['التسريحات', '\u200Fالتسريحات\u200F'], // "layoffs", wrapped in right-to-left marks
  ['Layoffs', 'Layoffs\u200B'], // zero-width space
  ['Layoffs', 'Lay\u00ADoffs'], // soft hyphen
  ['Layoffs', '\uFEFFLayoffs'], // byte-order mark
];

describe('topics told apart by invisible characters', () => {
  it('are one topic', () => {
    for (const [seen, written] of variants) expect(topicKey(written)).toBe(topicKey(seen));
  });

  it('never offers a topic to avoid to raise', () => {
    for (const [avoid, interest] of variants) {
      expect(topicsToRaise(insights({ interests: [interest, 'Sailing'], sensitiveTopics: [avoid] }))).toEqual(['Sailing']);
    }
    render(<Topics insights={insights({ recentTopics: ['Layoffs\u200B', 'Sailing'], sensitiveTopics: ['Layoffs'] })} />);
    const section = screen.getByRole('region', { name: 'Topics' });
    expect(within(section).getByRole('list', { name: 'Topics to raise: recent' }).textContent).toBe('Sailing');
  });

  it('are not shared in a meeting where someone is to avoid them', () => {
    const attendee = (id: string, patch: Parameters<typeof insights>[0]): BriefedAttendee => ({ id, name: id, insights: insights({ contactId: id, ...patch }) });
    const shared = sharedTopics([
      attendee('Ann', { interests: ['Lay\u00ADoffs'] }),
      attendee('Bo', { interests: ['Lay\u00ADoffs'] }),
      attendee('Cy', { sensitiveTopics: ['Layoffs'] }),
    ]);
    expect(shared).toEqual([]);
  });
});
