/**
 * NVDA's and JAWS's browse-mode Enter in Firefox: Firefox's accessibility action dispatches a
 * mousedown/mouseup pair with a click count of 1 at the element, so the click that follows has
 * detail 1; what tells it from a mouse is `mozInputSource === 0` (MOZ_SOURCE_UNKNOWN), the check
 * React Aria's isVirtualClick makes first ("JAWS/NVDA with Firefox"). Primer supports Firefox: the
 * marker activated there must move focus into its card too, as Enter does.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';

function fakeCard() {
  const node = document.createElement('div');
  const shown: CardRequest[] = [];
  let open = false;
  const api: HoverCardApi = {
    show: (request) => {
      shown.push(request);
      open = true;
      document.body.append(node);
    },
    hide: () => {
      open = false;
      node.remove();
    },
    contains: (target) => open && (target === node || node.contains(target)),
  };
  return { api, shown, isOpen: () => open };
}

let ctx: ContentScriptContext;
let card: ReturnType<typeof fakeCard>;
let marker: HTMLElement;

beforeEach(async () => {
  vi.spyOn(userInput, 'fromUser').mockImplementation((event) => event.isTrusted !== false);
  vi.useFakeTimers();
  document.body.innerHTML = '<div class="s" data-title="Roadmap"><span data-mail="maya@example.com">Maya</span></div>';
  const scanner = new PageScanner({
    adapter: fakeAdapter(),
    lookup: new PeopleLookup((people) =>
      Promise.resolve(people.map(() => ({ contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const }))),
    ),
    preferences: () => DEFAULT_PREFERENCES,
    ownAddresses: () => new Set(),
  });
  await scanner.scan(document.querySelectorAll('.s'));
  marker = document.querySelector('[data-primer-marker]')!;
  ctx = new ContentScriptContext('test');
  card = fakeCard();
  installHoverCards(ctx, scanner, () => Promise.resolve(card.api));
});
afterEach(() => {
  ctx.notifyInvalidated();
  vi.useRealTimers();
});

/** Firefox's click after its accessibility action: detail 1, input source unknown (0). */
const firefoxScreenReaderClick = () => {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(click, 'mozInputSource', { value: 0 });
  marker.dispatchEvent(click);
};

it('moves focus into the card when NVDA/JAWS in Firefox activate the marker', async () => {
  firefoxScreenReaderClick();
  await vi.advanceTimersByTimeAsync(0);
  expect(card.isOpen()).toBe(true);
  expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
});

it('moves focus into the card when the screen reader put focus on the marker first (Firefox)', async () => {
  marker.focus();
  await vi.advanceTimersByTimeAsync(0);
  firefoxScreenReaderClick();
  await vi.advanceTimersByTimeAsync(0);
  expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
});
