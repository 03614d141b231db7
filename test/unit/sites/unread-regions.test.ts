/**
 * The parts of a surface an adapter declares never read (`unreadRegions`) are what the observer
 * ignores changes in (lib/content/observer.ts). That is only right if no change there can change a
 * read: on every fixture view, emptying and rewriting those parts must leave every surface as read.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '@/lib/sites';
import { queryAll } from '@/lib/sites/query';
import { SITES, type SiteAdapter, type Surface } from '@/lib/sites/types';
import { loadView, pagesOf, readAll } from './fixtures';

function snapshot(surfaces: Surface[]) {
  return surfaces.map((surface) => ({
    kind: surface.kind,
    root: surface.root,
    context: surface.context,
    people: surface.people.map((person) => ({ email: person.email, name: person.name, roles: person.roles, elements: person.elements })),
  }));
}

/** Every unread region strictly inside a surface root, rewritten: new text, new children, a new address. */
function rewriteUnreadRegions(adapter: SiteAdapter, doc: Document): number {
  const roots = queryAll(doc, adapter.surfaceSelectors);
  const regions = queryAll(doc, adapter.unreadRegions ?? []).filter((region) => roots.some((root) => root !== region && root.contains(region)));
  for (const region of regions) {
    const stranger = doc.createElement('span');
    stranger.setAttribute('email', 'stranger@elsewhere.example');
    stranger.setAttribute('data-email', 'stranger@elsewhere.example');
    stranger.setAttribute('data-hovercard-id', 'stranger@elsewhere.example');
    stranger.setAttribute('role', 'heading');
    stranger.textContent = 'Someone Else <stranger@elsewhere.example>';
    region.replaceChildren('rewritten ', stranger);
  }
  return regions.length;
}

describe('unread regions', () => {
  for (const site of SITES) {
    it(`${site}: rewriting what is never read changes no surface of any fixture view`, () => {
      const adapter = ADAPTERS[site];
      let rewritten = 0;
      for (const page of pagesOf(site)) {
        for (const view of page.views) {
          const doc = loadView(page.file, view.view);
          const before = snapshot(readAll(adapter, doc));
          rewritten += rewriteUnreadRegions(adapter, doc);
          expect(snapshot(readAll(adapter, doc)), `${page.file} [${view.view}]`).toEqual(before);
        }
      }
      // The fixtures do have such parts: the check above is not empty.
      expect(rewritten).toBeGreaterThan(0);
    });
  }
});
