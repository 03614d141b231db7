/** The hover card's own placement: it closes when the person it is beside goes. */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import type { CardRequest } from '@/lib/content/card-api';
import { mayaCardRequest } from './maya-card-request';
import { noMarks } from './no-marks';

// The briefing never arrives: the card stays on its skeleton.
vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

describe('createHoverCardApi', () => {
  let ctx: ContentScriptContext;
  let anchor: HTMLElement;
  let rect: DOMRect;
  /** The card's shadow roots as made: closed, so the host's `shadowRoot` does not give them. */
  let shadows: ShadowRoot[];

  beforeEach(() => {
    shadows = [];
    const attachShadow = Element.prototype.attachShadow;
    vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
      const shadow = attachShadow.call(this, init);
      shadows.push(shadow);
      return shadow;
    });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
    document.body.innerHTML = '<div id="thread"><span id="maya">Maya Chen</span></div>';
    anchor = document.querySelector('#maya')!;
    rect = new DOMRect(100, 200, 80, 16);
    // The test DOM lays nothing out: the person's rect is what the page would report.
    vi.spyOn(anchor, 'getBoundingClientRect').mockImplementation(() => rect);
    ctx = new ContentScriptContext('test');
  });
  afterEach(() => {
    ctx.notifyInvalidated();
  });

  let shownRequest: CardRequest | null = null;
  const lastRequest = () => shownRequest!;

  async function openCard(viaKeyboard = false) {
    const api = createHoverCardApi();
    const onClose = vi.fn<(returnFocus?: boolean) => void>();
    const request = mayaCardRequest(ctx, anchor, { from: { kind: 'event', title: 'Q3 roadmap review', when: null }, viaKeyboard, onClose });
    api.show(request);
    shownRequest = request;
    const host = await vi.waitFor(() => {
      const element = document.querySelector<HTMLElement>('primer-hover-card');
      // Placed below the person.
      expect(element?.style.top).toBe('224px');
      return element!;
    });
    expect(host.style.left).toBe('100px');
    const [shadow] = shadows;
    expect(shadows).toHaveLength(1);
    expect(shadow!.host).toBe(host);
    return { api, host, shadow: shadow!, onClose };
  }

  it('closes, as by its close button, when the site hides the person (Gmail hides a thread it leaves)', async () => {
    const { api, host, onClose } = await openCard();
    rect = new DOMRect(0, 0, 0, 0);
    document.querySelector<HTMLElement>('#thread')!.style.display = 'none';
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(host.style.display).toBe('none');
    expect(host.style.top).toBe('224px');
    expect(api.contains(host)).toBe(false);
  });

  it('keeps off the marker as well when it wrapped outside the person’s box', async () => {
    const marker = document.createElement('primer-mark');
    anchor.after(marker);
    // On the next line, under the person's name.
    vi.spyOn(marker, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 220, 16, 16));
    createHoverCardApi().show({
      ctx,
      anchor,
      marker,
      match: { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' },
      meeting: null,
      from: { kind: 'event', title: 'Q3 roadmap review', when: null },
      onOpenBriefing: () => undefined,
      scanner: noMarks,
      viaKeyboard: false,
      onClose: () => undefined,
    });
    const host = await vi.waitFor(() => {
      const element = document.querySelector<HTMLElement>('primer-hover-card');
      expect(element?.style.left).toBe('100px');
      return element!;
    });
    // Below the marker (236 + 8), not below the name alone (216 + 8), where it would cover it.
    expect(host.style.top).toBe('244px');
  });

  it('follows the person when the window is resized (the site’s layout moves them without a DOM change)', async () => {
    const { host, onClose } = await openCard();
    rect = new DOMRect(40, 300, 80, 16);
    window.dispatchEvent(new Event('resize'));
    await vi.waitFor(() => expect(host.style.top).toBe('324px'));
    expect(host.style.left).toBe('40px');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stops following resizes once closed', async () => {
    const { api, host } = await openCard();
    api.hide();
    rect = new DOMRect(40, 300, 80, 16);
    window.dispatchEvent(new Event('resize'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(host.style.top).toBe('224px');
  });

  it('closes when the person leaves the page', async () => {
    const { host, onClose } = await openCard();
    anchor.remove();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(host.style.display).toBe('none');
  });

  it('closes through the same path as its close button when the page scrolls, leaving focus where it is', async () => {
    const { api, host, onClose } = await openCard();
    document.dispatchEvent(new Event('scroll'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(false);
    expect(host.style.display).toBe('none');
    expect(api.contains(host)).toBe(false);
  });

  it('is not closed by the scroll that brought the person into view as the card opened (focus on a marker below the fold), only by later ones', async () => {
    const { api, host } = await openCard();
    const onClose = vi.fn();
    // The next card (its code and shadow root are there): opened as focus scrolled the page to it.
    api.show({ ctx, anchor, marker: null, match: { contact: { id: 'b', name: 'Bo', email: 'bo@example.com', company: null, title: null }, matchedBy: 'email' }, meeting: null, from: { kind: 'thread', title: null, when: null }, onOpenBriefing: () => undefined, scanner: noMarks, viaKeyboard: true, onClose });
    await Promise.resolve();
    // That scroll's event comes in the next frame, before the card's first frame is done.
    document.dispatchEvent(new Event('scroll'));
    expect(onClose).not.toHaveBeenCalled();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(host.style.display).toBe('block');
    document.dispatchEvent(new Event('scroll'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a scroll of a pane holding the person, not of an unrelated pane or of the card itself', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="side"><p>Other pane</p></div>');
    const { host, onClose } = await openCard();
    document.querySelector('#side')!.dispatchEvent(new Event('scroll'));
    host.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onClose).not.toHaveBeenCalled();
    expect(host.style.display).toBe('block');
    document.querySelector('#thread')!.dispatchEvent(new Event('scroll'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(host.style.display).toBe('none');
  });

  it('asks again for a card moved straight to another place of the same contact (hide and show in one task)', async () => {
    const { sendCardRequest } = await import('@/lib/messaging/send-card');
    const { api } = await openCard();
    const asked = vi.mocked(sendCardRequest).mock.calls.length;
    expect(asked).toBeGreaterThan(0);
    const second = document.createElement('span');
    document.body.append(second);
    vi.spyOn(second, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 400, 80, 16));
    // The pointer rests on the same sender in the next message's header: the card moves there.
    api.hide();
    api.show({ ...lastRequest(), anchor: second });
    await vi.waitFor(() => expect(vi.mocked(sendCardRequest).mock.calls.length).toBeGreaterThan(asked));
  });

  it('asks nothing for cards shown in a quick run through people (arrow keys through a list) until one stays up', async () => {
    const { sendCardRequest } = await import('@/lib/messaging/send-card');
    const { api } = await openCard();
    // Whom the card asked for (StrictMode runs an effect twice in tests: each once).
    const askedFor = () => [...new Set(vi.mocked(sendCardRequest).mock.calls.filter(([type]) => type === 'contact.insights').map(([, data]) => (data as { contactId: string }).contactId))];
    const person = (id: string) => ({ ...lastRequest(), match: { ...lastRequest().match, contact: { ...lastRequest().match.contact, id } } });
    // The clock is the test's from here: nothing the machine's load does moves it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // Each showing rendered (its effects run, the one before it taken down) before the clock moves
    // on: React's own turns are the machine's, which load delays, and the test's clock would race ahead.
    const show = (id: string) =>
      act(async () => {
        api.show(person(id));
        await vi.advanceTimersByTimeAsync(0);
      });
    try {
      await show('first');
      vi.mocked(sendCardRequest).mockClear();
      // Focus moves on to the next two guests within a moment each.
      await show('next-1');
      await vi.advanceTimersByTimeAsync(50);
      await show('next-2');
      await vi.advanceTimersByTimeAsync(200);
      expect(askedFor()).toEqual([]);
      // The user stops on the second: it asks once it has stayed up the settle time; the first never did.
      await vi.advanceTimersByTimeAsync(100);
      expect(askedFor()).toEqual(['next-2']);
      // A card shown after a pause asks at once: no time passes before it does.
      await vi.advanceTimersByTimeAsync(1000);
      await show('later');
      expect(askedFor()).toEqual(['next-2', 'later']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is dark as the page around the person is, and follows the page switching themes while it is open', async () => {
    const thread = document.querySelector<HTMLElement>('#thread')!;
    thread.style.backgroundColor = 'rgb(32, 33, 36)';
    const { host } = await openCard();
    await vi.waitFor(() => expect(host.dataset.primerTheme).toBe('dark'));
    // The site's own theme switch: its styles change, the card is placed again.
    thread.style.backgroundColor = 'rgb(255, 255, 255)';
    await vi.waitFor(() => expect(host.dataset.primerTheme).toBe('light'));
  });

  it('keeps its shadow root closed: the page cannot reach the briefing through the host', async () => {
    const { api, host, shadow } = await openCard();
    expect(shadow.mode).toBe('closed');
    expect(host.shadowRoot).toBeNull();
    expect(document.querySelector('primer-hover-card')!.shadowRoot).toBeNull();
    // The card itself still knows what is inside it (pointer moving into the card keeps it open).
    const inside = await vi.waitFor(() => {
      const element = shadow.querySelector('[role="dialog"]');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(api.contains(inside)).toBe(true);
  });

  it('asks for focus back when a scroll closes it while focus is inside', async () => {
    const { onClose, shadow } = await openCard(true);
    const closeButton = await vi.waitFor(() => {
      const button = shadow.querySelector<HTMLButtonElement>('button.close');
      expect(button).not.toBeNull();
      return button!;
    });
    closeButton.focus();
    document.dispatchEvent(new Event('scroll'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  const closeButtonOf = (shadow: ShadowRoot) =>
    vi.waitFor(() => {
      const button = shadow.querySelector<HTMLButtonElement>('button.close');
      expect(button).not.toBeNull();
      return button!;
    });

  it('says when Esc closed it: the person under the pointer must not reopen it at once', async () => {
    const { onClose, shadow } = await openCard(true);
    (await closeButtonOf(shadow)).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true, 'escape');
  });

  it('closes on Tab past its last control or Shift+Tab before its first, asking for focus back; Tab within it is the browser’s', async () => {
    // A build with a panel: Open briefing is the card's last control.
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1', side_panel: { default_path: 'sidepanel.html' } } as never);
    const { api, host, onClose, shadow } = await openCard(true);
    const closeButton = await closeButtonOf(shadow);
    const openBriefing = await vi.waitFor(() => {
      const buttons = [...shadow.querySelectorAll('button')];
      expect(buttons.map((button) => button.textContent)).toEqual(['×', 'Open briefing']);
      return buttons[1]!;
    });
    const tab = (target: Element, shiftKey = false) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, composed: true, cancelable: true });
      target.dispatchEvent(event);
      return event;
    };
    expect(tab(closeButton).defaultPrevented).toBe(false);
    expect(tab(openBriefing, true).defaultPrevented).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    openBriefing.focus();
    expect(tab(openBriefing).defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true, 'tab');
    expect(host.style.display).toBe('none');
    expect(api.contains(host)).toBe(false);
  });

  it('closes on Shift+Tab before its first control', async () => {
    const { onClose, shadow } = await openCard(true);
    const closeButton = await closeButtonOf(shadow);
    closeButton.focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, composed: true, cancelable: true });
    closeButton.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true, 'tab');
  });

  it('says nothing more when its close button closed it', async () => {
    const { onClose, shadow } = await openCard(true);
    (await closeButtonOf(shadow)).click();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose.mock.calls[0]).toHaveLength(1);
  });
});
