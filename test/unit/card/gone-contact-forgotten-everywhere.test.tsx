/**
 * A contact the service no longer has (its card answered 404) is forgotten by the page as the card
 * closes (mount.tsx hide/forgetContact): also when the page's own read took the person's mark down
 * as the card closed (the site reused the element for someone else), and also where the contact is
 * marked without a marker (a recipient inside an editable draft: the mark has marker === null).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import { ApiError } from '@/lib/api/errors';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { sendRequest } from '@/lib/messaging/send';
import type { PersonQuery } from '@/lib/messaging/content-protocol';
import type { HoverCardApi } from '@/lib/content/card-api';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from '../content/fake-adapter';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn(() => new Promise(() => undefined)) }));

let ctx: ContentScriptContext;
let scanner: PageScanner;
let card: HoverCardApi;
let known: Set<string>;
const find = vi.fn((people: PersonQuery[]) =>
  Promise.resolve(
    people.map((p) =>
      'email' in p && known.has(p.email)
        ? { contact: p.email === 'dan@example.com' ? { id: 'c-dan', name: 'Dan', email: p.email, company: null, title: null } : { id: 'c-maya', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const }
        : null,
    ),
  ),
);

async function setUp(html: string) {
  document.body.innerHTML = html;
  known = new Set(['maya@example.com', 'maya.chen@home.example', 'dan@example.com']);
  find.mockClear();
  scanner = new PageScanner({ adapter: fakeAdapter(), lookup: new PeopleLookup(find), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
  await scanner.scan(document.querySelectorAll('.s'));
  ctx = new ContentScriptContext('test');
  card = createHoverCardApi();
  installHoverCards(ctx, scanner, () => Promise.resolve(card));
}

beforeEach(() => {
  vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 200, 80, 16));
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
  vi.mocked(sendRequest).mockImplementation(() => Promise.reject(new ApiError('not_found', 'The service does not have this item.', { status: 404 })));
});
afterEach(() => {
  ctx.notifyInvalidated();
  vi.mocked(sendRequest).mockReset().mockImplementation(() => new Promise(() => undefined));
});

const cardHost = () => document.querySelector<HTMLElement>('primer-hover-card');
const cardOpen = () => cardHost()?.style.display === 'block';
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
  await scanner.scan([document.getElementById('one')!]);
  await vi.waitFor(() => expect(cardOpen()).toBe(false));
  await new Promise((resolve) => setTimeout(resolve, 60));
  // The page reads the other thread again later (any change to it): she must not be marked from a remembered answer.
  await scanner.scan([document.getElementById('two')!]);
  expect(scanner.markFor(document.querySelector('#two [data-mail="maya@example.com"]')!)).toBeUndefined();
});

it('forgets a mark of the gone contact that has no marker (a recipient inside an editable draft)', async () => {
  await setUp(
    '<div class="s" id="one"><p><span data-mail="maya@example.com">Maya</span> <span data-mail="dan@example.com">Dan</span></p></div>' +
      '<div class="s" id="two"><div contenteditable="true"><span data-mail="maya.chen@home.example">Maya C</span></div></div>',
  );
  const draftRecipient = document.querySelector('#two [data-mail="maya.chen@home.example"]')!;
  // Marked without a marker (typing must not meet Primer's node), still hovered to a card.
  expect(scanner.markFor(draftRecipient)?.marker).toBeNull();
  await openMayasCardAndLetItFail();
  cardHost()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await vi.waitFor(() => expect(mayaMarker()).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 60));
  // Her other address in the draft is the same contact: forgotten and read again, as a marked one is.
  expect(scanner.markFor(draftRecipient)).toBeUndefined();
});
