/**
 * Selecting text in the card (the contact's address, a topic, to copy it): the button is held and
 * the drag runs past the card's edge, as drags to a line's end do. That is no pointer leaving the
 * card: it must not close under the selection 250 ms later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import * as userInput from '@/lib/content/from-user';
import { HIDE_DELAY_MS, SHOW_DELAY_MS, installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from './fake-adapter';
import { fakeCard } from './fake-card';

describe('hover cards and a text selection dragged out of the card', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let maya: HTMLElement;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div><p id="away">away</p>';
    const scanner = new PageScanner({
      adapter: fakeAdapter(),
      lookup: new PeopleLookup((people) => Promise.resolve(people.map(() => ({ contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const })))),
      preferences: () => DEFAULT_PREFERENCES,
      ownAddresses: () => new Set(),
    });
    await scanner.scan(document.querySelectorAll('.s'));
    maya = document.querySelector('[data-mail]')!;
    ctx = new ContentScriptContext('test');
    card = fakeCard();
    installHoverCards(ctx, scanner, () => Promise.resolve(card.api));
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const mouse = (type: string, target: Element, related: Element | null, buttons = 0) =>
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'mouse', relatedTarget: related, buttons }));

  it('stays open while the mouse button is held and the drag leaves the card', async () => {
    mouse('pointerover', maya, null);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    mouse('pointerout', maya, card.node);
    mouse('pointerover', card.node, maya);
    // Pressed on the text in the card (no focus moves: it is text), dragged past its right edge.
    mouse('pointerdown', card.node, null, 1);
    const away = document.querySelector('#away')!;
    mouse('pointerout', card.node, away, 1);
    mouse('pointerover', away, card.node, 1);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 4);
    expect(card.isOpen()).toBe(true);
  });
});
