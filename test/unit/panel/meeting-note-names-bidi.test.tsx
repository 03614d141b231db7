/**
 * The meeting's notes name people inside Primer's English sentences: "Still loading the briefings
 * of علي حسن, דנה כהן and Yossi Levi: not yet in the meeting’s topics and pending items." The
 * names are page text (attendee names as Gmail, Calendar or Outlook show them; a sender's display
 * name is anyone's to choose) set in the sentence as plain text. Two right-to-left names side by
 * side make one right-to-left run with the comma inside it, so they are shown in swapped order
 * (read left to right, Dana comes first); a name holding U+202E RIGHT-TO-LEFT OVERRIDE turns the
 * rest of the sentence backwards. Everywhere else the meeting names people (attendee cards, "Not in
 * Primer yet") each name is its own <bdi>. So is each in the notice of whose briefings failed and
 * in the note of who is left out. jsdom lays nothing out: this checks each name is isolated.
 */
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { ApiError } from '@/lib/api/errors';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const sam = match('sam', 'Sam Lee', 'sam@x.test');

it('isolates each name in “Still loading the briefings of …”', async () => {
  fakeBackground({
    // Sam's briefing is in; Ali, Dana and Yossi, whom the page had not matched yet, are still being looked up.
    'contact.find': (_query: PersonQuery) => new Promise(() => undefined),
    'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, recentTopics: ['Q3'] }))),
  });
  renderWithClient(
    <MeetingBriefing
      now={NOW}
      onOpenPerson={() => undefined}
      surface={surface([pagePerson('Sam Lee', 'sam@x.test', sam), pagePerson('علي حسن', 'ali@x.test', null), pagePerson('דנה כהן', 'dana@x.test', null), pagePerson('Yossi Levi', 'yossi@x.test', null)])}
    />,
  );
  const note = await screen.findByText((_, element) => element?.tagName === 'P' && /^Still loading the briefings of/.test(element.textContent ?? ''));
  expect(note).toHaveTextContent('Still loading the briefings of علي حسن, דנה כהן and Yossi Levi: not yet in the meeting’s topics and pending items.');
  const isolates = [...note.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
  expect(isolates, 'names in their own isolates').toEqual(['علي حسن', 'דנה כהן', 'Yossi Levi']);
});

it('isolates each name in the notice of whose briefings failed and the note of who is left out, apart from “(matched by name)”', async () => {
  const dana = match('dana', 'דנה כהן', null, 'name');
  const ali = match('ali', 'علي حسن', 'ali@x.test');
  fakeBackground({
    'contact.insights': ({ contactId }) => (contactId === 'sam' ? Promise.resolve(reply(insights({ contactId }))) : Promise.reject(new ApiError('server', 'boom'))),
  });
  renderWithClient(
    <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Sam Lee', 'sam@x.test', sam), pagePerson('דנה כהן', null, dana), pagePerson('علي حسن', 'ali@x.test', ali)])} />,
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load the briefings of דנה כהן (matched by name) and علي حسن.');
  const note = screen.getByText(/left out of the meeting’s topics/);
  expect(note).toHaveTextContent(/^דנה כהן \(matched by name\) and علي حسن are left out/);
  for (const element of [alert.querySelector('strong')!, note]) {
    expect([...element.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['דנה כהן', 'علي حسن']);
  }
});
