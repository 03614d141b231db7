/**
 * A person shown more than once on the page (two threads from Maya): when the site draws them again
 * where focus was with them (in their card, on their marker, or given back to it by Esc), focus
 * goes to their new marker there, not to their marker elsewhere on the page (the other thread),
 * which was there before.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardHost, cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));
const MAYA = '<span data-mail="maya@example.com">Maya</span>';
afterEach(() => leavePage(page));

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const readPage = () => page!.scanner.scan(document.querySelectorAll('.s'));

async function escapeOn(old: HTMLElement) {
  old.focus();
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  old.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true }));
  expect(cardOpen()).toBe(false);
  expect(document.activeElement).toBe(old);
}

it('gives focus to Maya’s redrawn marker in the second thread, not to her marker in the first', async () => {
  page = await pageWithCards(`<div class="s" id="one"><p>${MAYA}</p></div><div class="s" id="two"><p>${MAYA}</p></div>`, find);
  const first = document.querySelector<HTMLElement>('#one primer-mark')!;
  await escapeOn(document.querySelector<HTMLElement>('#two primer-mark')!);
  document.querySelector('#two > p')!.innerHTML = MAYA;
  await settle();
  await readPage();
  await settle();
  const redrawn = document.querySelector<HTMLElement>('#two primer-mark')!;
  expect(redrawn).not.toBeNull();
  expect(document.activeElement).not.toBe(first);
  expect(document.activeElement).toBe(redrawn);
});

it.each([
  ['in her card', true],
  ['on her marker', false],
])('gives focus %s to Maya’s redrawn marker in the second thread, not to her marker in the first', async (_, into) => {
  page = await pageWithCards(`<div class="s" id="one"><p>${MAYA}</p></div><div class="s" id="two"><p>${MAYA}</p></div>`, find);
  const first = document.querySelector<HTMLElement>('#one primer-mark')!;
  const old = document.querySelector<HTMLElement>('#two primer-mark')!;
  old.focus();
  if (into) old.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  if (into) await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
  document.querySelector('#two > p')!.innerHTML = MAYA;
  await settle();
  await readPage();
  await settle();
  const redrawn = document.querySelector<HTMLElement>('#two primer-mark')!;
  expect(redrawn).not.toBe(old);
  expect(document.activeElement).not.toBe(first);
  expect(document.activeElement).toBe(redrawn);
});

// Her other thread drawn again meanwhile (a new marker of hers there) does not draw focus to it on
// a later redraw of the thread she was in.
const markerIn = (id: string) => document.querySelector<HTMLElement>(`#${id} primer-mark`)!;

async function redraw(id: string) {
  document.querySelector(`#${id} > p`)!.innerHTML = MAYA;
  await settle();
  await readPage();
  await settle();
}

it('follows Maya to her second thread each time it is redrawn, even after her first thread was redrawn meanwhile', async () => {
  page = await pageWithCards(`<div class="s" id="one"><p>${MAYA}</p></div><div class="s" id="two"><p>${MAYA}</p></div>`, find);
  const old = markerIn('two');
  old.focus();
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  old.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true }));
  expect(document.activeElement).toBe(old);

  await redraw('two');
  expect(document.activeElement).toBe(markerIn('two'));
  // Her other thread is drawn again (a new message in it); focus is not there.
  await redraw('one');
  expect(document.activeElement).toBe(markerIn('two'));
  // Her second thread once more.
  await redraw('two');
  expect(document.activeElement).not.toBe(markerIn('one'));
  expect(document.activeElement).toBe(markerIn('two'));
  expect(cardOpen()).toBe(false);
});
