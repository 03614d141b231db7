/**
 * A marker activated from a screen reader or by voice control moves focus into its card, as Enter
 * does: in Chrome a click with no pointer press (detail 0, no pointerType); in Firefox, NVDA's and
 * JAWS's click after its accessibility action (detail 1, `mozInputSource` 0, MOZ_SOURCE_UNKNOWN:
 * the check React Aria's isVirtualClick makes first). A mouse click leaves focus where it is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';
import { fakeCard } from './fake-card';

beforeEach(() => {
  vi.spyOn(userInput, 'fromUser').mockImplementation((event) => event.isTrusted !== false);
});

describe('installHoverCards: a marker activated by assistive technology', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let marker: HTMLElement;

  beforeEach(async () => {
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

  /**
   * VoiceOver's VO+Space, NVDA/JAWS browse-mode Enter and voice control "click" send the button a
   * click with no pointer press behind it: detail 0 and no pointerType (React Aria's isVirtualClick).
   * The screen reader usually moves focus to the marker first (focusin opens the card, focus stays).
   */
  const virtualClick = () => marker.dispatchEvent(new PointerEvent('click', { bubbles: true, cancelable: true, detail: 0, pointerType: '' }));

  it('moves focus into the card when the marker is activated without a pointer (the card is a dialog it pops up)', async () => {
    virtualClick();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
  });

  it('moves focus into the card when the screen reader focused the marker first, then activated it', async () => {
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: false });
    virtualClick();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
  });

  /** Firefox's click after its accessibility action: detail 1, input source unknown (0); a mouse's is 1. */
  const firefoxClick = (inputSource: number) => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
    Object.defineProperty(click, 'mozInputSource', { value: inputSource });
    marker.dispatchEvent(click);
  };

  it('moves focus into the card when NVDA/JAWS in Firefox activate the marker', async () => {
    firefoxClick(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
  });

  it('moves focus into the card when the screen reader put focus on the marker first (Firefox)', async () => {
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    firefoxClick(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
  });

  it('leaves focus where it is for a mouse click in Firefox', async () => {
    firefoxClick(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: false });
  });
});
