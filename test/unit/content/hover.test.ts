import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { HoverCardApi } from '@/lib/content/card-api';
import * as userInput from '@/lib/content/from-user';
import { HIDE_DELAY_MS, KEY_HINT_ID, SHOW_DELAY_MS, installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { fakeAdapter } from './fake-adapter';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeCard } from './fake-card';

const adapter = fakeAdapter();
/** The real check, kept before the stand-in below replaces it. */
const fromUser = userInput.fromUser;

/** An event as a page script would make it: the browser marks it untrusted. */
function madeUp<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: false });
  return event;
}

// happy-dom marks no event trusted (isTrusted is undefined): here its events stand for the user's,
// and only those marked as made up are the page's own.
beforeEach(() => {
  vi.spyOn(userInput, 'fromUser').mockImplementation((event) => event.isTrusted !== false);
});

it('takes only the browser’s own events for the user’s', () => {
  const trusted = new Event('click');
  Object.defineProperty(trusted, 'isTrusted', { value: true });
  expect(fromUser(trusted)).toBe(true);
  expect(fromUser(madeUp(new Event('click')))).toBe(false);
});

describe('installHoverCards', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let maya: HTMLElement;
  let marker: HTMLElement;
  let scanner: PageScanner;

  beforeEach(async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="s" data-title="Roadmap"><span data-mail="maya@example.com">Maya</span><span data-mail="x@unknown.example">X</span></div><p id="away">away</p>';
    const known: Record<string, string> = { 'maya@example.com': 'm', 'alex@example.com': 'a' };
    scanner = new PageScanner({
      adapter,
      lookup: new PeopleLookup((people) =>
        Promise.resolve(people.map((p) => ('email' in p && known[p.email] ? { contact: { id: known[p.email]!, name: 'Maya', email: p.email, company: null, title: null }, matchedBy: 'email' as const } : null))),
      ),
      preferences: () => DEFAULT_PREFERENCES,
      ownAddresses: () => new Set(),
    });
    await scanner.scan(document.querySelectorAll('.s'));
    maya = document.querySelector('[data-mail="maya@example.com"]')!;
    marker = document.querySelector('[data-primer-marker]')!;
    ctx = new ContentScriptContext('test');
    card = fakeCard();
    installHoverCards(ctx, scanner, () => Promise.resolve(card.api), onOpenBriefing);
  });
  const onOpenBriefing = vi.fn();
  afterEach(() => {
    onOpenBriefing.mockClear();
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  /** A second marked person on the page, Alex (another surface). */
  const addAlex = async () => {
    const other = document.createElement('div');
    other.className = 's';
    other.innerHTML = '<span data-mail="alex@example.com">Alex</span>';
    document.body.append(other);
    await scanner.scan([other]);
    return other.querySelector('span')!;
  };
  // A mouse's: real pointer events always say which kind of pointer they come from.
  const over = (target: Element, related: Element | null = null) => target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: related }));
  const out = (target: Element, related: Element | null) => target.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: related }));

  it('opens after the pointer rests on a known person, not on unknown ones or a passing pointer', async () => {
    over(document.querySelector('[data-mail="x@unknown.example"]')!);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.shown).toHaveLength(0);
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS / 2);
    out(maya, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(0);
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    expect(card.shown[0]).toMatchObject({ anchor: maya, marker, viaKeyboard: false, match: { contact: { id: 'm' } } });
    // Where the person was found, for a briefing chosen on the card; and whom to tell when it is.
    expect(card.shown[0]!.from).toEqual({ kind: 'thread', title: 'Roadmap', when: null });
    card.shown[0]!.onOpenBriefing();
    expect(onOpenBriefing).toHaveBeenCalledOnce();
  });

  it('stays open while the pointer moves into the card, closes after leaving both', async () => {
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    out(maya, card.node);
    over(card.node);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
    out(card.node, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS);
    expect(card.isOpen()).toBe(false);
  });

  it('opens on keyboard focus, Enter moves focus into it, Esc closes and returns focus', async () => {
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: false });
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(card.isOpen()).toBe(false);
    expect(document.activeElement).toBe(marker);
    // Giving focus back must not reopen the card.
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(false);
  });

  it('closes a card opened by focus on its marker (focus still there) or by a tap when the user presses elsewhere on the page', async () => {
    const away = document.querySelector<HTMLElement>('#away')!;
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    // Plain text is no focus target: focus leaves the marker without a focusin anywhere.
    away.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    marker.blur();
    expect(card.isOpen()).toBe(false);
    // A press on the person it describes keeps it.
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    maya.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(card.isOpen()).toBe(true);
    // A tap on the marker (a click, no hover), then a tap on text.
    marker.blur();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    marker.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    away.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(card.isOpen()).toBe(false);
  });

  it('opens the card of a person pressed while their card is on its way, though another card was open', async () => {
    const alex = await addAlex();
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown.at(-1)).toMatchObject({ anchor: maya });
    out(maya, alex);
    over(alex);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS / 2);
    alex.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown.at(-1)).toMatchObject({ anchor: alex });
    expect(card.isOpen()).toBe(true);
  });

  it('keeps a card focus is in while the pointer crosses or rests on someone else; a press elsewhere closes it, focus back to the marker', async () => {
    const alex = await addAlex();
    const away = document.querySelector<HTMLElement>('#away')!;
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    // The user is in the card (its host has focus, as the page sees a closed shadow root).
    card.node.tabIndex = -1;
    card.node.focus();
    const shown = card.shown.length;
    over(alex);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    out(alex, away);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
    expect(card.shown).toHaveLength(shown);
    expect(document.activeElement).toBe(card.node);
    away.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(card.isOpen()).toBe(false);
    expect(document.activeElement).toBe(marker);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(false);
  });

  it('takes Esc for the card the pointer opened, not also for the site’s popup the person is in', async () => {
    const site = vi.fn();
    document.addEventListener('keydown', site);
    try {
      over(maya);
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
      expect(card.isOpen()).toBe(true);
      const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      document.body.dispatchEvent(esc);
      expect(card.isOpen()).toBe(false);
      expect(esc.defaultPrevented).toBe(true);
      expect(site).not.toHaveBeenCalled();
      // The next Esc is the site's: nothing of Primer's is open.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      expect(site).toHaveBeenCalledOnce();
    } finally {
      document.removeEventListener('keydown', site);
    }
  });

  it('gives focus back to the marker when a card the pointer opened closes with focus in it (its × or Open briefing)', async () => {
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    // The user clicked into the card: focus is in it.
    card.node.tabIndex = -1;
    card.node.focus();
    card.api.hide();
    card.shown.at(-1)!.onClose(true);
    expect(document.activeElement).toBe(marker);
  });

  it('after Esc pressed with the pointer on the card, opens the card again once the pointer is on something else and back', async () => {
    const away = document.querySelector<HTMLElement>('#away')!;
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    // Into the card, then Esc: the card goes from under the pointer, which is now on the page.
    out(maya, card.node);
    over(card.node, maya);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(card.isOpen()).toBe(false);
    over(away);
    out(away, maya);
    over(maya, away);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);
  });

  it('after Esc, opens no card again on the same person until the pointer leaves them or focus moves on', async () => {
    const away = document.querySelector<HTMLElement>('#away')!;
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(card.isOpen()).toBe(false);
    // The pointer moves a few pixels within the name (onto the marker, back onto the name).
    out(maya, marker);
    over(marker, maya);
    out(marker, maya);
    over(maya, marker);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.shown).toHaveLength(1);
    // It leaves the person, and comes back.
    out(maya, away);
    over(maya, away);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);

    // Esc in the card itself, and focus that goes away and back to the marker itself.
    card.api.hide();
    card.shown.at(-1)!.onClose(true, 'escape');
    over(maya, away);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(2);
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(3);
    // Esc on the marker: focus leaving it and coming back without going elsewhere opens nothing.
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    marker.blur();
    marker.focus();
    over(maya, away);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(3);
    // A card closed otherwise (its close button, a scroll) opens again at once.
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(4);
    card.api.hide();
    card.shown.at(-1)!.onClose(false);
    over(maya, away);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(5);
  });

  it('gives focus back on Tab out of the card or Esc in it: where it came from, or the marker when the pointer opened it', async () => {
    card.node.tabIndex = -1;
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    card.node.focus();
    card.api.hide();
    card.shown.at(-1)!.onClose(true, 'tab');
    expect(document.activeElement).toBe(marker);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
    // Esc in the card (focus was in it) gives focus back the same way, not to the document, and
    // brings no card back on that marker.
    marker.blur();
    card.api.hide();
    over(maya, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);
    card.node.focus();
    card.api.hide();
    card.shown.at(-1)!.onClose(true, 'escape');
    expect(document.activeElement).toBe(marker);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);
  });

  it('closes when the card closes itself, returning focus, and when focus moves elsewhere', async () => {
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    card.api.hide();
    card.shown.at(-1)!.onClose();
    expect(document.activeElement).toBe(marker);
    expect(card.shown).toHaveLength(1);
    marker.focus();
    const away = document.createElement('button');
    document.body.append(away);
    marker.blur();
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    away.focus();
    expect(card.isOpen()).toBe(false);
  });

  it('after the card closed itself on a scroll, opens again on the same person, pulls no focus back, and Esc is the site’s', async () => {
    const site = vi.fn();
    document.querySelector('.s')!.addEventListener('keydown', site);
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    card.api.hide();
    card.shown.at(-1)!.onClose(false);
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(2);
    card.api.hide();
    card.shown.at(-1)!.onClose(false);
    // Opened from the keyboard; the user then clicked into the page (focus left the marker) and
    // scrolled: focus is not pulled back to the marker.
    marker.focus();
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(3);
    marker.blur();
    card.api.hide();
    card.shown.at(-1)!.onClose(false);
    expect(document.activeElement).toBe(document.body);
    // With focus in the card when a scroll closes it, focus goes back to the marker.
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(4);
    card.node.tabIndex = -1;
    card.node.focus();
    card.api.hide();
    const focus = vi.spyOn(marker, 'focus');
    card.shown.at(-1)!.onClose(true);
    expect(document.activeElement).toBe(marker);
    // Without scrolling the page back to the marker the user scrolled away from.
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    // Nothing of Primer's is open: Esc on the marker reaches the site.
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(site).toHaveBeenCalledTimes(1);
  });

  it('keeps Esc, Enter and Space on a marker from the site; other keys and other elements are the site’s', async () => {
    const site = vi.fn<(event: Event) => void>();
    const siteEarly = vi.fn<(event: Event) => void>();
    // The site's handlers: on an ancestor (Calendar's popup, Gmail's compose) and on the document, capturing.
    document.querySelector('.s')!.addEventListener('keydown', site);
    document.querySelector('.s')!.addEventListener('keyup', site);
    document.addEventListener('keydown', siteEarly, { capture: true });
    const press = (target: Element, key: string, init: KeyboardEventInit = {}) => {
      const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(down);
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true, ...init }));
      return down;
    };
    try {
      marker.focus();
      await vi.advanceTimersByTimeAsync(0);
      expect(card.isOpen()).toBe(true);
      // Esc on the marker closes Primer's card only.
      expect(press(marker, 'Escape').defaultPrevented).toBe(true);
      expect(card.isOpen()).toBe(false);
      expect(site).not.toHaveBeenCalled();
      expect(siteEarly).not.toHaveBeenCalled();
      // Enter and Space open the card, focus going into it, and reach no one else.
      for (const key of ['Enter', ' ']) {
        card.api.hide();
        expect(press(marker, key).defaultPrevented).toBe(true);
        await vi.advanceTimersByTimeAsync(0);
        expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true, anchor: maya });
      }
      expect(site).not.toHaveBeenCalled();
      expect(siteEarly).not.toHaveBeenCalled();
      // With nothing of Primer's open, a second Esc on the marker is the site's (it closes its popup).
      card.shown.at(-1)!.onClose();
      card.api.hide();
      expect(press(marker, 'Escape').defaultPrevented).toBe(false);
      expect(site.mock.calls.map(([event]) => `${event.type}:${(event as KeyboardEvent).key}`)).toEqual(['keydown:Escape', 'keyup:Escape']);
      site.mockClear();
      // Other keys on the marker, shortcuts, and the keys on the site's own elements pass untouched.
      for (const [target, key, init] of [
        [marker, 'a', {}],
        [marker, 'Tab', {}],
        [marker, 'Enter', { ctrlKey: true }],
        [maya, 'Enter', {}],
        [maya, ' ', {}],
        [document.querySelector('#away')!, 'Escape', {}],
      ] as const) {
        const before = card.shown.length;
        expect(press(target, key, init).defaultPrevented).toBe(false);
        expect(card.shown).toHaveLength(before);
      }
      expect(site).toHaveBeenCalledTimes(10);
      expect(siteEarly).toHaveBeenCalledTimes(7);
    } finally {
      document.removeEventListener('keydown', siteEarly, { capture: true });
    }
  });

  it('on a focusable marked element, Esc closes the card only, and focus stays where it was', async () => {
    const site = vi.fn();
    document.querySelector('.s')!.addEventListener('keydown', site);
    maya.tabIndex = 0;
    maya.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    maya.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(card.isOpen()).toBe(false);
    expect(site).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(maya);
  });

  it('opens on a click on the marker, which the site does not get; clicks elsewhere are the site’s', async () => {
    const site = vi.fn();
    document.querySelector('.s')!.addEventListener('click', site);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
    marker.dispatchEvent(click);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
    expect(card.shown[0]).toMatchObject({ anchor: maya, viaKeyboard: false });
    expect(click.defaultPrevented).toBe(true);
    expect(site).not.toHaveBeenCalled();
    maya.click();
    document.querySelector<HTMLElement>('#away')!.click();
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    expect(site).toHaveBeenCalledTimes(1);
  });

  it('keeps presses and double clicks on a marker from the site, while the marker takes focus and opens the card', async () => {
    const pointer = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick'];
    const site = vi.fn<(event: Event) => void>();
    const siteEarly = vi.fn<(event: Event) => void>();
    // The site's handlers: on the element around the person (Gmail's row selects or opens on a
    // press) and on the document, capturing.
    for (const type of pointer) {
      document.querySelector('.s')!.addEventListener(type, site);
      document.addEventListener(type, siteEarly, { capture: true });
    }
    // Testing Library's wrapper around each action waits on a real timer.
    vi.useRealTimers();
    const user = userEvent.setup();
    try {
      await user.click(marker);
      // A press whose default was prevented would leave focus where it was.
      expect(document.activeElement).toBe(marker);
      expect(card.shown).toHaveLength(1);
      expect(card.shown[0]).toMatchObject({ anchor: maya, viaKeyboard: false });
      await user.dblClick(marker);
      expect(site).not.toHaveBeenCalled();
      expect(siteEarly).not.toHaveBeenCalled();
      // On the site's own elements they are the site's.
      await user.dblClick(maya);
      expect(site.mock.calls.map(([event]) => event.type)).toEqual(expect.arrayContaining(pointer));
      expect(siteEarly.mock.calls.map(([event]) => event.type)).toEqual(expect.arrayContaining(pointer));
    } finally {
      for (const type of pointer) document.removeEventListener(type, siteEarly, { capture: true });
    }
  });

  it('keeps right clicks, middle clicks and touches on a marker from the site, leaving the browser its own menu', () => {
    const others = ['contextmenu', 'auxclick', 'touchstart', 'touchend'];
    const site = vi.fn<(event: Event) => void>();
    for (const type of others) document.querySelector('.s')!.addEventListener(type, site);
    const sent = others.map((type) => {
      const event = type.startsWith('touch') ? new Event(type, { bubbles: true, cancelable: true }) : new MouseEvent(type, { bubbles: true, cancelable: true, button: type === 'auxclick' ? 1 : 2 });
      marker.dispatchEvent(event);
      return event;
    });
    expect(site).not.toHaveBeenCalled();
    // Nothing of the browser's own is taken away: its context menu, scrolling by touch.
    expect(sent.map((event) => event.defaultPrevented)).toEqual(others.map(() => false));
    // On the site's own elements they are the site's.
    for (const type of others) maya.dispatchEvent(new Event(type, { bubbles: true }));
    expect(site.mock.calls.map(([event]) => event.type)).toEqual(others);
  });

  it('opens, closes and acts on nothing a page script made up; its presses on a marker still reach no one', async () => {
    const site = vi.fn();
    for (const type of ['click', 'pointerdown', 'keydown']) document.querySelector('.s')!.addEventListener(type, site);
    maya.dispatchEvent(madeUp(new PointerEvent('pointerover', { bubbles: true })));
    marker.dispatchEvent(madeUp(new PointerEvent('pointerover', { bubbles: true })));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    marker.dispatchEvent(madeUp(new FocusEvent('focusin', { bubbles: true })));
    marker.dispatchEvent(madeUp(new PointerEvent('pointerdown', { bubbles: true, cancelable: true })));
    const click = madeUp(new MouseEvent('click', { bubbles: true, cancelable: true }));
    marker.dispatchEvent(click);
    for (const key of ['Enter', ' ']) marker.dispatchEvent(madeUp(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.shown).toHaveLength(0);
    expect(site.mock.calls.map(([event]) => (event as Event).type)).toEqual(['keydown', 'keydown']);
    // A card the user opened is not closed by made-up events either.
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    maya.dispatchEvent(madeUp(new PointerEvent('pointerout', { bubbles: true, relatedTarget: document.querySelector('#away') })));
    document.querySelector<HTMLElement>('#away')!.dispatchEvent(madeUp(new FocusEvent('focusin', { bubbles: true })));
    maya.dispatchEvent(madeUp(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
  });

  it('closes when the scanner drops the person it is open on, not on a re-read that keeps them', async () => {
    const surface = document.querySelector('.s')!;
    const reopen = async () => {
      card.api.hide();
      marker.blur();
      marker = document.querySelector('[data-primer-marker]')!;
      marker.focus();
      await vi.advanceTimersByTimeAsync(0);
      expect(card.isOpen()).toBe(true);
    };
    await reopen();
    await scanner.scan([surface]);
    expect(card.isOpen()).toBe(true);
    // The re-read element now shows someone unknown (a reused Calendar popup): the mark goes.
    maya.dataset.mail = 'x2@unknown.example';
    await scanner.scan([surface]);
    expect(card.isOpen()).toBe(false);
    // It shows someone else who is known: her card must not stay on him.
    maya.dataset.mail = 'maya@example.com';
    await scanner.scan([surface]);
    await reopen();
    maya.dataset.mail = 'alex@example.com';
    await scanner.scan([surface]);
    expect(card.isOpen()).toBe(false);
    // The element leaves the page.
    maya.dataset.mail = 'maya@example.com';
    await scanner.scan([surface]);
    await reopen();
    maya.remove();
    await scanner.scan([]);
    expect(card.isOpen()).toBe(false);
  });

  it('keeps a card a finger opened while it taps or scrolls inside it (a touch’s pointerout is no pointer leaving)', async () => {
    const touch = (type: string, target: Element, related: Element | null = null) =>
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'touch', relatedTarget: related }));
    touch('pointerover', maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    touch('pointerover', card.node);
    touch('pointerout', card.node);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
    // A mouse leaving both still closes it.
    out(card.node, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS);
    expect(card.isOpen()).toBe(false);
    // A swipe that starts on a name opens nothing: the finger leaving cancels the card on its way.
    touch('pointerover', maya);
    touch('pointerout', maya, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.isOpen()).toBe(false);
  });

  it('keeps a card the pointer opened once its marker is clicked (focus on it), as one a click opened, when the pointer leaves', async () => {
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    // A press on the marker gives it focus; its click is the marker's, as a button's.
    marker.focus();
    marker.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    out(maya, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
    expect(card.shown).toHaveLength(1);
    expect(marker).toHaveFocus();
  });

  it('keeps a card focus on its marker opened when the mouse passes over people and off them', async () => {
    marker.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    over(maya);
    out(maya, document.querySelector('#away'));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
    expect(marker).toHaveFocus();
  });

  it('keeps a card a pen opened when the pen is lifted away (its pointerout is no pointer leaving)', async () => {
    maya.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'pen' }));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.isOpen()).toBe(true);
    maya.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'pen', relatedTarget: null }));
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS * 2);
    expect(card.isOpen()).toBe(true);
  });

  it('gives focus back to the person’s marker after the site drew the person again while the card was open', async () => {
    marker.focus();
    marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.isOpen()).toBe(true);
    // The site rewrites the name: the marker inside it goes, and the scan puts a new one.
    maya.textContent = 'Maya';
    await scanner.scan(document.querySelectorAll('.s'));
    const redrawn = document.querySelector<HTMLElement>('[data-primer-marker]')!;
    expect(redrawn).not.toBe(marker);
    expect(card.isOpen()).toBe(true);
    card.api.hide();
    card.shown.at(-1)!.onClose(true, 'escape');
    expect(document.activeElement).toBe(redrawn);
    // Esc's dismissal holds for the same person drawn again: the pointer resting there opens nothing.
    const shown = card.shown.length;
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.shown).toHaveLength(shown);
  });

  /** Installs again (on a fresh context) with another loader for the card's code. */
  const reinstall = (load: () => Promise<HoverCardApi>) => {
    ctx.notifyInvalidated();
    ctx = new ContentScriptContext('test');
    installHoverCards(ctx, scanner, load);
  };

  it('does not open a card the pointer asked for once it has left the person while the card’s code loaded', async () => {
    let loaded: (api: HoverCardApi) => void = () => undefined;
    reinstall(() => new Promise<HoverCardApi>((resolve) => (loaded = resolve)));
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    out(maya, document.querySelector('#away'));
    loaded(card.api);
    await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS);
    expect(card.shown).toHaveLength(0);
    // One asked for by focus is not the pointer's to take back.
    marker.focus();
    out(maya, document.querySelector('#away'));
    loaded(card.api);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
  });

  it('opens the card on a later hover when its code failed to load the first time', async () => {
    reinstall(vi.fn<() => Promise<HoverCardApi>>().mockRejectedValueOnce(new Error('The hover card did not load.')).mockResolvedValue(card.api));
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(0);
    out(maya, document.querySelector('#away'));
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    expect(ctx.signal.aborted).toBe(false);
  });

  describe('after the extension was updated under the page (runtime.id gone)', () => {
    const extensionId = fakeBrowser.runtime.id;
    afterEach(() => {
      // fakeBrowser.reset() does not give it back.
      fakeBrowser.runtime.id = extensionId;
    });
    const updateExtension = () => {
      fakeBrowser.runtime.id = undefined as never;
    };

    it('invalidates the context (the runtime then takes its marks down) when the card’s code cannot load', async () => {
      reinstall(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
      updateExtension();
      over(maya);
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
      expect(ctx.signal.aborted).toBe(true);
    });

    it('keeps the card that says so open, and invalidates the context once it closes', async () => {
      over(maya);
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
      updateExtension();
      expect(card.isOpen()).toBe(true);
      card.api.hide();
      card.shown.at(-1)!.onClose();
      expect(ctx.signal.aborted).toBe(true);
    });

    it('invalidates the context when the card closes as the pointer leaves', async () => {
      over(maya);
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
      updateExtension();
      out(maya, document.querySelector('#away'));
      await vi.advanceTimersByTimeAsync(HIDE_DELAY_MS);
      expect(card.isOpen()).toBe(false);
      expect(ctx.signal.aborted).toBe(true);
    });
  });

  it('stops listening when the context is invalidated', async () => {
    ctx.notifyInvalidated();
    over(maya);
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 2);
    expect(card.shown).toHaveLength(0);
  });
});

