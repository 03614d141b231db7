import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_DELAY_MS, LAYOUT_WAIT_DELAY_MS, watchSurfaces } from '@/lib/content/observer';
import { own } from '@/lib/content/owned-nodes';
import { ADAPTERS } from '@/lib/sites';
import type { SiteId } from '@/lib/sites/types';
import { loadView } from '../sites/fixtures';

describe('watchSurfaces', () => {
  let batches: Set<Element>[];
  let watch: ReturnType<typeof watchSurfaces>;

  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="app"><div class="s" id="one"><span>a</span></div></div>';
    batches = [];
    watch = watchSurfaces(document.body, { surfaceSelectors: ['.s'], identityAttributes: ['email', 'data-email'] }, (roots) => batches.push(roots));
  });
  afterEach(() => {
    watch.disconnect();
    vi.useRealTimers();
  });

  const flush = async () => {
    await Promise.resolve();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
  };

  it('hands over the surfaces around and inside changed subtrees, in one batch', async () => {
    document.querySelector('#one span')!.append(document.createElement('i'));
    const added = document.createElement('section');
    added.innerHTML = '<div class="s" id="two"></div><div class="s" id="three"></div>';
    document.querySelector('#app')!.append(added);
    await flush();
    expect(batches).toHaveLength(1);
    expect([...batches[0]!].map((root) => root.id).sort()).toEqual(['one', 'three', 'two']);
  });

  it('stays stopped when a write of its own stops it (a mark dropped found the extension gone)', async () => {
    watch.unobserved(() => {
      document.querySelector('#one span')!.append(document.createElement('b'));
      watch.disconnect();
    });
    document.querySelector('#one span')!.append(document.createElement('i'));
    await flush();
    expect(batches).toHaveLength(0);
  });

  it('reacts to the attributes that carry people, not to style churn', async () => {
    const span = document.querySelector('#one span')!;
    span.setAttribute('style', 'color: red');
    span.setAttribute('class', 'x');
    await flush();
    expect(batches).toHaveLength(0);
    span.setAttribute('data-email', 'a@example.com');
    await flush();
    expect(batches).toHaveLength(1);
  });

  it('watches the attributes the site’s adapter names as carrying people, and no other site’s', async () => {
    watch.disconnect();
    watch = watchSurfaces(document.body, { surfaceSelectors: ['.s'], identityAttributes: ['data-hovercard-id'] }, (roots) => batches.push(roots));
    const span = document.querySelector('#one span')!;
    span.setAttribute('email', 'a@example.com');
    span.setAttribute('data-email', 'a@example.com');
    await flush();
    expect(batches).toHaveLength(0);
    span.setAttribute('data-hovercard-id', 'a@example.com');
    await flush();
    expect(batches).toHaveLength(1);
    // Each adapter names its own.
    expect(ADAPTERS.gmail.identityAttributes).toContain('email');
    expect(ADAPTERS['google-calendar'].identityAttributes).toContain('data-email');
    expect(ADAPTERS.gmail.identityAttributes).not.toContain('data-email');
  });

  it('re-reads the surfaces of a view shown again (inline style, hidden); hiding one re-reads nothing; style churn makes no batch', async () => {
    const app = document.querySelector('#app') as HTMLElement;
    const ids = () => batches.map((roots) => [...roots].map((root) => root.id));
    app.style.display = 'none';
    app.style.color = 'red';
    await flush();
    // What is in view changed (the panel hears of it after the batch), but nothing is read again.
    expect(ids()).toEqual([[]]);
    app.style.top = '3px';
    await flush();
    expect(ids()).toEqual([[]]);
    app.style.display = '';
    await flush();
    expect(ids()).toEqual([[], ['one']]);
    app.style.left = '4px';
    await flush();
    expect(ids()).toEqual([[], ['one']]);
    app.setAttribute('hidden', '');
    await flush();
    expect(ids()).toEqual([[], ['one'], []]);
    app.removeAttribute('hidden');
    await flush();
    expect(ids()).toEqual([[], ['one'], [], ['one']]);
  });

  it('makes a batch when a view holding a surface is hidden (Gmail leaving a thread), not for hides that hold none', async () => {
    const tooltip = document.createElement('div');
    tooltip.id = 'tip';
    document.body.append(tooltip);
    await flush();
    batches = [];
    // A menu or tooltip hiding (the page does this all the time): no batch.
    tooltip.style.display = 'none';
    tooltip.setAttribute('aria-hidden', 'true');
    await flush();
    expect(batches).toEqual([]);
    // The surface root itself hidden inline, as Gmail hides a thread it leaves.
    (document.querySelector('#one') as HTMLElement).style.display = 'none';
    await flush();
    expect(batches.map((roots) => roots.size)).toEqual([0]);
    // A view around it hidden by an attribute; set again to the same value: nothing new.
    document.querySelector('#app')!.setAttribute('aria-hidden', 'true');
    await flush();
    expect(batches.map((roots) => roots.size)).toEqual([0, 0]);
    document.querySelector('#app')!.setAttribute('aria-hidden', 'true');
    await flush();
    expect(batches.map((roots) => roots.size)).toEqual([0, 0]);
  });

  it('hands over the surface whose text changed in place (a name is text), not for text outside surfaces', async () => {
    document.body.insertAdjacentHTML('beforeend', '<p id="clock">10:41</p>');
    await flush();
    batches = [];
    (document.querySelector('#clock')!.firstChild as Text).data = '10:42';
    await flush();
    expect(batches).toEqual([]);
    (document.querySelector('#one span')!.firstChild as Text).data = 'b';
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id))).toEqual([['one']]);
  });

  it('does not hand over the root around a surface root added or removed whole (it never reads inside it), but does for anything else added', async () => {
    const ids = () => batches.map((roots) => [...roots].map((root) => root.id).sort());
    const outer = document.querySelector('#one')!;
    const inner = document.createElement('div');
    inner.className = 's';
    inner.id = 'inner';
    outer.append(inner, document.createTextNode(' \n'), document.createComment('view'));
    await flush();
    expect(ids()).toEqual([['inner']]);
    inner.remove();
    await flush();
    // Released (a batch), read again: nothing.
    expect(ids()).toEqual([['inner'], []]);
    // A wrapper around a root, text, or a root with something else: the root around is read too.
    const wrapper = document.createElement('section');
    wrapper.innerHTML = '<div class="s" id="wrapped"></div>';
    outer.append(wrapper);
    await flush();
    expect(ids().at(-1)).toEqual(['one', 'wrapped']);
    outer.append('Alex Kim');
    await flush();
    expect(ids().at(-1)).toEqual(['one']);
    const again = inner.cloneNode() as Element;
    outer.append(again, document.createElement('span'));
    await flush();
    expect(ids().at(-1)).toEqual(['inner', 'one']);
  });

  it('ignores its own nodes, but reports removals so held views are released', async () => {
    document.querySelector('#one span')!.append(own(document.createElement('span')));
    await flush();
    expect(batches).toHaveLength(0);
    document.querySelector('#one')!.remove();
    await flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.size).toBe(0);
  });

  it('reads a surface again when the site removes a marker of Primer’s from it (its renderer patching the element)', async () => {
    const marker = own(document.createElement('primer-mark'));
    watch.unobserved(() => document.querySelector('#one span')!.append(marker));
    await flush();
    expect(batches).toHaveLength(0);
    marker.remove();
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id))).toEqual([['one']]);
    // Primer's own removals are made unobserved: no batch.
    const again = own(document.createElement('primer-mark'));
    watch.unobserved(() => document.querySelector('#one span')!.append(again));
    watch.unobserved(() => again.remove());
    await flush();
    expect(batches).toHaveLength(1);
  });

  it('runs no timer while the page is idle, and nothing after disconnect', async () => {
    expect(vi.getTimerCount()).toBe(0);
    document.querySelector('#one span')!.append(document.createElement('i'));
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    await flush();
    expect(vi.getTimerCount()).toBe(0);
    watch.disconnect();
    document.querySelector('#one span')!.append(document.createElement('i'));
    await flush();
    expect(batches).toHaveLength(1);
  });

  it('does not see changes made unobserved, keeps the page changes made before them, and watches again after', async () => {
    // A site change not yet delivered when Primer writes: it must still be handed over.
    const added = document.createElement('div');
    added.className = 's';
    added.id = 'site';
    document.querySelector('#app')!.append(added);
    watch.unobserved(() => {
      const mine = document.createElement('div');
      mine.className = 's';
      mine.id = 'mine';
      document.querySelector('#one')!.append(mine);
    });
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id).sort())).toEqual([['site']]);
    batches = [];
    document.querySelector('#one span')!.setAttribute('email', 'x@example.com');
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id))).toEqual([['one']]);
  });
});

