/**
 * After Esc (focus back on Maya's marker) and the site drawing her again (focus followed), the user
 * clicks an empty part of the page: focus goes to the document, with no focusin to say so. When the
 * site then draws Maya's row again (Gmail and Outlook re-render rows by themselves), focus is not
 * pulled back into the row the user left.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));
const MAYA = '<span data-mail="maya@example.com">Maya</span>';

beforeEach(async () => {
  page = await pageWithCards(`<div class="s" id="one"><p>${MAYA}</p></div><div id="blank">Some text</div>`, find);
});
afterEach(() => leavePage(page));

const marker = () => document.querySelector<HTMLElement>('primer-mark')!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
async function redraw() {
  document.querySelector('#one > p')!.innerHTML = MAYA;
  await settle();
  await page!.scanner.scan(document.querySelectorAll('.s'));
  await settle();
}
/** A click on text that takes no focus: focus leaves for the document (blur, no focusin). */
function clickAway() {
  const blank = document.querySelector('#blank')!;
  blank.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }));
  (document.activeElement as HTMLElement).blur();
  blank.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  expect(document.activeElement).toBe(document.body);
}

async function escapeOnMarker() {
  marker().focus();
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  marker().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true }));
  expect(cardOpen()).toBe(false);
}

it('does not pull focus back to Maya’s row after the user clicked away, once focus had followed her redraw', async () => {
  await escapeOnMarker();
  await redraw();
  expect(document.activeElement).toBe(marker());
  clickAway();
  await redraw();
  expect(document.activeElement).toBe(document.body);
});

it('does not pull focus back to Maya’s row after the user clicked away right after Esc', async () => {
  await escapeOnMarker();
  clickAway();
  await redraw();
  expect(document.activeElement).toBe(document.body);
});
