/**
 * Loads the site fixtures (test/fixtures) into fresh, inert documents and reads them the way the
 * content-script runtime does: every element matching one of the adapter's surfaceSelectors is read.
 *
 * Documents come from DOMParser: scripts in a parsed document never run, and the fixtures' hostile
 * payloads are escaped text, so nothing on a page executes. The Gmail SPA fixture's views are
 * built from its <template>s here, mirroring what its `window.__fixture` script does (see
 * test/fixtures/gmail.ts), without running that script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { queryAll } from '@/lib/sites/query';
import type { FoundPerson, PersonRole, SiteAdapter, SiteId, Surface, SurfaceKind } from '@/lib/sites/types';

export const FIXTURE_DIR = path.resolve(process.cwd(), 'test/fixtures');

export interface ExpectedPerson {
  email: string;
  shownEmail: string;
  name: string | null;
  roles: PersonRole[];
}
export interface ExpectedNameOnly {
  name: string;
  roles: PersonRole[];
}
export interface ExpectedSurface {
  kind: SurfaceKind;
  root: string;
  context: { title?: string; when?: string; subject?: string };
  people: ExpectedPerson[];
  namesOnly: ExpectedNameOnly[];
}
export interface ExpectedView {
  view: string;
  url: string;
  surfaces: ExpectedSurface[];
  excluded: { email?: string; name?: string; reason: string }[];
  traps: { email?: string; name?: string; where: string }[];
}
export interface ExpectedPage {
  file: string;
  site: SiteId;
  views: ExpectedView[];
}
export interface Expected {
  signedInUser: { name: string; email: string };
  pages: ExpectedPage[];
}

export const EXPECTED = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'expected.json'), 'utf8')) as Expected;

export function fixtureHtml(file: string): string {
  return fs.readFileSync(path.join(FIXTURE_DIR, file), 'utf8');
}

export function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function fromTemplate(doc: Document, id: string): DocumentFragment {
  const template = doc.getElementById(id) as HTMLTemplateElement | null;
  if (!template) throw new Error(`fixture template #${id} missing`);
  return doc.importNode(template.content, true);
}

/** A fresh document showing one view of a fixture page. */
export function loadView(file: string, view: string): Document {
  const doc = parse(fixtureHtml(file));
  if (file !== 'gmail/spa.html' || view === 'inbox') return doc;
  if (view === 'thread') {
    // openThread(): the list stays in the DOM, hidden; the thread goes into the main view.
    (doc.getElementById('fixture-list') as HTMLElement).style.display = 'none';
    doc.querySelector('div[role=main]')!.appendChild(fromTemplate(doc, 'tpl-thread'));
    return doc;
  }
  if (view === 'inbox+compose') {
    doc.body.appendChild(fromTemplate(doc, 'tpl-compose'));
    return doc;
  }
  throw new Error(`unknown view ${view} of ${file}`);
}

/** Reads every surface root of a document, as the runtime does on its first scan. */
export function readAll(adapter: SiteAdapter, doc: Document): Surface[] {
  const surfaces: Surface[] = [];
  for (const root of queryAll(doc, adapter.surfaceSelectors)) {
    const surface = adapter.readSurface(root);
    if (surface) surfaces.push(surface);
  }
  return surfaces;
}

/** People as comparable rows (roles sorted), the signed-in user left out as the runtime does. */
export function comparablePeople(people: FoundPerson[], own: { email: string; name: string }): { email: string | null; name: string | null; roles: string[] }[] {
  return people
    .filter((p) => (p.email !== null ? p.email !== own.email : p.name !== own.name))
    .map((p) => ({ email: p.email, name: p.name, roles: [...p.roles].sort() }))
    .sort((a, b) => `${a.email ?? ''}|${a.name ?? ''}`.localeCompare(`${b.email ?? ''}|${b.name ?? ''}`));
}

export function expectedPeople(surface: ExpectedSurface): { email: string | null; name: string | null; roles: string[] }[] {
  return [
    ...surface.people.map((p) => ({ email: p.email, name: p.name, roles: [...p.roles].sort() })),
    ...surface.namesOnly.map((n) => ({ email: null, name: n.name, roles: [...n.roles].sort() })),
  ].sort((a, b) => `${a.email ?? ''}|${a.name ?? ''}`.localeCompare(`${b.email ?? ''}|${b.name ?? ''}`));
}

