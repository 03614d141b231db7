/**
 * The card and the page together (the real scanner, hover handling and card): after Esc closed a
 * card read from the keyboard, focus is back on the person's marker with no card. When the site
 * then draws the person again (a new element and marker, the old ones gone), focus follows to
 * their new marker, whether it is marked before or after the old one is dropped, and each time the
 * site draws them again; their card stays closed (Esc closed it). Focus the user moved on
 * meanwhile, and a pointer user's focus (never on the marker), are left alone.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardHost, cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

// The briefing never arrives.
vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));
const MAYA = '<span data-mail="maya@example.com">Maya</span>';

beforeEach(async () => {
  page = await pageWithCards(`<div class="s" id="one" tabindex="-1"><p>${MAYA}</p></div><button id="elsewhere">Reply</button>`, find);
});
afterEach(() => leavePage(page));

const marker = () => document.querySelector<HTMLElement>('primer-mark');
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const readPage = () => page!.scanner.scan(document.querySelectorAll('.s'));

/** Focus on Maya's marker opens her card (Enter: focus into it); Esc closes it, focus back on the marker. */
async function escapeByKeyboard(into: boolean) {
  const old = marker()!;
  old.focus();
  if (into) old.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  if (into) await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
  (into ? cardHost()! : old).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true }));
  expect(cardOpen()).toBe(false);
  expect(document.activeElement).toBe(old);
  return old;
}

it.each([
  ['in her card', true],
  ['on her marker', false],
])('after Esc %s, gives focus to Maya’s new marker when the site draws her again, her card staying closed', async (_, into) => {
  const old = await escapeByKeyboard(into);
  // The site draws the thread again: the old element and marker go, focus with them.
  document.querySelector('#one > p')!.innerHTML = MAYA;
  expect(document.activeElement).toBe(document.body);
  await settle();
  // The page reads it: the old mark is dropped, then the new element is marked.
  await readPage();
  const redrawn = marker()!;
  expect(redrawn).not.toBe(old);
  await vi.waitFor(() => expect(document.activeElement).toBe(redrawn));
  await settle();
  expect(cardOpen()).toBe(false);
});

it('after Esc, gives focus to Maya’s new marker when it was marked before the old one was dropped', async () => {
  const old = await escapeByKeyboard(false);
  // The site draws the thread anew beside the old one, which it removes a moment later.
  const next = document.createElement('div');
  next.className = 's';
  next.innerHTML = `<p>${MAYA}</p>`;
  document.body.append(next);
  await page!.scanner.scan([next]);
  const redrawn = next.querySelector<HTMLElement>('primer-mark')!;
  expect(document.activeElement).toBe(old);
  document.querySelector('#one')!.remove();
  await settle();
  await readPage();
  await vi.waitFor(() => expect(document.activeElement).toBe(redrawn));
  await settle();
  expect(cardOpen()).toBe(false);
});

it('follows Maya each time the site draws her thread again (Gmail and Outlook re-render a row more than once)', async () => {
  await escapeByKeyboard(false);
  for (const time of [1, 2]) {
    document.querySelector('#one > p')!.innerHTML = MAYA;
    await settle();
    await readPage();
    const redrawn = marker()!;
    await vi.waitFor(() => expect(document.activeElement, `drawn again ${time}`).toBe(redrawn));
    expect(cardOpen()).toBe(false);
  }
});

it('leaves focus alone once the user moved it on before Maya is drawn again', async () => {
  await escapeByKeyboard(false);
  // The site takes her out first; the page reads it (her mark is dropped).
  document.querySelector('#one > p')!.innerHTML = '';
  await readPage();
  await settle();
  const elsewhere = document.querySelector<HTMLElement>('#elsewhere')!;
  elsewhere.focus();
  document.querySelector('#one > p')!.innerHTML = MAYA;
  await readPage();
  await settle();
  expect(marker()).not.toBeNull();
  expect(document.activeElement).toBe(elsewhere);
});

it('moves no focus to Maya’s new marker after Esc closed a card the pointer opened (focus never was on her marker)', async () => {
  document.querySelector('[data-mail]')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  expect(cardOpen()).toBe(false);
  expect(document.activeElement).toBe(document.body);
  document.querySelector('#one > p')!.innerHTML = MAYA;
  await settle();
  await readPage();
  await settle();
  expect(marker()).not.toBeNull();
  expect(document.activeElement).toBe(document.body);
  expect(cardOpen()).toBe(false);
});
