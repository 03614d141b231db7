/** The hover card on the page as a keyboard, screen-reader and mouse user meets it: the marker says whether it is open, Esc is the card’s alone, a late reply closes only its own card, and failures only the options fix lead there. */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { HoverCard } from '@/components/card/HoverCard';
import { createHoverCardApi } from '@/components/card/mount';
import { NO_ACCESS_CODE, NOT_THE_SERVICE_CODE, WEB_PAGE_REFUSAL_CODE } from '@/lib/api/errors';
import type { CardRequest } from '@/lib/content/card-api';
import { noMarks } from './no-marks';
import type { ContactMatch } from '@/lib/models';
import { sendCardRequest } from '@/lib/messaging/send-card';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn() }));

const insightsReply = {
  insights: {
    contactId: 'm', communicationApproach: null, preferredTone: 'friendly', personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
    sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: 7,
    flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
    updatedAt: null,
  },
  asOf: 0,
  problem: null,
};

describe('the hover card on the page', () => {
  let ctx: ContentScriptContext;
  let anchor: HTMLElement;
  let marker: HTMLElement;
  let shadows: ShadowRoot[];

  beforeEach(() => {
    shadows = [];
    const attachShadow = Element.prototype.attachShadow;
    vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
      const shadow = attachShadow.call(this, init);
      shadows.push(shadow);
      return shadow;
    });
    // A build with a side panel: the card offers Open briefing.
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1', side_panel: { default_path: 'sidepanel.html' } } as never);
    document.body.innerHTML = '<div id="popup"><span id="maya">Maya Chen</span><primer-mark role="button" aria-haspopup="dialog" tabindex="0"></primer-mark><span id="alex">Alex Kim</span></div>';
    anchor = document.querySelector('#maya')!;
    marker = document.querySelector('primer-mark')!;
    for (const element of [anchor, document.querySelector('#alex')!]) vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => new DOMRect(100, 200, 80, 16));
    ctx = new ContentScriptContext('test');
    vi.mocked(sendCardRequest).mockReset();
  });
  afterEach(() => {
    ctx.notifyInvalidated();
  });

  const requestFor = (element: HTMLElement, id: string, onClose = vi.fn(), viaKeyboard = false): CardRequest => ({
    ctx,
    anchor: element,
    marker: element === anchor ? marker : null,
    match: { contact: { id, name: element.textContent, email: `${id}@example.com`, company: null, title: null }, matchedBy: 'email' },
    meeting: null,
    from: { kind: 'event', title: 'Q3 roadmap review', when: null },
    onOpenBriefing: () => undefined,
    scanner: noMarks,
    viaKeyboard,
    onClose,
  });
  const buttonIn = (name: string) =>
    vi.waitFor(() => {
      const button = [...shadows[0]!.querySelectorAll('button')].find((candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent) === name);
      expect(button, name).toBeDefined();
      return button!;
    });

  it('says on the marker whether the card it pops up is open (aria-expanded), as a button with a popup must', async () => {
    vi.mocked(sendCardRequest).mockImplementation((() => new Promise(() => undefined)) as never);
    const api = createHoverCardApi();
    api.show(requestFor(anchor, 'm'));
    await buttonIn('Close briefing');
    expect(marker).toHaveAttribute('aria-expanded', 'true');
    api.hide();
    expect(marker).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Esc pressed in the card from the site’s capturing handlers, as it does for Esc on the marker (the site’s popup the person is in stays open)', async () => {
    vi.mocked(sendCardRequest).mockImplementation((() => new Promise(() => undefined)) as never);
    const siteEarly = vi.fn();
    document.addEventListener('keydown', siteEarly, { capture: true });
    try {
      const onClose = vi.fn();
      createHoverCardApi().show(requestFor(anchor, 'm', onClose, true));
      const close = await buttonIn('Close briefing');
      close.focus();
      close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
      expect(onClose).toHaveBeenCalledWith(true, 'escape');
      expect(siteEarly).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', siteEarly, { capture: true });
    }
  });

  it('does not close the next person’s card when the panel answers late for the one before', async () => {
    let answer: (value: { opened: boolean; shortcut: string | null }) => void = () => undefined;
    vi.mocked(sendCardRequest).mockImplementation(((type: string) =>
      type === 'contact.insights' ? Promise.resolve(insightsReply) : type === 'panel.focus' ? new Promise((resolve) => (answer = resolve)) : Promise.reject(new Error(type))) as never);
    const api = createHoverCardApi();
    api.show(requestFor(anchor, 'm'));
    (await buttonIn('Open briefing')).click();
    // A woken service worker takes its time; meanwhile the pointer rests on Alex, whose card opens.
    const alexClosed = vi.fn();
    api.hide();
    api.show(requestFor(document.querySelector('#alex')!, 'a', alexClosed));
    await vi.waitFor(() => expect(shadows[0]!.querySelector('h2')).toHaveTextContent('Alex Kim'));
    answer({ opened: true, shortcut: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alexClosed).not.toHaveBeenCalled();
    expect(document.querySelector<HTMLElement>('primer-hover-card')!.style.display).toBe('block');
  });
});

describe('HoverCard on a failure the options page fixes', () => {
  const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' };
  const failed = (kind: 'network' | 'http' | 'unauthorized' | 'forbidden', code: string) => ({ status: 'error' as const, error: { kind, message: 'x', status: null, code, retryAfterMs: null } });

  it('says Primer may not contact the service yet, and offers the options (not Try again), as the panel does', () => {
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={failed('network', NO_ACCESS_CODE)} onOpenOptions={() => undefined} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/allow it in Primer’s options/);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });

  it('says the service address sends Primer elsewhere (a sign-in page), and offers the options, as the panel does', () => {
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={failed('http', NOT_THE_SERVICE_CODE)} onOpenOptions={() => undefined} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/check the address in Primer’s options/);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });
  it.each(['unauthorized', 'forbidden'] as const)('says a web page refused Primer at the address (a proxy, a wrong address), not the key (%s), and offers the options', (kind) => {
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={failed(kind, WEB_PAGE_REFUSAL_CODE)} onOpenOptions={() => undefined} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/A web page, not the service, refused Primer/);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/API key/);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });
});
