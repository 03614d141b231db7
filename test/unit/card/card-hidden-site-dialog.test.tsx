/**
 * A site's popup that is in the page but not shown (Calendar and Gmail keep hidden `role=dialog`
 * nodes: pickers, loaders, their people card faded out with `visibility: hidden` or `opacity: 0`)
 * is nothing to keep clear of: the card stays at its person, below them, instead of being moved off
 * sideways, away from the pointer, to dodge a box no one sees.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import { mayaCardRequest } from './maya-card-request';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn(() => new Promise(() => undefined)) }));

describe('the card and a site dialog that is not shown', () => {
  let ctx: ContentScriptContext;

  beforeEach(() => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1' } as never);
    // The test DOM lays nothing out: the card is as tall as a loaded one.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(260);
    ctx = new ContentScriptContext('test');
  });
  afterEach(() => ctx.notifyInvalidated());

  async function placedAt(dialogStyle: string) {
    document.body.innerHTML = `<div id="thread"><span id="maya">Maya Chen</span></div><div role="dialog" id="site" style="${dialogStyle}">Site people card</div>`;
    const anchor = document.querySelector<HTMLElement>('#maya')!;
    vi.spyOn(anchor, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 200, 80, 16));
    // Laid out right under the person, where the card goes.
    vi.spyOn(document.querySelector('#site')!, 'getBoundingClientRect').mockReturnValue(new DOMRect(90, 230, 360, 300));
    const request = mayaCardRequest(ctx, anchor);
    const api = createHoverCardApi();
    api.show(request);
    const host = await vi.waitFor(() => {
      const element = document.querySelector<HTMLElement>('primer-hover-card');
      expect(element?.style.left).not.toBe('-10000px');
      expect(element?.style.top).toMatch(/px$/);
      return element!;
    });
    await new Promise((done) => requestAnimationFrame(done));
    const at = `${host.style.left} ${host.style.top}`;
    api.hide();
    return at;
  }

  it('places the card below the person when the site dialog there is visibility: hidden', async () => {
    expect(await placedAt('visibility: hidden')).toBe('100px 224px');
  });

  it('places the card below the person when the site dialog there is faded out (opacity: 0)', async () => {
    expect(await placedAt('opacity: 0')).toBe('100px 224px');
  });

  it('still keeps clear of a site dialog that is shown', async () => {
    expect(await placedAt('')).not.toBe('100px 224px');
  });
});
