/**
 * The card's shadow root is closed so the page's scripts cannot read the briefing in it. A page
 * that defines a custom element under the card's host name before the card opens gets its own
 * class run on the host, and `attachInternals()` in it hands over the closed root
 * (ElementInternals.shadowRoot: a root attached to a defined custom element is "available to
 * element internals"; checked in Chromium). The card then takes a name the page cannot know.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import { mayaCardRequest } from './maya-card-request';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

let ctx: ContentScriptContext;
beforeEach(() => {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
  document.body.innerHTML = '<div id="thread"><span id="maya">Maya Chen</span></div>';
  ctx = new ContentScriptContext('test');
});
afterEach(() => ctx.notifyInvalidated());

it('gives a page that defined the card’s host name no way into the card', async () => {
  // The page's class: what its constructor is given (the test DOM has no attachInternals; being
  // given the host at all is what hands the root over).
  const given: Element[] = [];
  customElements.define(
    'primer-hover-card',
    class extends HTMLElement {
      constructor() {
        super();
        given.push(this);
      }
    },
  );
  // The test DOM does not know `:defined`: as browsers match it (built-in, or a defined custom element).
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    if (selector !== ':defined') return matches.call(this, selector);
    return !this.localName.includes('-') || customElements.get(this.localName) !== undefined;
  });
  const hosts: Element[] = [];
  const attachShadow = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    hosts.push(this);
    return attachShadow.call(this, init);
  });
  const anchor = document.querySelector<HTMLElement>('#maya')!;
  vi.spyOn(anchor, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 200, 80, 16));
  createHoverCardApi().show(mayaCardRequest(ctx, anchor));
  // The card is up, under a name of its own.
  await vi.waitFor(() => expect(hosts[0]?.isConnected).toBe(true));
  expect(hosts).toHaveLength(1);
  expect(hosts[0]!.localName).toMatch(/^primer-hover-card-[a-z0-9]+$/);
  expect(given).not.toContain(hosts[0]);
});

it('keeps its usual name on a page that defined nothing under it', async () => {
  const anchor = document.querySelector<HTMLElement>('#maya')!;
  vi.spyOn(anchor, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 200, 80, 16));
  createHoverCardApi().show(mayaCardRequest(ctx, anchor));
  await vi.waitFor(() => expect(document.querySelector('primer-hover-card')).not.toBeNull());
});
