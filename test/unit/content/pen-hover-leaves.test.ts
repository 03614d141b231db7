/**
 * A pen hovering over the screen (Surface, Wacom, Apple Pencil hover) moves like a mouse: resting
 * on a person opens their card, and hovering on to something else must close it. Only a pen
 * lifted out of range (pointerout with no element it went to) keeps the card, as a finger's does.
 * A finger is over an element only while it is down (a button held), and keeps the card then too.
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

describe('hover cards and a hovering pen', () => {
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

  const pen = (type: string, target: Element, related: Element | null) => target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'pen', relatedTarget: related }));

  it('closes the card when the hovering pen moves off the person onto the page', async () => {
    pen('pointerover', maya, null);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    const away = document.querySelector('#away')!;
    pen('pointerout', maya, away);
    pen('pointerover', away, maya);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 4);
    expect(card.isOpen()).toBe(false);
  });

  it('keeps the card when a finger, down on the screen, moves off the person (only then is it over an element)', async () => {
    const finger = (type: string, target: Element, related: Element | null) =>
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'touch', relatedTarget: related, buttons: 1 }));
    finger('pointerover', maya, null);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    const away = document.querySelector('#away')!;
    finger('pointerout', maya, away);
    finger('pointerover', away, maya);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 4);
    expect(card.isOpen()).toBe(true);
  });
});
