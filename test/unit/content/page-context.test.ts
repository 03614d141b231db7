import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PeopleLookup } from '@/lib/content/lookup';
import { answerPageContext, PAGE_CONTEXT_REQUEST } from '@/lib/content/page-context';
import { PageScanner } from '@/lib/content/scanner';
import type { SiteAdapter } from '@/lib/sites/types';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

const adapter: SiteAdapter = {
  site: 'google-calendar',
  surfaceSelector: '.s',
  readSurface: (root) => ({
    kind: root.classList.contains('list') ? 'list' : 'event',
    root,
    context: { title: root.getAttribute('data-title'), when: 'Tue 10:00' },
    people: [...root.querySelectorAll<HTMLElement>('[data-mail]')].map((el) => ({ email: el.dataset.mail!, name: el.textContent, roles: ['guest' as const], elements: [el] })),
  }),
  recognise: () => true,
  ownAddresses: () => [],
};

describe('answerPageContext', () => {
  it('tells our own pages who is on the page, meetings before lists, and ignores anyone else', async () => {
    document.body.innerHTML = `<div class="s list" data-title="Inbox"><span data-mail="x@unknown.example">X</span></div>
      <div class="s" data-title="Q3 review"><span data-mail="maya@example.com">Maya</span><span data-mail="x@unknown.example">X</span></div>`;
    const maya = { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const };
    const scanner = new PageScanner({
      adapter,
      lookup: new PeopleLookup((people) => Promise.resolve(people.map((p) => ('email' in p && p.email === 'maya@example.com' ? maya : null)))),
      preferences: () => DEFAULT_PREFERENCES,
      ownAddresses: () => new Set(),
    });
    await scanner.scan(document.querySelectorAll('.s'));
    const stop = answerPageContext(adapter, scanner);
    const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
    const [answer] = await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, () => undefined);
    expect(await answer).toEqual({
      site: 'google-calendar',
      recognised: true,
      surfaces: [
        { kind: 'event', title: 'Q3 review', when: 'Tue 10:00', people: [
          { email: 'maya@example.com', name: 'Maya', roles: ['guest'], match: maya },
          { email: 'x@unknown.example', name: 'X', roles: ['guest'], match: null },
        ] },
        { kind: 'list', title: 'Inbox', when: 'Tue 10:00', people: [{ email: 'x@unknown.example', name: 'X', roles: ['guest'], match: null }] },
      ],
    });
    const [fromPage] = await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: {} as never }, () => undefined);
    expect(fromPage).toBeUndefined();
    const [other] = await fakeBrowser.runtime.onMessage.trigger({ primer: 1, type: 'something' }, own, () => undefined);
    expect(other).toBeUndefined();
    stop();
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(false);
  });
});
