/**
 * In a meeting's briefing a person is named with Primer's English note after the name: "Dana
 * Cohen (matched by name)", "علي حسن (2)" for namesakes. Attendee cards isolate the name alone and
 * keep the note outside (AttendeeSummary.tsx: <bdi>name</bdi> (<bdi>detail</bdi>)). The pending
 * items' heading and the people after a topic ("Topics to avoid", "Shared topics") wrap the whole
 * label in one <bdi>: its direction is taken from the Hebrew or Arabic name (right to left), so
 * the English note is laid out inside that right-to-left run and is shown BEFORE the name:
 * "(matched by name) דנה כהן", "(2) علي حسن". So did an attendee's full briefing opened from the
 * meeting, in its "Not in this meeting" chips ("Layoffs (דנה כהן (matched by name))", one chip
 * taking its direction from the topic). jsdom lays nothing out: this checks that no isolate holding
 * the name also holds the note.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { Topics } from '@/components/panel/person/Topics';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const dana = match('dana', 'דנה כהן', 'dana@example.com', 'name');
const maya = match('maya', 'Maya Chen', 'maya@example.com');

it('isolates a right-to-left name apart from the “(matched by name)” note after it, everywhere the meeting names them', async () => {
  fakeBackground({
    'contact.find': (query: PersonQuery) => Promise.resolve('name' in query ? (query.name === 'דנה כהן' ? dana : null) : query.email === 'maya@example.com' ? maya : null),
    'contact.insights': ({ contactId }: { contactId: string }) =>
      Promise.resolve(
        reply(
          insights({
            contactId,
            sensitiveTopics: ['Layoffs'],
            recentTopics: ['Q3 pricing'],
            pendingActionItems: contactId === 'dana' ? [{ text: 'Send the deck', owner: null, dueDate: null, status: null }] : [],
          }),
        ),
      ),
  });
  renderWithClient(
    <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('דנה כהן', null, dana), pagePerson('Maya Chen', 'maya@example.com', maya)])} />,
  );
  await screen.findByRole('region', { name: /Pending action items/ });
  await screen.findByRole('region', { name: /Topics to avoid/ });
  // The attendee card does it right: the name alone in its isolate.
  const isolates = [...document.querySelectorAll('bdi')].filter((bdi) => bdi.textContent?.includes('דנה כהן'));
  expect(isolates.length).toBeGreaterThan(2);
  const withNote = isolates.filter((bdi) => bdi.textContent !== 'דנה כהן').map((bdi) => `<${bdi.parentElement?.tagName.toLowerCase()}> ${bdi.textContent}`);
  expect(withNote, 'isolates holding the note with the name').toEqual([]);
});

it('isolates the name apart from its note in the “Not in this meeting” chips of a full briefing opened from the meeting', () => {
  const avoids = [{ topic: 'Layoffs', people: [{ id: 'dana', name: 'דנה כהן', detail: null, matchedBy: 'name' as const }] }];
  render(<Topics insights={insights({ recentTopics: ['Layoffs'] })} meetingAvoids={{ avoids, kind: 'event' }} />);
  const chip = screen.getByRole('list', { name: 'Topics not to raise in this meeting' }).querySelector('li')!;
  expect(chip).toHaveTextContent('Layoffs (דנה כהן (matched by name))');
  expect([...chip.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Layoffs', 'דנה כהן']);
});
