/**
 * The card's own reads of the page (refocus.ts, mount.tsx hide) against the runtime's life cycle
 * and a contact the service no longer has, with the real scanner, hover handling and card: no
 * marker comes back once the runtime took every mark down (site switched off, script standing
 * down); every marker of a gone contact goes, not only the one whose card said so; and it goes
 * even when another person's card opens next.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { sendCardRequest } from '@/lib/messaging/send-card';
import { cardHost, cardOpen, leavePage, mayaAndDan, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
let known: Set<string>;
const find = mayaAndDan(() => known);

beforeEach(async () => {
  known = new Set(['maya@example.com', 'maya.chen@home.example', 'dan@example.com']);
  find.mockClear();
  page = await pageWithCards(
    '<div class="s" id="one" tabindex="-1"><p><span data-mail="maya@example.com">Maya</span> <span data-mail="dan@example.com">Dan</span></p></div>' +
      '<div class="s" id="two" tabindex="-1"><p><span data-mail="maya@example.com">Maya</span> <span data-mail="maya.chen@home.example">Maya C</span></p></div>' +
      '<button id="elsewhere">Reply</button>',
    find,
  );
});
afterEach(() => leavePage(page));

const markers = () => [...document.querySelectorAll<HTMLElement>('primer-mark')];
const firstMarker = () => document.querySelector<HTMLElement>('#one [data-mail="maya@example.com"] primer-mark');

async function openByKeyboard(into: boolean) {
  firstMarker()!.focus();
  if (into) firstMarker()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  if (into) await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
}

it.each([
  ['in her card', true],
  ['on her marker', false],
])('puts no marker back on the page once the runtime took every mark down (site switched off, script invalidated), focus %s', async (_, into) => {
  await openByKeyboard(into);
  // runtime.ts stop(): the observer goes, every mark goes, then the open card closes.
  page!.scanner.clear();
  page!.closeCard();
  expect(markers()).toHaveLength(0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // The card's refocus read the thread again from the remembered answers: markers on a site switched off.
  expect(markers()).toHaveLength(0);
});

it('takes every marker of a contact the service no longer has off the page, not only the one whose card said so', async () => {
  vi.mocked(sendCardRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })));
  await openByKeyboard(true);
  known.delete('maya@example.com');
  known.delete('maya.chen@home.example');
  await new Promise((resolve) => setTimeout(resolve, 30));
  cardHost()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await vi.waitFor(() => expect(firstMarker()).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 60));
  // The same contact (same address in the second thread, and her other address) is still marked;
  // hovering it opens a card that fails again.
  expect(markers().map((m) => page!.scanner.markFor(m)!.key)).toEqual(['e:dan@example.com']);
});

it('still takes the gone contact’s marker off when the pointer then opens someone else’s card while focus is on her marker', async () => {
  vi.mocked(sendCardRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })));
  await openByKeyboard(false);
  known.delete('maya@example.com');
  await new Promise((resolve) => setTimeout(resolve, 30));
  // The pointer rests on Dan: hover.ts hides Maya's card and shows Dan's in one task.
  const dan = document.querySelector<HTMLElement>('#one [data-mail="dan@example.com"]')!;
  dan.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  await vi.waitFor(() => expect(vi.mocked(sendCardRequest).mock.calls.some(([, payload]) => (payload as { contactId?: string }).contactId === 'c-dan')).toBe(true), { timeout: 2000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Her answer was forgotten, but the thread was never read again: her marker stays, and she is not asked about.
  expect(find).toHaveBeenCalledTimes(2);
  expect(page!.scanner.markFor(document.querySelector('#one [data-mail="maya@example.com"]')!)).toBeUndefined();
});
