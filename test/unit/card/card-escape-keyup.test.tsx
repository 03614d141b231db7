/**
 * Esc pressed in the card: the card closes and focus goes back to the marker, inside the site's
 * popup. Its keydown and the keyup that follows are both kept from the site, as for Esc on a
 * marker (hover.ts): a site closing its popup on Esc's keyup must not get Primer's Esc. When that
 * keyup never comes to the page (Esc held while the user switched windows), the next Esc the user
 * presses on the site itself is the site's, keyup included.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createHoverCardApi } from '@/components/card/mount';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { sendCardRequest } from '@/lib/messaging/send-card';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fakeAdapter } from '../content/fake-adapter';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn() }));
vi.mock('@/lib/content/from-user', () => ({ fromUser: () => true }));

let ctx: ContentScriptContext;
let shadows: ShadowRoot[];

beforeEach(() => {
  shadows = [];
  const attachShadow = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const shadow = attachShadow.call(this, init);
    shadows.push(shadow);
    return shadow;
  });
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1', side_panel: { default_path: 'sidepanel.html' } } as never);
  vi.mocked(sendCardRequest).mockImplementation((() => new Promise(() => undefined)) as never);
  ctx = new ContentScriptContext('test');
});
afterEach(() => {
  ctx.notifyInvalidated();
});

const press = (target: Element, key: string, phase: 'keydown' | 'keyup') =>
  target.dispatchEvent(new KeyboardEvent(phase, { key, bubbles: true, composed: true, cancelable: true }));

/**
 * The site's popup (Calendar's event dialog) holding a known person and a button of the site's,
 * closing on Esc's keyup; the card opened on the person by Enter on their marker, focus in it.
 */
async function cardOpenInSitePopup() {
  document.body.innerHTML = '<div id="popup" class="s" data-title="Roadmap"><span data-mail="maya@example.com">Maya</span><button id="site-button">Edit</button></div>';
  const siteKeyup = vi.fn<(event: Event) => void>();
  document.querySelector('#popup')!.addEventListener('keyup', siteKeyup);
  const scanner = new PageScanner({
    adapter: fakeAdapter(),
    lookup: new PeopleLookup((people) =>
      Promise.resolve(people.map(() => ({ contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const }))),
    ),
    preferences: () => DEFAULT_PREFERENCES,
    ownAddresses: () => new Set(),
  });
  await scanner.scan(document.querySelectorAll('.s'));
  vi.spyOn(document.querySelector('[data-mail]')!, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 200, 80, 16));
  const marker = document.querySelector<HTMLElement>('[data-primer-marker]')!;
  const api = createHoverCardApi();
  installHoverCards(ctx, scanner, () => Promise.resolve(api));
  marker.focus();
  press(marker, 'Enter', 'keydown');
  press(marker, 'Enter', 'keyup');
  const close = await vi.waitFor(() => {
    const button = shadows[0]?.querySelector<HTMLButtonElement>('button.close');
    expect(button).toBeTruthy();
    expect(shadows[0]!.activeElement).toBe(button);
    return button!;
  });
  const keyups = () => siteKeyup.mock.calls.map(([event]) => `${event.type}:${(event as KeyboardEvent).key}`);
  return { marker, close, keyups };
}

it('keeps the keyup of an Esc pressed in the card from the site’s popup, as it does for Esc on the marker', async () => {
  const { marker, close, keyups } = await cardOpenInSitePopup();
  // Esc in the card: the card closes, focus goes back to the marker, where the key comes up.
  press(close, 'Escape', 'keydown');
  expect(marker).toHaveAttribute('aria-expanded', 'false');
  expect(document.activeElement).toBe(marker);
  press(document.activeElement!, 'Escape', 'keyup');
  expect(keyups()).toEqual([]);
});

it('does not keep from the site the keyup of a later Esc that the card never saw, after its own keyup was lost', async () => {
  const { marker, close, keyups } = await cardOpenInSitePopup();
  // Esc in the card closes it; the user switches windows before letting go: no keyup here.
  press(close, 'Escape', 'keydown');
  expect(marker).toHaveAttribute('aria-expanded', 'false');
  window.dispatchEvent(new Event('blur'));
  // Later, back in the site, the first key the user presses is Esc, on the site's own button.
  const siteButton = document.querySelector<HTMLElement>('#site-button')!;
  siteButton.focus();
  press(siteButton, 'Escape', 'keydown');
  press(siteButton, 'Escape', 'keyup');
  expect(keyups()).toEqual(['keyup:Escape']);
});