/** A page showing Maya, a known contact, read by a scanner. */
async function scannedMaya(): Promise<PageScanner> {
  document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
  const scanner = new PageScanner({
    adapter,
    lookup: new PeopleLookup((people) => Promise.resolve(people.map((p) => ({ contact: { id: 'm', name: 'Maya', email: 'email' in p ? p.email : null, company: null, title: null }, matchedBy: 'email' as const })))),
    preferences: () => DEFAULT_PREFERENCES,
    ownAddresses: () => new Set(),
  });
  await scanner.scan(document.querySelectorAll('.s'));
  return scanner;
}

describe('installHoverCards while the card’s code loads', () => {
  it('opens no card on a mark that went meanwhile (the site switched off)', async () => {
    vi.useFakeTimers();
    const scanner = await scannedMaya();
    const ctx = new ContentScriptContext('test');
    const card = fakeCard();
    let loaded: (api: HoverCardApi) => void = () => undefined;
    const close = installHoverCards(ctx, scanner, () => new Promise<HoverCardApi>((resolve) => (loaded = resolve)));
    try {
      document.querySelector('[data-mail]')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
      // The runtime stops: marks cleared, card closed, before the card's code has arrived.
      scanner.clear();
      close();
      loaded(card.api);
      await vi.advanceTimersByTimeAsync(0);
      expect(card.shown).toHaveLength(0);
    } finally {
      ctx.notifyInvalidated();
      vi.useRealTimers();
    }
  });

  it('moves focus into the card on Enter pressed while focus on the marker still loads the card’s code', async () => {
    vi.useFakeTimers();
    const scanner = await scannedMaya();
    const ctx = new ContentScriptContext('test');
    const card = fakeCard();
    let loaded: (api: HoverCardApi) => void = () => undefined;
    // One load for every request, as the real loader does.
    const loading = new Promise<HoverCardApi>((resolve) => (loaded = resolve));
    installHoverCards(ctx, scanner, () => loading);
    try {
      const marker = document.querySelector<HTMLElement>('[data-primer-marker]')!;
      marker.focus();
      marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      loaded(card.api);
      await vi.advanceTimersByTimeAsync(0);
      // The later request (Enter: focus into the card) wins over the one focus made.
      expect(card.shown).toHaveLength(1);
      expect(card.shown[0]).toMatchObject({ viaKeyboard: true });
    } finally {
      ctx.notifyInvalidated();
      vi.useRealTimers();
    }
  });

  it('opens no card after Esc on the marker while the card’s code loads', async () => {
    vi.useFakeTimers();
    const scanner = await scannedMaya();
    const ctx = new ContentScriptContext('test');
    const card = fakeCard();
    let loaded: (api: HoverCardApi) => void = () => undefined;
    installHoverCards(ctx, scanner, () => new Promise<HoverCardApi>((resolve) => (loaded = resolve)));
    const site = vi.fn();
    document.querySelector('.s')!.addEventListener('keydown', site);
    try {
      const marker = document.querySelector<HTMLElement>('[data-primer-marker]')!;
      marker.focus();
      marker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      loaded(card.api);
      await vi.advanceTimersByTimeAsync(0);
      expect(card.shown).toHaveLength(0);
      expect(site).not.toHaveBeenCalled();
    } finally {
      ctx.notifyInvalidated();
      vi.useRealTimers();
    }
  });
});


