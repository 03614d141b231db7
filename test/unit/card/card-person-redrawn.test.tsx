/**
 * The card and the page together (the real scanner, hover handling and card): where a keyboard
 * user's focus goes when the site draws the person again while focus is in their card or on their
 * marker: the person's new marker, or the place the person was in when they are not marked again;
 * never the document. And a contact the service no longer has (the card's briefing answers 404)
 * losing its marker once the card saying so closes, focus staying near the person.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError, NOT_THE_SERVICE_CODE } from '@/lib/api/errors';
import { sendCardRequest } from '@/lib/messaging/send-card';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardHost, cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

// The briefing never arrives unless a test says otherwise.
vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
/** The service's contacts by address (a test removes one). */
let known: Set<string>;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p && known.has(p.email) ? contactAnswer(p.email, 'Maya', p.email) : null))));

beforeEach(async () => {
  known = new Set(['maya@example.com']);
  find.mockClear();
  // The thread is a dialog the site focuses itself (tabindex -1): where focus can sensibly go.
  page = await pageWithCards('<div class="s" tabindex="-1"><p><span data-mail="maya@example.com">Maya</span></p></div><button id="elsewhere">Reply</button>', find);
});
afterEach(() => leavePage(page));

const marker = () => document.querySelector<HTMLElement>('primer-mark');

/** Focus on Maya's marker opens her card; Enter moves focus into it. */
async function openByKeyboard(into: boolean) {
  marker()!.focus();
  if (into) marker()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  if (into) await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
  else expect(document.activeElement).toBe(marker());
}

/** The site draws the thread's content again: new elements for the same people. */
async function redraw(html = '<span data-mail="maya@example.com">Maya</span>') {
  const old = marker();
  document.querySelector('.s > p')!.innerHTML = html;
  // The page's observer reads the thread again a moment later.
  await new Promise((resolve) => setTimeout(resolve, 30));
  await page!.scanner.scan(document.querySelectorAll('.s'));
  return old;
}

it.each([
  ['in her card', true],
  ['on her marker', false],
])('gives focus %s to Maya’s new marker when the site draws her again', async (_, into) => {
  await openByKeyboard(into);
  const old = await redraw();
  const redrawn = marker()!;
  expect(redrawn).not.toBe(old);
  await vi.waitFor(() => expect(document.activeElement).toBe(redrawn));
});

it('gives focus to the thread she was in when the site draws someone unknown in her place', async () => {
  await openByKeyboard(true);
  await redraw('<span data-mail="x@unknown.example">X</span>');
  expect(marker()).toBeNull();
  await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('.s')), { timeout: 4000 });
});

it('leaves focus alone once the user moved it on', async () => {
  await openByKeyboard(true);
  const elsewhere = document.querySelector<HTMLElement>('#elsewhere')!;
  document.querySelector('.s > p')!.innerHTML = '<span data-mail="maya@example.com">Maya</span>';
  await new Promise((resolve) => setTimeout(resolve, 30));
  elsewhere.focus();
  await page!.scanner.scan(document.querySelectorAll('.s'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(document.activeElement).toBe(elsewhere);
});
it('takes the marker of a contact the service no longer has off the page once the card saying so closes, focus staying in the thread', async () => {
  vi.mocked(sendCardRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })));
  await openByKeyboard(true);
  // The service removed her (the background forgot her lookups on that 404).
  known.delete('maya@example.com');
  // The card says so; the marker stays while the user reads it.
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(marker()).not.toBeNull();
  // Esc closes the card; focus goes back to the marker, which then goes.
  cardHost()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await vi.waitFor(() => expect(marker()).toBeNull());
  await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('.s')));
  // Asked about again, not an hour later.
  expect(find).toHaveBeenCalledTimes(2);
});

it('keeps the marker when the 404 came from an address that is not the service (the contact may well be there)', async () => {
  vi.mocked(sendCardRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'Not found', { status: 404, code: NOT_THE_SERVICE_CODE })));
  await openByKeyboard(true);
  await new Promise((resolve) => setTimeout(resolve, 30));
  cardHost()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(marker()).not.toBeNull();
  expect(find).toHaveBeenCalledTimes(1);
});
