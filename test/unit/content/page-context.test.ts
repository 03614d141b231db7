import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PeopleLookup } from '@/lib/content/lookup';
import { answerPageContext } from '@/lib/content/page-context';
import { PAGE_CONTEXT_PEEK, PAGE_CONTEXT_REQUEST } from '@/lib/messaging/envelope';
import { PageScanner } from '@/lib/content/scanner';
import { fakeAdapter } from './fake-adapter';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

const adapter = fakeAdapter({ site: 'google-calendar', recognise: () => true });

describe('answerPageContext', () => {
  it('tells our own pages who is on the page, meetings before lists, and ignores anyone else', async () => {
    document.body.innerHTML = `<div class="s list" data-title="Inbox" data-when="Tue 10:00"><span data-mail="x@unknown.example">X</span></div>
      <div class="s" data-title="Q3 review" data-when="Tue 10:00"><span data-mail="maya@example.com">Maya</span><span data-mail="x@unknown.example">X</span></div>`;
    const maya = { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const };
    const scanner = new PageScanner({
      adapter,
      lookup: new PeopleLookup((people) => Promise.resolve(people.map((p) => ('email' in p && p.email === 'maya@example.com' ? maya : null)))),
      preferences: () => DEFAULT_PREFERENCES,
      ownAddresses: () => new Set(),
    });
    await scanner.scan(document.querySelectorAll('.s'));
    let asked = 0;
    const stop = answerPageContext(adapter, scanner, () => asked++);
    const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
    const answers: unknown[] = [];
    const answered = (answer: unknown) => void answers.push(answer);
    // Answered at once through sendResponse (false: no answer will follow later).
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, answered)).toEqual([false]);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toEqual({
      site: 'google-calendar',
      recognised: true,
      surfaces: [
        { kind: 'thread', title: 'Q3 review', when: 'Tue 10:00', people: [
          { email: 'maya@example.com', name: 'Maya', roles: ['to'], match: maya },
          { email: 'x@unknown.example', name: 'X', roles: ['to'], match: null },
        ] },
        { kind: 'list', title: 'Inbox', when: 'Tue 10:00', people: [{ email: 'x@unknown.example', name: 'X', roles: ['to'], match: null }] },
      ],
    });
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: {} as never }, answered)).toEqual([false]);
    expect(await fakeBrowser.runtime.onMessage.trigger({ primer: 1, type: 'something' }, own, answered)).toEqual([false]);
    expect(answers).toHaveLength(1);
    // Only our own pages' requests count as a panel watching this page.
    expect(asked).toBe(1);
    // The background's head start gets the same answer, but does not make the page report its changes.
    const background = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/background.js') };
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_PEEK, background, answered)).toEqual([false]);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toEqual(answers[0]);
    expect(asked).toBe(1);
    stop();
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(false);
  });

  it('says the site is switched off in the options, and shows no one then', async () => {
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span></div>';
    const scanner = new PageScanner({ adapter, lookup: new PeopleLookup((people) => Promise.resolve(people.map(() => null))), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
    await scanner.scan(document.querySelectorAll('.s'));
    let on = true;
    const stop = answerPageContext(adapter, scanner, () => undefined, () => on);
    const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
    const answers: unknown[] = [];
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, (answer: unknown) => void answers.push(answer))).toEqual([false]);
    expect(answers[0]).toMatchObject({ site: 'google-calendar', recognised: true, surfaces: [{ kind: 'thread' }] });
    expect(answers[0]).not.toHaveProperty('switchedOff');
    on = false;
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, (answer: unknown) => void answers.push(answer))).toEqual([false]);
    expect(answers[1]).toEqual({ site: 'google-calendar', recognised: true, switchedOff: true, surfaces: [] });
    stop();
  });

  it('says whether the layout is recognised as the self-check does (a page still building its app is)', async () => {
    document.body.innerHTML = '<div id="loader">Loading…</div>';
    const building = fakeAdapter({ site: 'gmail', recognise: () => false });
    const scanner = new PageScanner({ adapter: building, lookup: new PeopleLookup((people) => Promise.resolve(people.map(() => null))), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
    let settled = false;
    const stop = answerPageContext(building, scanner, () => undefined, () => true, () => !settled);
    const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
    const answers: unknown[] = [];
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, (answer: unknown) => void answers.push(answer))).toEqual([false]);
    expect(answers[0]).toEqual({ site: 'gmail', recognised: true, surfaces: [] });
    settled = true;
    expect(await fakeBrowser.runtime.onMessage.trigger(PAGE_CONTEXT_REQUEST, own, (answer: unknown) => void answers.push(answer))).toEqual([false]);
    expect(answers[1]).toEqual({ site: 'gmail', recognised: false, surfaces: [] });
    stop();
  });
});
