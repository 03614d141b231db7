/**
 * A page for the card's tests of how it meets the page: the real scanner (over the fake adapter's
 * `data-mail` people), the real hover handling and the real card. Each test file still mocks
 * `@/lib/messaging/send` itself (vi.mock is hoisted per file).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/content-protocol';
import { sendCardRequest } from '@/lib/messaging/send-card';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from '../content/fake-adapter';

export interface PageWithCards {
  ctx: ContentScriptContext;
  scanner: PageScanner;
  /** What the runtime calls when it stands down: closes the open card. */
  closeCard: () => void;
}

/** A contact found by its address, as the background answers `people.find`. */
export function contactAnswer(id: string, name: string, email: string): PersonAnswer {
  return { contact: { id, name, email, company: null, title: null }, matchedBy: 'email' };
}

/** The service's people: Maya with two addresses (one contact) and Dan; `known()`: the addresses it still has. */
export function mayaAndDan(known: () => ReadonlySet<string>) {
  return vi.fn((people: PersonQuery[]) =>
    Promise.resolve(
      people.map((p) =>
        'email' in p && known().has(p.email) ? (p.email === 'dan@example.com' ? contactAnswer('c-dan', 'Dan', p.email) : contactAnswer('c-maya', 'Maya', 'maya@example.com')) : null,
      ),
    ),
  );
}

/** Lays `html` out, marks its `.s` surfaces with `find`'s answers and installs the hover cards. */
export async function pageWithCards(html: string, find: (people: PersonQuery[]) => Promise<PersonAnswer[]>): Promise<PageWithCards> {
  // happy-dom marks no event trusted: here its events stand for the user's.
  vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
  // The test DOM lays nothing out: every element has the box a page would give the name.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 200, 80, 16));
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
  document.body.innerHTML = html;
  const scanner = new PageScanner({ adapter: fakeAdapter(), lookup: new PeopleLookup(find), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
  await scanner.scan(document.querySelectorAll('.s'));
  const ctx = new ContentScriptContext('test');
  const card = createHoverCardApi();
  const closeCard = installHoverCards(ctx, scanner, () => Promise.resolve(card));
  return { ctx, scanner, closeCard };
}

/** After each test: the script stands down, and the briefing never arrives again unless a test says so. */
export function leavePage(page: PageWithCards | undefined): void {
  page?.ctx.notifyInvalidated();
  vi.mocked(sendCardRequest).mockReset().mockImplementation(() => new Promise(() => undefined));
}

export const cardHost = () => document.querySelector<HTMLElement>('primer-hover-card');
export const cardOpen = () => cardHost()?.style.display === 'block';
