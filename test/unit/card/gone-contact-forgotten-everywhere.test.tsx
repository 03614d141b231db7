/**
 * A contact the service no longer has (its card answered 404) is forgotten by the page as the card
 * closes (mount.tsx hide/forgetContact): also when the page's own read took the person's mark down
 * as the card closed (the site reused the element for someone else), and also where the contact is
 * marked without a marker (a recipient inside an editable draft: the mark has marker === null).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { sendCardRequest } from '@/lib/messaging/send-card';
import { cardHost, cardOpen, leavePage, mayaAndDan, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
let known: Set<string>;
const find = mayaAndDan(() => known);

async function setUp(html: string) {
  known = new Set(['maya@example.com', 'maya.chen@home.example', 'dan@example.com']);
  find.mockClear();
  page = await pageWithCards(html, find);
}

beforeEach(() => {
  page = undefined;
  vi.mocked(sendCardRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })));
});
afterEach(() => leavePage(page));

const mayaMarker = () => document.querySelector<HTMLElement>('#one [data-mail="maya@example.com"] primer-mark');

async function openMayasCardAndLetItFail() {
  mayaMarker()!.focus();
  mayaMarker()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  known.delete('maya@example.com');
  known.delete('maya.chen@home.example');
  // The card's briefing answers 404: the contact is gone.
  await new Promise((resolve) => setTimeout(resolve, 30));
}

it('forgets the gone contact even when the page’s own read took her mark down as the card closed (element reused for someone else)', async () => {
  await setUp(
    '<div class="s" id="one"><p><span data-mail="maya@example.com">Maya</span> <span data-mail="dan@example.com">Dan</span></p></div>' +
      '<div class="s" id="two"><p><span data-mail="maya@example.com">Maya</span></p></div>',
  );
  await openMayasCardAndLetItFail();
  // Outlook keeps the From element for the next message: it now shows someone else; the page reads it.
  const from = document.querySelector<HTMLElement>('#one [data-mail="maya@example.com"]')!;
  from.dataset.mail = 'sam@example.com';
  from.textContent = 'Sam';
  await page!.scanner.scan([document.getElementById('one')!]);
  await vi.waitFor(() => expect(cardOpen()).toBe(false));
  await new Promise((resolve) => setTimeout(resolve, 60));
  // The page reads the other thread again later (any change to it): she must not be marked from a remembered answer.
  await page!.scanner.scan([document.getElementById('two')!]);
  expect(page!.scanner.markFor(document.querySelector('#two [data-mail="maya@example.com"]')!)).toBeUndefined();
});

it('forgets a mark of the gone contact that has no marker (a recipient inside an editable draft)', async () => {
  await setUp(
    '<div class="s" id="one"><p><span data-mail="maya@example.com">Maya</span> <span data-mail="dan@example.com">Dan</span></p></div>' +
      '<div class="s" id="two"><div contenteditable="true"><span data-mail="maya.chen@home.example">Maya C</span></div></div>',
  );
  const draftRecipient = document.querySelector('#two [data-mail="maya.chen@home.example"]')!;
  // Marked without a marker (typing must not meet Primer's node), still hovered to a card.
  expect(page!.scanner.markFor(draftRecipient)?.marker).toBeNull();
  await openMayasCardAndLetItFail();
  cardHost()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await vi.waitFor(() => expect(mayaMarker()).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 60));
  // Her other address in the draft is the same contact: forgotten and read again, as a marked one is.
  expect(page!.scanner.markFor(draftRecipient)).toBeUndefined();
});