/** Expected context in the adapter's shape: mail subjects are titles, `when` only for events. */
export function expectedContext(surface: ExpectedSurface): { title: string | null; when: string | null } {
  return { title: surface.context.title ?? surface.context.subject ?? null, when: surface.context.when ?? null };
}

export function pagesOf(site: SiteId): ExpectedPage[] {
  return EXPECTED.pages.filter((p) => p.site === site);
}

/**
 * Checks one fixture view against expected.json: exactly the expected surfaces (kinds), each with
 * exactly the expected people (address, name, roles), names-only people and context, rooted at (or
 * around) the expected container; every element handed back lies inside its surface root.
 */
export function checkView(adapter: SiteAdapter, page: ExpectedPage, view: ExpectedView): void {
  const doc = loadView(page.file, view.view);
  const surfaces = readAll(adapter, doc);
  expect(surfaces.map((s) => s.kind).sort()).toEqual(view.surfaces.map((s) => s.kind).sort());
  for (const want of view.surfaces) {
    const got = surfaces.find((s) => s.kind === want.kind)!;
    const expectedRoot = doc.querySelector(want.root);
    expect(expectedRoot, `${want.root} in ${page.file}`).not.toBeNull();
    // The adapter's root is the expected container, or holds it, or sits inside it.
    const related = got.root === expectedRoot || got.root.contains(expectedRoot) || expectedRoot!.contains(got.root);
    expect(related, `${page.file} ${want.kind}: root ${got.root.tagName}.${got.root.className} vs ${want.root}`).toBe(true);
    expect(got.context).toEqual(expectedContext(want));
    expect(comparablePeople(got.people, EXPECTED.signedInUser)).toEqual(expectedPeople(want));
    for (const person of got.people) {
      expect(person.elements.length).toBeGreaterThan(0);
      for (const element of person.elements) expect(got.root.contains(element)).toBe(true);
      if (person.email !== null) expect(person.email).toBe(person.email.trim().toLowerCase());
    }
  }
  // Nothing listed as a trap (hidden dialogs/rows, mailto links, suggestions, list rows) is read.
  const all = surfaces.flatMap((s) => s.people);
  for (const trap of view.traps) {
    const email = trap.email?.toLowerCase();
    if (email) expect(all.some((p) => p.email === email), trap.where).toBe(false);
    if (trap.name) expect(all.some((p) => p.email === null && p.name === trap.name), trap.where).toBe(false);
  }
  // Rooms and resources never come back; the signed-in user is left to the runtime.
  for (const excluded of view.excluded) {
    if (excluded.reason === 'resource') expect(all.some((p) => p.email === excluded.email)).toBe(false);
  }
}

/**
 * Times `runs` reads of `root` after `warmup` untimed ones (ms). Before each read a text node inside
 * the root changes (untimed), as when the runtime re-reads after a mutation, so no DOM-side query
 * cache can answer for the adapter. `fastest` is what a read costs: load on the machine (a build
 * running beside the tests) only ever adds time, so it is what a guard against a slower reading
 * (say, a walk per person) checks; `median` and `max` are printed.
 */
export function timeReads(adapter: SiteAdapter, root: Element, warmup = 10, runs = 30): { fastest: number; median: number; max: number; people: number } {
  let people = 0;
  const touch = root.ownerDocument.createElement('i');
  root.append(touch);
  for (let i = 0; i < warmup; i++) people = adapter.readSurface(root)?.people.length ?? 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    touch.textContent = String(i);
    const start = performance.now();
    adapter.readSurface(root);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { fastest: times[0] ?? 0, median: times[Math.floor(runs / 2)] ?? 0, max: times[runs - 1] ?? 0, people };
}

/**
 * The page with its adapter's anchors renamed (what a redesign looks like to us), for the
 * recognise() checks: each pair is [pattern, replacement].
 */
export function renamed(html: string, pairs: [RegExp, string][]): string {
  return pairs.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), html);
}
