/**
 * The site switched off (runtime.ts stop: every mark taken down, then the open card closed) while a
 * keyboard user reads a card: nothing is read again (refocus gets no roots), so only REFIND_MS ends
 * the following. Focus must then land near the person, whose element is still on the page, and not
 * be left on the document (refocus.ts: "never left on the document").
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import { cardHost, cardOpen, contactAnswer, leavePage, pageWithCards, type PageWithCards } from './page-with-cards';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let page: PageWithCards | undefined;
const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p ? contactAnswer('c-maya', 'Maya', p.email) : null))));

beforeEach(async () => {
  // A message list: the thread's root takes no focus; the row the person is in does.
  page = await pageWithCards('<div class="s" id="one"><div role="row" tabindex="0" id="row"><span data-mail="maya@example.com">Maya</span></div></div>', find);
});
afterEach(() => leavePage(page));

it('puts focus on the person’s row, not the document, once the site was switched off under a card read from the keyboard', async () => {
  const marker = document.querySelector<HTMLElement>('#one primer-mark')!;
  marker.focus();
  marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await vi.waitFor(() => expect(cardOpen()).toBe(true));
  await vi.waitFor(() => expect(document.activeElement).toBe(cardHost()));
  // runtime.ts stop(): every mark goes, then the open card closes.
  page!.scanner.clear();
  page!.closeCard();
  await new Promise((resolve) => setTimeout(resolve, 1700));
  expect(document.querySelectorAll('primer-mark')).toHaveLength(0);
  expect(document.activeElement).toBe(document.getElementById('row'));
});
