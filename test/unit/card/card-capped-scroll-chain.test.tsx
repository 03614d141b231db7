/**
 * A card too tall for the space around its person is capped and scrolls inside its host. Wheel or
 * swipe past its end and the browser hands the rest of the scroll to the page (scroll chaining):
 * the page scrolls, and a page scroll closes the card (mount.tsx onScroll), under the pointer of
 * someone reading it. The host must keep its scroll to itself (overscroll-behavior: contain).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import { mayaCardRequest } from './maya-card-request';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

const css = readFileSync('components/card/card.css', 'utf8');
const hostRule = /:host \{[^}]*\}/.exec(css)?.[0] ?? '';

describe('a capped hover card', () => {
  let ctx: ContentScriptContext;
  beforeEach(() => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
    // The card is taller than the window leaves above or below the person, nor is there room beside.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(900);
    ctx = new ContentScriptContext('test');
  });
  afterEach(() => ctx.notifyInvalidated());

  it('scrolls alone: its end does not scroll the page under it (which would close it)', async () => {
    document.body.innerHTML = '<div id="thread"><span id="maya">Maya Chen</span></div>';
    const anchor = document.querySelector<HTMLElement>('#maya')!;
    vi.spyOn(anchor, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 300, 800, 20));
    const request = mayaCardRequest(ctx, anchor);
    createHoverCardApi().show(request);
    const host = await vi.waitFor(() => {
      const element = document.querySelector<HTMLElement>('primer-hover-card');
      // Capped: the host scrolls.
      expect(element?.style.maxHeight).toMatch(/px$/);
      return element!;
    });
    expect(host.style.overflowY).toBe('auto');
    const contained = /overscroll-behavior(-block|-y)?:\s*contain/.test(hostRule) || host.style.overscrollBehavior === 'contain' || host.style.getPropertyValue('overscroll-behavior-y') === 'contain';
    expect(contained, `:host rule: ${hostRule}; host style: ${host.style.cssText}`).toBe(true);
  });
});
