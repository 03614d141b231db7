/**
 * Where the person's marker is out of the Tab order (Calendar's guest tree, a site's arrow-key
 * widget), Esc gives focus back to the focused row around it. When the site then draws the row
 * again, focus follows to the person's new row, as Esc itself would put it, not onto the marker
 * inside it nor the document; also when the card was only shown because the row had focus.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardHost, cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));
const ITEM = '<div role="treeitem" tabindex="0" class="item"><span data-mail="maya@example.com">Maya</span></div>';

beforeEach(async () => {
  page = await pageWithCards(`<div class="s" id="one"><div role="tree" id="tree">${ITEM}</div></div>`, find);
});
afterEach(() => leavePage(page));

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const item = () => document.querySelector<HTMLElement>('.item')!;

it.each([
  ['Alt+Down into her card, then Esc there', true],
  ['focus on her row (card shown), then Esc', false],
])('after %s, follows Maya to her redrawn row when the site draws the tree again', async (_, into) => {
  const row = item();
  expect(row.querySelector<HTMLElement>('primer-mark')!.tabIndex).toBe(-1);
  row.focus();
  if (into) row.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  if (into) await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
  (into ? cardHost()! : row).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true }));
  expect(cardOpen()).toBe(false);
  expect(document.activeElement).toBe(row);
  // Calendar draws the guest list again.
  document.getElementById('tree')!.innerHTML = ITEM;
  await settle();
  await page!.scanner.scan(document.querySelectorAll('.s'));
  await new Promise((resolve) => setTimeout(resolve, 1700));
  expect(item()).not.toBe(row);
  expect(document.activeElement).toBe(item());
  expect(cardOpen()).toBe(false);
});
