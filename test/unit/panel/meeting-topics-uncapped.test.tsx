/**
 * The meeting briefing's "Topics to avoid" lists every sensitive topic of every attendee, each a
 * row: one attendee whose insights hold 3,000 (a misbehaving server, years of conversations)
 * puts 3,000 rows on screen at once, above the attendees, with no "Show all" (the person
 * card counts the rest). It is drawn a part at a time, its "Show all" reached by keyboard, focus
 * going on to the first topic it added; an ordinary meeting's topics to avoid are all shown (the
 * warning is whole: an attendee card's "and N more" points to it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from '../panel/fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('draws a part of a long list of topics to avoid, with a way to see the rest', async () => {
  const people = [
    pagePerson('Maya Chen', 'maya@ex.com', match('m', 'Maya Chen', 'maya@ex.com')),
    pagePerson('Jonas Berg', 'jonas@ex.com', match('j', 'Jonas Berg', 'jonas@ex.com')),
  ];
  const of = (id: string) => insights({ contactId: id, sensitiveTopics: id === 'm' ? Array.from({ length: 3000 }, (_, i) => `sensitive ${i}`) : ['layoffs'] });
  fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(of(contactId))), 'contact.find': () => Promise.resolve(null) });
  renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people)} />);
  const list = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' }, { timeout: 20_000 });
  expect(within(list).getAllByRole('listitem').length).toBeLessThanOrEqual(50);
}, 60_000);

it('shows the rest of the topics to avoid with “Show all”, by keyboard, focus going to the first one added', async () => {
  const people = [pagePerson('Maya Chen', 'maya@ex.com', match('m', 'Maya Chen', 'maya@ex.com'))];
  const topics = Array.from({ length: 60 }, (_, i) => `sensitive ${i}`);
  fakeBackground({ 'contact.insights': () => Promise.resolve(reply(insights({ contactId: 'm', sensitiveTopics: topics }))), 'contact.find': () => Promise.resolve(null) });
  renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people)} />);
  const list = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' }, { timeout: 20_000 });
  const shown = within(list).getAllByRole('listitem').length;
  expect(shown).toBeLessThan(60);
  const button = screen.getByRole('button', { name: 'Show all 60 topics to avoid and whom they concern' });
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(within(list).getAllByRole('listitem')).toHaveLength(60);
  expect(document.activeElement).toBe(within(list).getAllByRole('listitem')[shown]);
  expect(screen.queryByRole('button', { name: /^Show all 60/ })).toBeNull();
}, 30_000);

it('shows every topic to avoid of an ordinary meeting, with no “Show all”', async () => {
  const people = [pagePerson('Maya Chen', 'maya@ex.com', match('m', 'Maya Chen', 'maya@ex.com')), pagePerson('Jonas Berg', 'jonas@ex.com', match('j', 'Jonas Berg', 'jonas@ex.com'))];
  const of = (id: string) => insights({ contactId: id, sensitiveTopics: Array.from({ length: 15 }, (_, i) => `${id} sensitive ${i}`) });
  fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(of(contactId))), 'contact.find': () => Promise.resolve(null) });
  renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface(people)} />);
  const list = await screen.findByRole('list', { name: 'Topics to avoid and whom they concern' }, { timeout: 20_000 });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
  expect(screen.queryByRole('button', { name: /^Show all \d+ topics to avoid/ })).toBeNull();
}, 30_000);
