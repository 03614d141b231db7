/**
 * After Esc closed a card with focus going back to the person's marker, the site may draw that
 * person again (a new element, a new marker; the old marker, and focus with it, gone). The injected
 * script then asks the card's code to follow focus to the person's new marker: only for the person
 * whose card Esc closed, and not once the user moved focus elsewhere.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import type { Mark } from '@/lib/content/scanner';
import { PageScanner } from '@/lib/content/scanner';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';
import { fakeCard } from './fake-card';

let ctx: ContentScriptContext;
let card: ReturnType<typeof fakeCard>;
let scanner: PageScanner;

beforeEach(async () => {
  // happy-dom marks no event trusted: here its events stand for the user's.
  vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
  document.body.innerHTML =
    '<div class="s" id="one"><p><span data-mail="maya@example.com">Maya</span></p></div><div class="s" id="two"><span data-mail="alex@example.com">Alex</span></div><button id="away">Reply</button>';
  scanner = new PageScanner({
    adapter: fakeAdapter(),
    lookup: new PeopleLookup((people) => Promise.resolve(people.map((p) => ('email' in p ? { contact: { id: p.email, name: 'Someone', email: p.email, company: null, title: null }, matchedBy: 'email' as const } : null)))),
    preferences: () => DEFAULT_PREFERENCES,
    ownAddresses: () => new Set(),
  });
  await scanner.scan(document.querySelectorAll('.s'));
  ctx = new ContentScriptContext('test');
  card = fakeCard();
  installHoverCards(ctx, scanner, () => Promise.resolve(card.api));
});
afterEach(() => ctx.notifyInvalidated());

const markOf = (email: string) => scanner.markFor(document.querySelector(`[data-mail="${email}"]`)!)!;

/** Focus on Maya's marker opens her card; Esc there closes it, focus staying on the marker. */
async function escapeMayasCard(): Promise<Mark> {
  const maya = markOf('maya@example.com');
  maya.marker!.focus();
  await vi.waitFor(() => expect(card.isOpen()).toBe(true));
  maya.marker!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  expect(card.isOpen()).toBe(false);
  expect(document.activeElement).toBe(maya.marker);
  return maya;
}

/** The site takes the person's element out (focus on their marker falls to the document); the page reads again. */
async function siteRemoves(selector: string) {
  document.querySelector(selector)!.innerHTML = '';
  await scanner.scan(document.querySelectorAll('.s'));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

it('asks the card to follow focus lost with the person whose card Esc closed, once the site takes their marker away', async () => {
  const maya = await escapeMayasCard();
  await siteRemoves('#one > p');
  expect(document.activeElement).toBe(document.body);
  expect(card.followed).toHaveLength(1);
  const [mark, followedIn, focus] = card.followed[0]!;
  expect(mark).toBe(maya);
  expect(followedIn).toBe(scanner);
  // Focus given through the injected script, which then opens no card the user closed.
  expect(focus).toBeTypeOf('function');
});

it('asks nothing once the user moved focus on, nor for someone else dropped', async () => {
  await escapeMayasCard();
  // Someone else leaves the page: not the person Esc was pressed on.
  await siteRemoves('#two');
  expect(card.followed).toHaveLength(0);
  // The user moves on; then Maya's element goes.
  document.querySelector<HTMLElement>('#away')!.focus();
  await siteRemoves('#one > p');
  expect(card.followed).toHaveLength(0);
  expect(document.activeElement).toBe(document.querySelector('#away'));
});