/** A scanner over the page's `.s` surfaces, and the hover code on it with a fake card. */
async function installOnPage(isKnown: (email: string) => boolean) {
  const scanner = new PageScanner({
    adapter,
    lookup: new PeopleLookup((people) =>
      Promise.resolve(people.map((p) => ('email' in p && isKnown(p.email) ? { contact: { id: p.email, name: null, email: p.email, company: null, title: null }, matchedBy: 'email' as const } : null))),
    ),
    preferences: () => DEFAULT_PREFERENCES,
    ownAddresses: () => new Set(),
  });
  await scanner.scan(document.querySelectorAll('.s'));
  const ctx = new ContentScriptContext('test');
  const card = fakeCard();
  installHoverCards(ctx, scanner, () => Promise.resolve(card.api));
  return { ctx, card, scanner };
}

describe('installHoverCards on Alt+Down in a field being edited', () => {
  it('leaves the key to the editing (Option+Down moves the caret), even around a marked chip', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="s"><div contenteditable="true" id="to"><span contenteditable="false" data-mail="maya@example.com">Maya</span></div></div>';
    const { ctx, card } = await installOnPage(() => true);
    try {
      const field = document.querySelector<HTMLElement>('#to')!;
      expect(field.querySelector('primer-mark')).not.toBeNull();
      field.focus();
      const down = new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true });
      field.dispatchEvent(down);
      await vi.advanceTimersByTimeAsync(0);
      expect(down.defaultPrevented).toBe(false);
      expect(card.shown.filter((request) => request.viaKeyboard)).toHaveLength(0);
    } finally {
      ctx.notifyInvalidated();
      vi.useRealTimers();
    }
  });
});

