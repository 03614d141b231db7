/**
 * The site switched off (runtime.ts stop: every mark taken down, then the open card closed) while a
 * keyboard user reads a card: nothing is read again (refocus gets no roots), so only REFIND_MS ends
 * the following. Focus must then land near the person, whose element is still on the page, and not
 * be left on the document (refocus.ts: "never left on the document").
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
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
let closeCard: () => void;
const find = vi.fn((people: PersonQuery[]) =>
  Promise.resolve(people.map((p) => ('email' in p ? { contact: { id: 'c-maya', name: 'Maya', email: p.email, company: null, title: null }, matchedBy: 'email' as const } : null))),
);

beforeEach(async () => {
  vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 200, 80, 16));
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
  // A message list: the thread's root takes no focus; the row the person is in does.
  document.body.innerHTML = '<div class="s" id="one"><div role="row" tabindex="0" id="row"><span data-mail="maya@example.com">Maya</span></div></div>';
  scanner = new PageScanner({ adapter: fakeAdapter(), lookup: new PeopleLookup(find), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
  await scanner.scan(document.querySelectorAll('.s'));
  ctx = new ContentScriptContext('test');
  card = createHoverCardApi();
  closeCard = installHoverCards(ctx, scanner, () => Promise.resolve(card));
});
afterEach(() => {
  ctx.notifyInvalidated();
  vi.mocked(sendRequest).mockReset().mockImplementation(() => new Promise(() => undefined));
});

it('puts focus on the person’s row, not the document, once the site was switched off under a card read from the keyboard', async () => {
  const marker = document.querySelector<HTMLElement>('#one primer-mark')!;
  marker.focus();
  marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  const host = () => document.querySelector<HTMLElement>('primer-hover-card');
  await vi.waitFor(() => expect(host()?.style.display).toBe('block'));
  await vi.waitFor(() => expect(document.activeElement).toBe(host()));
  // runtime.ts stop(): every mark goes, then the open card closes.
  scanner.clear();
  closeCard();
  await new Promise((resolve) => setTimeout(resolve, 1700));
  expect(document.querySelectorAll('primer-mark')).toHaveLength(0);
  expect(document.activeElement).toBe(document.getElementById('row'));
});
