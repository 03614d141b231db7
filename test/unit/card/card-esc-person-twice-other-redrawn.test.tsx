/**
 * Maya is on the page twice (two threads from her). After Esc on her marker in the second thread,
 * the site draws that thread again (focus follows her there), then draws her FIRST thread again
 * (a new marker of hers there; focus stays in the second), then the second thread once more:
 * focus goes to her new marker in the second thread, not to her redrawn marker in the first.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));
const MAYA = '<span data-mail="maya@example.com">Maya</span>';
afterEach(() => leavePage(page));

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const readPage = () => page!.scanner.scan(document.querySelectorAll('.s'));
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