describe('installHoverCards as the pointer moves into the card across another person', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;

  beforeEach(async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="s"><p data-mail="maya@example.com">Maya</p><p data-mail="daniel@example.com">Daniel</p></div>';
    ({ ctx, card } = await installOnPage(() => true));
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  it('keeps the card on its person: crossing another on the way in starts no card for them', async () => {
    const [maya, daniel] = document.querySelectorAll<HTMLElement>('[data-mail]');
    maya!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown.at(-1)).toMatchObject({ anchor: maya });
    // Diagonally down into the card, through Daniel's row.
    maya!.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: daniel }));
    daniel!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: maya }));
    daniel!.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: card.node }));
    card.node.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: daniel }));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS * 3);
    expect(card.isOpen()).toBe(true);
    expect(card.shown).toHaveLength(1);
  });
});

describe('installHoverCards on a row around the marked person (Calendar’s guest tree)', () => {
  const known = new Set(['maya@example.com', 'alex@example.com']);
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;
  let scanner: PageScanner;

  beforeEach(async () => {
    vi.useFakeTimers();
    const row = (id: string, mail: string, name: string) => `<div role="treeitem" tabindex="-1" id="${id}"><div data-mail="${mail}"><span>${name}</span></div></div>`;
    document.body.innerHTML = `
      <div class="s"><div role="tree">${row('maya', 'maya@example.com', 'Maya')}${row('riley', 'riley@unknown.example', 'Riley')}</div>
        <div tabindex="-1" id="both"><span data-mail="maya@example.com">Maya</span><span data-mail="alex@example.com">Alex</span></div>
        <section tabindex="-1" id="deep"><div><div><div><div><span data-mail="alex@example.com">Alex</span></div></div></div></div></section></div>
      <div class="s list"><table><tr role="row" tabindex="-1" id="listed"><td><div><div><span data-mail="maya@example.com">Maya</span></div></div></td></tr></table></div>`;
    ({ ctx, card, scanner } = await installOnPage((email) => known.has(email)));
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  it('shows the card of the one person in a focused row; Esc there closes it and stays in the tree', async () => {
    const tree = document.querySelector('[role="tree"]')!;
    const site = vi.fn();
    tree.addEventListener('keydown', site);
    const row = document.querySelector<HTMLElement>('#maya')!;
    row.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
    expect(card.shown[0]).toMatchObject({ anchor: row.firstElementChild, viaKeyboard: false, match: { contact: { id: 'maya@example.com' } } });
    row.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(card.isOpen()).toBe(false);
    expect(site).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(row);
    // Arrow keys are the tree's; the next row, an unknown guest, shows no card.
    row.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    expect(site).toHaveBeenCalledTimes(1);
    document.querySelector<HTMLElement>('#riley')!.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
  });

  it('gives focus to the row on Tab out of a card the pointer opened there (its marker is out of the Tab order)', async () => {
    const row = document.querySelector<HTMLElement>('#maya')!;
    row.firstElementChild!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(SHOW_DELAY_MS);
    expect(card.shown).toHaveLength(1);
    card.node.tabIndex = -1;
    card.node.focus();
    card.api.hide();
    card.shown[0]!.onClose(true, 'tab');
    expect(document.activeElement).toBe(row);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
  });

  /** Alt+Down, as the user presses it on `target`: its keydown, and whether the page may act on it. */
  const altDown = (target: Element, init: KeyboardEventInit = {}) => {
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(down);
    target.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true, ...init }));
    return down;
  };
  const description = (element: Element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? `#${id}`)
      .join(' ');

  it('on Alt+Down in the focused row, moves focus into the card, and the row says so; the tree’s own keys stay its own', async () => {
    const tree = document.querySelector('[role="tree"]')!;
    const site = vi.fn<(event: Event) => void>();
    tree.addEventListener('keydown', site);
    tree.addEventListener('keyup', site);
    const row = document.querySelector<HTMLElement>('#maya')!;
    row.setAttribute('aria-describedby', 'site-note');
    row.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
    expect(card.shown[0]).toMatchObject({ viaKeyboard: false });
    // The site's own description stays; Primer's hint is added to it.
    expect(row.getAttribute('aria-describedby')).toBe(`site-note ${KEY_HINT_ID}`);
    expect(description(row)).toBe('#site-note Press Alt+Down to open the Primer briefing card.');
    expect(document.getElementById(KEY_HINT_ID)!.hidden).toBe(true);
    // The tree's arrow keys, and other Alt keys, are the tree's.
    for (const init of [{ altKey: false }, { key: 'ArrowUp' }, { shiftKey: true }, { ctrlKey: true }]) expect(altDown(row, init).defaultPrevented).toBe(false);
    expect(site).toHaveBeenCalledTimes(8);
    expect(card.shown).toHaveLength(1);
    // One a page script made up does nothing.
    expect(row.dispatchEvent(madeUp(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true })))).toBe(true);
    expect(card.shown).toHaveLength(1);
    site.mockClear();
    expect(altDown(row).defaultPrevented).toBe(true);
    expect(site).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(2);
    expect(card.shown[1]).toMatchObject({ anchor: row.firstElementChild, viaKeyboard: true, match: { contact: { id: 'maya@example.com' } } });
    // Focus back on the row when the card closes (Esc in the card), which still says how to get back in.
    card.node.tabIndex = -1;
    card.node.focus();
    card.api.hide();
    card.shown[1]!.onClose(true, 'escape');
    expect(document.activeElement).toBe(row);
    expect(description(row)).toContain('Alt+Down');
    // Focus on another row: the description goes with it (an unknown guest's row says nothing).
    document.querySelector<HTMLElement>('#riley')!.focus();
    expect(row.getAttribute('aria-describedby')).toBe('site-note');
    expect(document.querySelector('#riley')!.hasAttribute('aria-describedby')).toBe(false);
    expect(altDown(document.querySelector('#riley')!).defaultPrevented).toBe(false);
    expect(card.shown).toHaveLength(2);
  });

  it('opens no card on focus of a mail list’s row, but does on Alt+Down there, and the row says so', async () => {
    const listed = document.querySelector<HTMLElement>('#listed')!;
    listed.focus();
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(0);
    expect(description(listed)).toBe('Press Alt+Down to open the Primer briefing card.');
    expect(altDown(listed).defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(1);
    expect(card.shown[0]).toMatchObject({ anchor: listed.querySelector('[data-mail]'), viaKeyboard: true });
  });

  it('takes its word back from a focused row whose person is no longer marked (the site now shows someone unknown there)', async () => {
    const row = document.querySelector<HTMLElement>('#maya')!;
    row.setAttribute('aria-describedby', 'site-note');
    row.focus();
    expect(description(row)).toContain('Alt+Down');
    row.querySelector('[data-mail]')!.setAttribute('data-mail', 'nobody@unknown.example');
    await scanner.scan(document.querySelectorAll('.s'));
    expect(row.querySelector('primer-mark')).toBeNull();
    expect(row.getAttribute('aria-describedby')).toBe('site-note');
  });

  it('takes its word back from the row when the content script goes (an update, the site switched off)', () => {
    const row = document.querySelector<HTMLElement>('#maya')!;
    row.focus();
    expect(document.getElementById(KEY_HINT_ID)).not.toBeNull();
    ctx.notifyInvalidated();
    expect(row.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById(KEY_HINT_ID)).toBeNull();
  });

  it('says nothing and opens nothing on Alt+Down for two people or a person deep in a large element', async () => {
    for (const id of ['both', 'deep']) {
      const element = document.querySelector<HTMLElement>(`#${id}`)!;
      element.focus();
      expect(element.hasAttribute('aria-describedby')).toBe(false);
      expect(altDown(element).defaultPrevented).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown).toHaveLength(0);
  });

  it('shows none for two people, a person deep in a large element, or a row of a mail list', async () => {
    for (const id of ['both', 'deep', 'listed']) {
      document.querySelector<HTMLElement>(`#${id}`)!.focus();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(card.shown).toHaveLength(0);
  });
});

