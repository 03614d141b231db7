/**
 * A press that starts on the marked person (selecting the e-mail's "Maya Chen wrote:" line from
 * her name, or dragging the row she is on) and is let go far from her: before be6affe the card
 * closed as the pointer left her; now the held button keeps it, and nothing closes it once the
 * button is let go and the mouse moves on over the page.
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

describe('a press on a person dragged away and let go', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let maya: HTMLElement;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.spyOn(userInput, 'fromUser').mockReturnValue(true);
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div><p id="away">away</p><p id="further">further</p>';
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

  it('closes once the button is let go away from the person and the card', async () => {
    mouse('pointerover', maya, null);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    // Pressed on her name (a text selection starting there), dragged down the message.
    mouse('pointerdown', maya, null, 1);
    const away = document.querySelector('#away')!;
    const further = document.querySelector('#further')!;
    mouse('pointerout', maya, away, 1);
    mouse('pointerover', away, maya, 1);
    // Let go there, and the mouse goes on over the page.
    mouse('pointerup', away, null, 0);
    mouse('pointerout', away, further, 0);
    mouse('pointerover', further, away, 0);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 4);
    expect(card.isOpen()).toBe(false);
  });
});