describe('watchSurfaces while the page waits for its layout', () => {
  it('ignores changes inside the parts of a surface that are never read, but not a surface inside one, nor one inside an ancestor that matches', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div class="doc" id="page"><div class="s" id="thread">
        <span email="a@example.com">A</span><span class="time">1 minute ago</span>
        <div class="doc" id="body"><p>Hello</p><div class="s" id="nested"><span>b</span></div></div>
      </div></div>`;
    const batches: Set<Element>[] = [];
    const watch = watchSurfaces(document.body, { surfaceSelectors: ['.s'], unreadRegions: ['.doc', '.time'], identityAttributes: ['email', 'title'] }, (roots) => batches.push(roots));
    const ids = () => batches.map((roots) => [...roots].map((root) => root.id).sort());
    const settle = async () => {
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    };
    try {
      // The body's text, the body's attributes, and the time: nothing to read again.
      (document.querySelector('#body p')!.firstChild as Text).appendData(', all');
      document.querySelector('#body p')!.append(' and welcome');
      document.querySelector('#body p')!.append(document.createElement('img'));
      document.querySelector('#body p')!.setAttribute('title', 'greeting');
      document.querySelector('#thread .time')!.textContent = '2 minutes ago';
      await settle();
      expect(batches).toHaveLength(0);
      // A surface inside the body is still its own surface; the thread itself still counts,
      // although \`.doc\` also matches an element around it (only regions inside a surface count).
      document.querySelector('#nested span')!.append('c');
      document.querySelector('#thread')!.append(document.createElement('span'));
      await settle();
      expect(ids()).toEqual([['nested', 'thread']]);
    } finally {
      watch.disconnect();
      vi.useRealTimers();
    }
  });

  it('makes a slow batch for changes outside surfaces, brought forward when a surface changes', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="app"></div>';
    const batches: Set<Element>[] = [];
    const watch = watchSurfaces(document.body, { surfaceSelectors: ['.s'], identityAttributes: [] }, (roots) => batches.push(roots), { batchEveryChange: () => true });
    try {
      document.querySelector('#app')!.append(document.createElement('p'));
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
      expect(batches).toHaveLength(0);
      // A surface arrives: the batch is due as soon as for any surface, and takes the change too.
      const surface = document.createElement('div');
      surface.className = 's';
      document.querySelector('#app')!.append(surface);
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
      expect(batches.map((roots) => [...roots])).toEqual([[surface]]);
      // Nothing else was due: no second batch when the slow one would have come.
      await vi.advanceTimersByTimeAsync(LAYOUT_WAIT_DELAY_MS);
      expect(batches).toHaveLength(1);
      // Another change outside surfaces: one batch, a second later.
      document.querySelector('#app')!.append(document.createElement('p'));
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(LAYOUT_WAIT_DELAY_MS - 1);
      expect(batches).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toHaveLength(2);
      expect(batches[1]!.size).toBe(0);
    } finally {
      watch.disconnect();
      vi.useRealTimers();
    }
  });
});

describe('watchSurfaces on the site fixtures', () => {
  const batches: Set<Element>[] = [];
  let watch: ReturnType<typeof watchSurfaces> | null = null;
  const open = (site: SiteId, file: string, view: string) => {
    document.body.innerHTML = loadView(file, view).body.innerHTML;
    const adapter = ADAPTERS[site];
    watch = watchSurfaces(document.body, adapter, (roots) => batches.push(roots));
    return adapter;
  };
  const flush = async () => {
    await Promise.resolve();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    batches.length = 0;
  });
  afterEach(() => {
    watch?.disconnect();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('Gmail: opening a thread in the main view, and leaving it, reads the thread (and the list shown again), not the main view around them', async () => {
    const adapter = open('gmail', 'gmail/spa.html', 'inbox');
    const main = document.querySelector('div[role="main"]')!;
    const mainBefore = adapter.readSurface(main);
    const list = document.getElementById('fixture-list') as HTMLElement;
    list.style.display = 'none';
    main.appendChild((document.getElementById('tpl-thread') as HTMLTemplateElement).content.cloneNode(true));
    await flush();
    expect(batches).toHaveLength(1);
    expect([...batches[0]!]).toEqual([document.getElementById('fixture-thread')]);
    // What the main view reads of its own is the same with the thread in it: nothing was missed.
    expect(adapter.readSurface(main)).toEqual(mainBefore);
    document.getElementById('fixture-thread')!.remove();
    list.style.display = '';
    await flush();
    expect(batches).toHaveLength(2);
    expect([...batches[1]!]).toEqual([list]);
  });

  it('Gmail: a thread whose "Show details" popup is filled in place and shown is read again, with the recipients it lists', async () => {
    const adapter = open('gmail', 'gmail/thread-details-closed.html', 'thread');
    const thread = document.querySelector('div.a98.iY')!;
    const roles = (): Record<string, string[]> => Object.fromEntries(adapter.readSurface(thread)!.people.map((person) => [person.email ?? '', person.roles]));
    expect(roles()['jonas.berg@example.org']).toBeUndefined();
    // Gmail keeps the popup in the message, hidden, and fills it when it opens (InboxSDK).
    const popup = document.createElement('div');
    popup.className = 'ajA SK';
    popup.setAttribute('role', 'dialog');
    popup.style.visibility = 'hidden';
    document.querySelector('.ajw')!.after(popup);
    await flush();
    batches.length = 0;
    const table = document.createElement('table');
    table.className = 'ajC';
    const row = (label: string, email: string, name: string) => {
      const tr = table.insertRow();
      tr.insertCell().textContent = label;
      const span = document.createElement('span');
      span.setAttribute('email', email);
      span.setAttribute('name', name);
      span.textContent = name;
      tr.insertCell().append(span);
    };
    row('to:', 'jonas.berg@example.org', 'Jonas Berg');
    row('cc:', 'daniel.weiss@example.net', 'Daniel Weiss');
    popup.append(table);
    popup.style.visibility = '';
    await flush();
    expect(batches.flatMap((roots) => [...roots])).toContain(thread);
    expect(roles()['jonas.berg@example.org']).toEqual(['to']);
    expect(roles()['daniel.weiss@example.net']).toContain('cc');
  });

  it('Gmail: an inline reply opened in the 300-person thread reads the reply, not the thread', async () => {
    const adapter = open('gmail', 'gmail/thread-large.html', 'thread');
    const thread = document.querySelector('div.a98.iY')!;
    const before = adapter.readSurface(thread)!;
    const reply = document.createElement('div');
    reply.className = 'M9';
    reply.innerHTML = '<div name="to"><span data-hovercard-id="maya.chen@example.com" data-name="Maya Chen">Maya Chen</span></div>';
    thread.querySelector('[data-message-id]')!.after(reply);
    await flush();
    expect(batches).toEqual([new Set([reply])]);
    expect(adapter.readSurface(reply)!.people.map((person) => person.email)).toEqual(['maya.chen@example.com']);
    expect(adapter.readSurface(thread)!.people).toEqual(before.people);
  });

  it('re-reads a Calendar popup whose guest row’s label is rewritten (the organizer said there, filled in after the row)', async () => {
    const adapter = open('google-calendar', 'calendar/event-popup.html', 'popup-open');
    const before = adapter.readSurface(document.querySelector('#xDetDlg')!)!;
    const row = document.querySelector('#xDetDlg [role="treeitem"][data-email="alex.kim@example.com"]')!;
    expect(before.people.find((person) => person.email === 'alex.kim@example.com')?.roles).toEqual(['guest']);
    row.setAttribute('aria-label', `${row.getAttribute('aria-label')!.split(',')[0]!}, Organizer`);
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id))).toEqual([['xDetDlg']]);
    expect(adapter.readSurface([...batches[0]!][0]!)!.people.find((person) => person.email === 'alex.kim@example.com')?.roles).toContain('organizer');
  });

  it('re-reads an Outlook reading pane whose name-only recipient was renamed in place', async () => {
    const adapter = open('outlook', 'outlook/reading-pane.html', 'reading-pane');
    const daniel = [...document.querySelectorAll('#ReadingPaneContainerId button')].find((button) => button.textContent === 'Daniel Weiss')!;
    (daniel.firstChild as Text).data = 'Sofia Alvarez';
    await flush();
    expect(batches.map((roots) => [...roots].map((root) => root.id))).toEqual([['ReadingPaneContainerId']]);
    const names = adapter.readSurface([...batches[0]!][0]!)!.people.map((person) => person.name);
    expect(names).toContain('Sofia Alvarez');
    expect(names).not.toContain('Daniel Weiss');
  });

  for (const [site, file, view] of [
    ['gmail', 'gmail/compose.html', 'inbox+compose'],
    ['outlook', 'outlook/compose.html', 'compose'],
    ['google-calendar', 'calendar/event-page.html', 'edit-page'],
  ] as const) {
    it(`${file}: typing in the compose body (or description) re-reads nothing`, async () => {
      open(site, file, view);
      const editor = document.querySelector('[contenteditable="true"][aria-multiline="true"]')!;
      (editor.firstChild as Text).appendData(' More text');
      editor.append(document.createElement('br'), 'A new line');
      await flush();
      expect(batches).toEqual([]);
    });
  }
});
