/**
 * Arabic and Hebrew text from the service or the page keeps its own order, and leaves Primer's
 * English around it in its own: outside text is isolated (<bdi>, or dir="auto" on the block holding
 * it alone). jsdom lays nothing out: these check that the isolation is there; Chromium does the rest.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { HowToTalk } from '@/components/panel/person/HowToTalk';
import { TopicList } from '@/components/panel/person/Topics';
import { Transcript } from '@/components/panel/recordings/Transcript';
import { AttendeeSummary } from '@/components/panel/meeting/AttendeeSummary';
import type { Attendee } from '@/components/panel/meeting/attendees';
import { insights, match, NOW, reply } from './fixtures';

/** The element holding exactly `text`, and whether it is isolated from what is around it. */
function isolated(text: string): boolean {
  const element = screen.getByText(text);
  return element.tagName === 'BDI' || element.getAttribute('dir') === 'auto';
}

describe('outside text in another script', () => {
  it('is isolated in action items, how to talk to them, topic chips and transcripts', () => {
    render(
      <>
        <ActionItemList items={[{ text: 'أرسل عرض Q3 إلى الفريق', owner: null, dueDate: null, status: null }]} label="Items" now={NOW} />
        <HowToTalk insights={insights({ preferredTone: 'رسمي', communicationApproach: 'ישיר וקצר', personalitySummary: 'מעדיף נתונים.' })} />
        <TopicList topics={['تسريح العمال']} label="Avoid" />
        <Transcript transcript={{ recordingId: 'r1', segments: [{ speaker: 'דנה כהן', start: 65, end: 70, text: 'שלום לכולם' }, { speaker: 'דנה כהן', start: 71, end: 75, text: 'נתחיל' }] }} />
      </>,
    );
    for (const text of ['أرسل عرض Q3 إلى الفريق', 'رسمي', 'ישיר וקצר', 'מעדיף נתונים.', 'تسريح العمال', 'דנה כהן', 'שלום לכולם', 'נתחיל']) expect(isolated(text), text).toBe(true);
  });

  it('is isolated name by name and topic by topic in a meeting’s attendee, the commas and counts outside', () => {
    const maya = match('c1', 'علي حسن', 'ali@x.test');
    const attendee: Attendee = {
      key: 'email:ali@x.test',
      name: 'علي حسن',
      person: { email: 'ali@x.test', name: 'علي حسن', match: maya },
      state: {
        status: 'briefed',
        match: maya,
        reply: reply(insights({ preferredTone: 'رسمي', recentTopics: ['ميزانية 2027', 'التوظيف', 'Q3'], sensitiveTopics: ['تسريح العمال', '2027 budget'] })),
        updatedAt: NOW.getTime(),
        refreshProblem: null,
      },
    };
    render(<AttendeeSummary attendee={attendee} detail="2" onOpen={() => undefined} onRetry={() => undefined} now={NOW} />);
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent('علي حسن (2)');
    expect(within(heading).getByText('علي حسن').tagName).toBe('BDI');
    for (const topic of ['ميزانية 2027', 'التوظيف', 'تسريح العمال', '2027 budget', 'رسمي']) expect(screen.getByText(topic).tagName, topic).toBe('BDI');
    expect(screen.getByText('Avoid').nextElementSibling).toHaveTextContent('تسريح العمال, 2027 budget');
  });
});