describe('installHoverCards on the site’s own controls (markers after buttons, out of the Tab order in widgets)', () => {
  let ctx: ContentScriptContext;
  let card: ReturnType<typeof fakeCard>;

  beforeEach(async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `
      <div class="s"><div role="heading"><button type="button" id="from" data-mail="maya@example.com">Maya</button></div>
        <p><button type="button" id="wrap"><span data-mail="alex@example.com">Alex</span></button></p>
        <p><button type="button" id="other">Other</button></p></div>
      <div class="s"><div role="listbox"><div role="option" tabindex="-1" id="chip" data-mail="maya@example.com"><div>Maya</div><div role="button" tabindex="-1">✕</div></div></div></div>`;
    ({ ctx, card } = await installOnPage(() => true));
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  it('opens on focus of a person’s button, of a button around the person, and of a chip in a listbox', async () => {
    const focus = async (id: string) => {
      card.api.hide();
      document.querySelector<HTMLElement>(`#${id}`)!.focus();
      await vi.advanceTimersByTimeAsync(0);
      return card.isOpen() ? card.shown.at(-1) : undefined;
    };
    expect(document.querySelector('button primer-mark')).toBeNull();
    expect((await focus('from'))?.anchor.id).toBe('from');
    expect((await focus('wrap'))?.match.contact.id).toBe('alex@example.com');
    expect(await focus('other')).toBeUndefined();
    expect((await focus('chip'))?.anchor.id).toBe('chip');
    expect(document.querySelector('#chip primer-mark')?.getAttribute('tabindex')).toBe('-1');
    // The chip's marker is out of the Tab order: the chip says how to reach the card, and Alt+Down there does.
    const chip = document.querySelector<HTMLElement>('#chip')!;
    expect(chip.getAttribute('aria-describedby')).toBe(KEY_HINT_ID);
    chip.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ anchor: chip, viaKeyboard: true });
    // A button whose marker after it is a Tab stop needs no such word.
    await focus('wrap');
    expect(document.querySelector('#wrap')!.hasAttribute('aria-describedby')).toBe(false);
    expect(chip.hasAttribute('aria-describedby')).toBe(false);
    // The marker after the button is a button of its own: Enter there opens the card with focus in it.
    const after = document.querySelector<HTMLElement>('#wrap + primer-mark')!;
    after.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(card.shown.at(-1)).toMatchObject({ viaKeyboard: true, match: { contact: { id: 'alex@example.com' } } });
  });
});
