/**
 * What a pointer leaving a person or their card does, by kind of pointer and whether a button is held:
 * - a pen hovering over the screen (Surface, Wacom, Apple Pencil hover) moves like a mouse: hovering
 *   off on to something else closes the card; lifted out of range (no element it went to) keeps it;
 * - a finger is over an element only while it is down, and keeps the card then too;
 * - a text selection in the card (the contact's address, a topic, to copy it) dragged past its edge
 *   is no pointer leaving the card: it must not close under the selection;
 * - a press that starts on the person (selecting the e-mail's "Maya Chen wrote:" line from her name)
 *   and is let go far from her closes it, as the pointer leaving her does.
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

describe('hover cards and a pointer leaving', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let maya: HTMLElement;
  let away: Element;

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
    away = document.querySelector('#away')!;
    ctx = new ContentScriptContext('test');
    card = fakeCard();
    installHoverCards(ctx, scanner, () => Promise.resolve(card.api));
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const pointer = (pointerType: string) => (type: string, target: Element, related: Element | null, buttons = 0) =>
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType, relatedTarget: related, buttons }));
  const pen = pointer('pen');
  const mouse = pointer('mouse');

  async function openedBy(move: ReturnType<typeof pointer>, buttons = 0) {
    move('pointerover', maya, null, buttons);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
  }
  const later = () => vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 4);

  it('closes the card when the hovering pen moves off the person onto the page', async () => {
    await openedBy(pen);
    pen('pointerout', maya, away);
    pen('pointerover', away, maya);
    await later();
    expect(card.isOpen()).toBe(false);
  });

  it('keeps the card when a finger, down on the screen, moves off the person (only then is it over an element)', async () => {
    const finger = pointer('touch');
    await openedBy(finger, 1);
    finger('pointerout', maya, away, 1);
    finger('pointerover', away, maya, 1);
    await later();
    expect(card.isOpen()).toBe(true);
  });

  it('stays open while the mouse button is held and the drag leaves the card', async () => {
    await openedBy(mouse);
    mouse('pointerout', maya, card.node);
    mouse('pointerover', card.node, maya);
    // Pressed on the text in the card (no focus moves: it is text), dragged past its right edge.
    mouse('pointerdown', card.node, null, 1);
    mouse('pointerout', card.node, away, 1);
    mouse('pointerover', away, card.node, 1);
    await later();
    expect(card.isOpen()).toBe(true);
  });

  it('closes once a press on the person is dragged away, let go, and the mouse moves on', async () => {
    await openedBy(mouse);
    // Pressed on her name (a text selection starting there), dragged down the message.
    mouse('pointerdown', maya, null, 1);
    mouse('pointerout', maya, away, 1);
    mouse('pointerover', away, maya, 1);
    // Let go there, and the mouse goes on over the page.
    const further = document.querySelector('#further')!;
    mouse('pointerup', away, null, 0);
    mouse('pointerout', away, further, 0);
    mouse('pointerover', further, away, 0);
    await later();
    expect(card.isOpen()).toBe(false);
  });
});
