import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PersonHeader } from '@/components/panel/person/PersonHeader';
import {
  buildBriefing,
  captureBriefing,
  focusDecides,
  paintSavedBriefing,
  releaseSavedBriefing,
  SAVED_BRIEFING_MAX_AGE_MS,
  SAVED_BRIEFINGS_MAX,
  savedBriefingFor,
  savedBriefingKey,
  savedBriefingKeyOf,
  showsSavedBriefing,
  withSavedBriefing,
  type SavedBriefing,
} from '@/lib/panel/saved-briefing';
import { PAINT_MARK } from '@/lib/panel/paint-mark';
import { panelTargetFrom } from '@/lib/panel/target';
import type { RawTarget } from '@/lib/panel/target-read';
import { match, pagePerson, surface } from './fixtures';

function html(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host;
}

const BRIEFING = `<header class="panel-bar"><p class="brand">Primer</p><form role="search" novalidate=""><label>Find</label><input type="email" placeholder="name@company.com"></form></header><main class="panel-main"><article class="briefing" aria-busy="false"><h1 tabindex="-1">Maya Chen</h1><section aria-label="Topics"><h2>Topics to raise</h2><ul><li>pricing <strong>now</strong></li></ul><p>Last conversation <time datetime="2026-11-20">3 days ago</time></p></section><button type="button" class="back" disabled="">← Back</button></article></main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a saved copy of a briefing', () => {
  it('is built back into the same elements, attributes and text', () => {
    const shown = html(BRIEFING);
    const nodes = captureBriefing(shown);
    expect(nodes).not.toBeNull();
    // Stored as JSON (storage.session), then rebuilt.
    const fragment = buildBriefing(document, JSON.parse(JSON.stringify(nodes)));
    const rebuilt = document.createElement('div');
    rebuilt.append(fragment!);
    expect(rebuilt.innerHTML).toBe(shown.innerHTML);
  });

  it('leaves out attributes that could load, run, restyle or name anything, comments, and notes about that moment', () => {
    const shown = html(
      '<p class="a" onclick="alert(1)" style="color:red" data-view="" aria-label="x"><a href="javascript:alert(1)" title="t">link</a><!-- note --></p>' +
        '<form name="getElementById"><label for="q">Find</label><input id="q" name="q" value="half-typed@"></form>' +
        '<div class="freshness" role="status" data-unsaved=""><p>Offline: showing the briefing as of 9:00.</p></div>',
    );
    const rebuilt = document.createElement('div');
    rebuilt.append(buildBriefing(document, captureBriefing(shown))!);
    expect(rebuilt.innerHTML).toBe('<p class="a" data-view="" aria-label="x"><a title="t">link</a></p><form><label>Find</label><input></form>');
  });

  it('is taken of a person’s header, whose address carries line-break points (<wbr>)', () => {
    const { container } = render(<PersonHeader match={match('c1', 'Maya Chen', 'maya.chen@example.com')} fallbackName="Maya Chen" fallbackEmail={null} />);
    expect(container.querySelector('wbr')).not.toBeNull();
    const copy = captureBriefing(container);
    expect(copy).not.toBeNull();
    const built = document.createElement('div');
    built.append(buildBriefing(document, copy)!);
    expect(built.textContent).toContain('maya.chen@example.com');
  });

  it('is taken of a view isolating text in another script (<bdi>, dir=auto), as the panel draws it', () => {
    const shown = html('<dl><dt>Avoid</dt><dd><bdi>تسريح العمال</bdi>, <bdi>2027 budget</bdi></dd></dl><p class="summary" dir="auto">מעדיף נתונים.</p>');
    const copy = captureBriefing(shown);
    expect(copy).not.toBeNull();
    const rebuilt = document.createElement('div');
    rebuilt.append(buildBriefing(document, JSON.parse(JSON.stringify(copy)))!);
    expect(rebuilt.innerHTML).toBe(shown.innerHTML);
  });

  it('is not taken of a view holding anything off its lists (an image, a frame, SVG, a script)', () => {
    for (const markup of ['<p><img src="x"></p>', '<iframe></iframe>', '<svg><path d="M0"></path></svg>', '<div><script>1</script></div>', '<style>p{}</style>']) {
      expect(captureBriefing(html(markup)), markup).toBeNull();
    }
  });

  it('keeps text from the service as text: markup in it builds no element', () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const fragment = buildBriefing(document, [['p', { class: 'summary' }, [hostile]]]);
    const rebuilt = document.createElement('div');
    rebuilt.append(fragment!);
    expect(rebuilt.querySelectorAll('img, script')).toHaveLength(0);
    expect(rebuilt.textContent).toBe(hostile);
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('is shown whole or not at all: anything stored that Primer does not write builds nothing', () => {
    const refused: unknown[] = [
      'not a list',
      [['img', { src: 'x' }, []]],
      [['p', { onclick: 'alert(1)' }, []]],
      [['p', { href: 'javascript:alert(1)' }, []]],
      [['p', { class: 1 }, []]],
      [['p', null, []]],
      [['p', {}, 'text']],
      [['p', {}]],
      [['p', {}, [42]]],
      [['p', {}, ['fine', ['script', {}, ['alert(1)']]]]],
    ];
    for (const nodes of refused) expect(buildBriefing(document, nodes), JSON.stringify(nodes)).toBeNull();
    let deep: unknown = 'deep';
    for (let i = 0; i < 60; i++) deep = ['div', {}, [deep]];
    expect(buildBriefing(document, [deep])).toBeNull();
    expect(buildBriefing(document, Array.from({ length: 7000 }, () => ['span', {}, []]))).toBeNull();
  });
});

describe('which saved copy belongs to a target', () => {
  const maya = match('m', 'Maya Chen', 'maya@example.com');
  const meeting = surface([pagePerson('Maya', 'maya@example.com', maya), pagePerson('Tom', 'tom@example.com', null)]);
  const page = { site: 'google-calendar', recognised: true, surfaces: [meeting] };

  it('a chosen person or meeting decides by itself; otherwise the page’s report does', () => {
    expect(focusDecides({ kind: 'person', match: maya })).toBe(true);
    expect(focusDecides({ kind: 'surface', surface: meeting })).toBe(true);
    expect(focusDecides({ kind: 'surface', surface: { ...meeting, people: [] } })).toBe(false);
    expect(focusDecides({ kind: 'person' })).toBe(false);
    expect(focusDecides(null)).toBe(false);
    expect(savedBriefingKey({ kind: 'person', match: maya }, page)).toBe(savedBriefingKey({ kind: 'person', match: maya }, null));
    // When it was chosen is no part of it: a saved copy serves each choice of the same person.
    expect(savedBriefingKey({ kind: 'person', match: maya, chosenAt: 5 }, null)).toBe(savedBriefingKey({ kind: 'person', match: maya, chosenAt: 9 }, page));
    expect(savedBriefingKey(null, page)).not.toBe(savedBriefingKey(null, { ...page, surfaces: [{ ...meeting, title: 'Another meeting' }] }));
    expect(savedBriefingKey(null, page)).not.toBe(savedBriefingKey({ kind: 'person', match: maya }, page));
    expect(savedBriefingKey(null, page)).toMatch(/^[0-9a-z]+$/);
  });

  it('the panel keys what it draws as the start-up script keys what it reads', async () => {
    const raw = (patch: Partial<RawTarget>): RawTarget => ({ tabId: 3, focus: undefined, status: undefined, shown: new Set(), page: Promise.resolve(page), ...patch });
    // The start-up script: the focus as stored, else the page's reply as received.
    const scriptKey = (target: RawTarget) => savedBriefingKeyOf(target.focus, target.page);
    const chosenNobody = { kind: 'surface', surface: { ...meeting, people: [] } };
    for (const target of [raw({}), raw({ focus: { kind: 'person', match: maya } }), raw({ focus: { kind: 'surface', surface: meeting } }), raw({ focus: chosenNobody })]) {
      expect((await panelTargetFrom(target)).savedKey).toBe(await scriptKey(target));
      expect((await panelTargetFrom(target, { skipPageWhenFocused: true })).savedKey).toBe(await scriptKey(target));
    }
    // A chosen meeting without people: the page is briefed, and read, even when the focus alone is asked for.
    expect((await panelTargetFrom(raw({ focus: chosenNobody }), { skipPageWhenFocused: true })).page?.surfaces[0]?.title).toBe(meeting.title);
    // A focus the panel's check refuses (the page is briefed instead): the keys differ, so the
    // start-up script never paints, for that focus, a copy of whatever the page showed.
    const refused = raw({ focus: { kind: 'person', match: { contact: { id: 42 } }, matchedBy: 'email' } });
    expect((await panelTargetFrom(refused)).focus).toBeNull();
    expect((await panelTargetFrom(refused)).savedKey).not.toBe(await scriptKey(refused));
  });

  it('is found only when young enough and well formed', () => {
    const now = 10 * SAVED_BRIEFING_MAX_AGE_MS;
    const entry = { at: now - 1000, mark: { kind: 'person', key: 'contact:m' }, nodes: [] };
    expect(savedBriefingFor({ k: entry }, 'k', now)).toEqual({ mark: entry.mark, nodes: [] });
    expect(savedBriefingFor({ k: entry }, 'other', now)).toBeNull();
    expect(savedBriefingFor({ k: { ...entry, at: now - SAVED_BRIEFING_MAX_AGE_MS - 1 } }, 'k', now)).toBeNull();
    expect(savedBriefingFor({ k: { ...entry, at: now + 120_000 } }, 'k', now)).toBeNull();
    expect(savedBriefingFor({ k: { ...entry, mark: { kind: 'person' } } }, 'k', now)).toBeNull();
    expect(savedBriefingFor({ k: 'nonsense' }, 'k', now)).toBeNull();
    expect(savedBriefingFor(undefined, 'k', now)).toBeNull();
  });

  it('keeps the most recently drawn subjects, one copy each', () => {
    const copy = (at: number): SavedBriefing => ({ at, mark: { kind: 'person', key: `k${at}` }, nodes: [] });
    let stored: unknown = { junk: 'not a copy' };
    for (let at = 1; at <= SAVED_BRIEFINGS_MAX + 3; at++) stored = withSavedBriefing(stored, `key${at}`, copy(at));
    expect(Object.keys(stored as object).sort()).toEqual(Array.from({ length: SAVED_BRIEFINGS_MAX }, (_, i) => `key${i + 4}`).sort());
    stored = withSavedBriefing(stored, 'key5', copy(100));
    expect((stored as Record<string, SavedBriefing>).key5!.at).toBe(100);
    expect(Object.keys(stored as object)).toHaveLength(SAVED_BRIEFINGS_MAX);
  });
});

describe('painting a saved copy before the live panel', () => {
  const saved = { mark: { kind: 'person', key: 'contact:m' }, nodes: [['main', { class: 'panel-main' }, [['h1', {}, ['Maya Chen']]]]] };

  it('fills the empty root, inert and busy, and marks it painted once on screen', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    performance.clearMarks(PAINT_MARK);
    expect(await paintSavedBriefing(document, saved)).toBe(true);
    expect(root.textContent).toBe('Maya Chen');
    expect(root.inert).toBe(true);
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(showsSavedBriefing(root)).toBe(true);
    const [mark] = performance.getEntriesByName(PAINT_MARK) as PerformanceMark[];
    expect(mark?.detail).toEqual({ kind: 'person', key: 'contact:m', saved: true });
    releaseSavedBriefing(root);
    expect(root.inert).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
    expect(showsSavedBriefing(root)).toBe(false);
  });

  it('never draws over the live panel, nor shows a copy that does not build', async () => {
    document.body.innerHTML = '<div id="root"><header>live</header></div>';
    expect(await paintSavedBriefing(document, saved)).toBe(false);
    expect(document.getElementById('root')!.textContent).toBe('live');
    document.body.innerHTML = '<div id="root"></div>';
    expect(await paintSavedBriefing(document, { ...saved, nodes: [['img', { src: 'x' }, []]] })).toBe(false);
    expect(document.getElementById('root')!.childNodes).toHaveLength(0);
    expect(document.getElementById('root')!.inert).toBe(false);
    document.body.innerHTML = '';
    expect(await paintSavedBriefing(document, saved)).toBe(false);
  });
});
