/**
 * One MutationObserver per page. Its callback does almost nothing: it collects the surface roots
 * touched by the changed subtrees and hands them over in one batch after a short quiet spell
 * (Calendar renders its popup in phases). No polling and no timer while the page is idle;
 * mutations caused by Primer's own nodes are ignored, and so are those inside the parts of a
 * surface its adapter never reads (a message's body or time, a compose body being typed in): a
 * 300-person thread is not read again because a line of its text changed. Text changed in place
 * elsewhere in a surface is a change to it (a name is text).
 */
import { queryAll, queryFirst } from '../sites/query';
import type { SiteAdapter } from '../sites/types';
import { isOwned } from './owned-nodes';

/**
 * Attributes that hide or show a view; the site's own that carry who a person is come from its
 * adapter (`identityAttributes`). Class churn is ignored; a `style` change counts only when it
 * shows a view again (Gmail hides a view it leaves with an inline `display:none` and shows it
 * again the same way; a surface re-read while hidden has no one, so it must be read again when
 * shown), or hides one (what is in view changed: the side panel must stop briefing it).
 */
const VISIBILITY_ATTRIBUTES = new Set(['hidden', 'aria-hidden', 'style']);
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

const hidesByStyle = (style: string | null) => style !== null && HIDING_STYLE.test(style);
const hides = (element: Element, attribute: string) =>
  attribute === 'hidden' ? element.hasAttribute('hidden') : element.getAttribute('aria-hidden') === 'true';
export const BATCH_DELAY_MS = 60;
/**
 * A batch made only because the page is not recognised yet (`batchEveryChange`) waits this long:
 * a busy app that never shows its expected layout costs one check a second, not one per change.
 */
export const LAYOUT_WAIT_DELAY_MS = 1000;

export interface SurfaceWatch {
  disconnect(): void;
  /**
   * Runs `write` (Primer's own DOM changes: markers in, markers out) without the observer
   * recording it. Otherwise each marker would cost a MutationRecord, delivered to a callback that
   * only drops it: a first scan inserts hundreds. The page's changes made before are handed over
   * first, so none is lost.
   */
  unobserved(write: () => void): void;
}

function onlyOwned(nodes: NodeList): boolean {
  for (const node of nodes) if (!isOwned(node)) return false;
  return true;
}

/** Whether every node is a surface root (`selector`), Primer's own, or a blank text or comment. */
function onlyRoots(nodes: NodeList, selector: string): boolean {
  for (const node of nodes) {
    if (node.nodeType === Node.ELEMENT_NODE ? !(node as Element).matches(selector) && !isOwned(node) : node.nodeType === Node.TEXT_NODE && /\S/.test(node.nodeValue ?? '')) return false;
  }
  return true;
}

/** What the observer needs of a site's adapter. */
export type WatchedSite = Pick<SiteAdapter, 'surfaceSelectors' | 'unreadRegions' | 'identityAttributes'>;

export interface WatchHooks {
  /** While true, any change to the page's elements makes a batch, even one without surfaces. */
  batchEveryChange?: () => boolean;
  /** Told of every batch of page changes, whatever they touch (the self-check waits for quiet). */
  onChange?: () => void;
}

export function watchSurfaces(
  target: Node,
  site: WatchedSite,
  onRoots: (roots: Set<Element>) => void,
  { batchEveryChange = () => false, onChange = () => undefined }: WatchHooks = {},
): SurfaceWatch {
  const { surfaceSelectors, unreadRegions: unreadSelectors = [] } = site;
  // One element and its ancestors are tested against the whole list at once; subtrees are
  // queried one selector at a time (query.ts).
  const surfaceSelector = surfaceSelectors.join(', ');
  const unreadSelector = unreadSelectors.join(', ');
  /**
   * Whether `node` lies in a part of a surface that is never read. Only a region strictly inside
   * the surface around it counts: a selector that also matched an ancestor of every surface (an
   * app-wide `role="document"`) must not silence the whole page.
   */
  const inUnreadRegion = (node: Node): boolean => {
    if (unreadSelector === '') return false;
    const element = node instanceof Element ? node : node.parentElement;
    const region = element?.closest(unreadSelector);
    if (!region) return false;
    const root = element!.closest(surfaceSelector);
    return root !== null && root !== region && root.contains(region);
  };
  let pending = new Set<Element>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const addAround = (node: Node | null) => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    const root = element?.closest(surfaceSelector);
    if (root) pending.add(root);
  };
  const addWithin = (node: Node) => {
    if (!(node instanceof Element) || isOwned(node)) return;
    if (node.matches(surfaceSelector)) pending.add(node);
    if (node.firstElementChild) for (const root of queryAll(node, surfaceSelectors)) pending.add(root);
  };

  // A view that goes away must release what Primer held for it, even if nothing new appears; a
  // view hidden (or holding one) changes what is in view, reported after the batch.
  let gone = false;
  const holdsSurface = (element: Element) => element.matches(surfaceSelector) || queryFirst(element, surfaceSelectors) !== null;
  let changed = false;
  const handle = (records: MutationRecord[]) => {
    onChange();
    for (const record of records) {
      if (inUnreadRegion(record.target)) continue;
      if (record.type === 'childList') {
        if (onlyOwned(record.addedNodes) && onlyOwned(record.removedNodes)) {
          // Primer writes unobserved: a marker removed here was the site's doing (Calendar's and
          // Gmail's renderers drop children they did not make as they patch). Reading its surface
          // again puts it back.
          if (record.removedNodes.length) addAround(record.target);
          continue;
        }
        changed = true;
        if (record.removedNodes.length) gone = true;
        // A surface root added or removed whole changes nothing the root around it reads (an outer
        // root never reads inside the roots nested in it): a thread opened in Gmail's main view,
        // an inline reply opened in a 300-person thread, do not make the root around them read again.
        if (!onlyRoots(record.addedNodes, surfaceSelector) || !onlyRoots(record.removedNodes, surfaceSelector)) addAround(record.target);
        for (const node of record.addedNodes) addWithin(node);
      } else if (record.type === 'characterData') {
        // Text rewritten in place: a name shown alone (Outlook's recipients) may now be someone else.
        const parent = record.target.parentNode;
        if (parent && !isOwned(parent)) addAround(parent);
      } else if (!isOwned(record.target)) {
        const name = record.attributeName ?? '';
        if (VISIBILITY_ATTRIBUTES.has(name)) {
          const element = record.target as Element;
          const shown = name === 'style' ? hidesByStyle(record.oldValue) && !hidesByStyle(element.getAttribute('style')) : !hides(element, name);
          const hidden =
            name === 'style'
              ? !hidesByStyle(record.oldValue) && hidesByStyle(element.getAttribute('style'))
              : !shown && (name === 'hidden' ? record.oldValue === null : record.oldValue !== 'true');
          // A view hidden: an empty batch, nothing re-read (hidden marks stay, out of sight, until
          // their view is shown again). Only hides that hold a surface: a menu or tooltip costs none.
          if (hidden && holdsSurface(element)) gone = true;
          // Other style churn (positions, animations): nothing to do.
          if (name === 'style' && !shown) continue;
          // A view shown again: the surfaces inside it are read again (a read while it was hidden
          // found no one), and the one around it (which read past it).
          if (shown) addWithin(element);
        }
        addAround(record.target);
      }
    }
    if (pending.size > 0 || gone) schedule(BATCH_DELAY_MS);
    else if (changed && batchEveryChange()) schedule(LAYOUT_WAIT_DELAY_MS);
    // Changes that made no batch are not carried over to a later one.
    if (timer === null) changed = false;
  };
  const flush = () => {
    timer = null;
    const roots = pending;
    pending = new Set();
    gone = false;
    changed = false;
    onRoots(roots);
  };
  /** A batch in `delay` ms, unless one is due sooner already (a slow one is brought forward). */
  let dueAt = Infinity;
  const schedule = (delay: number) => {
    const at = performance.now() + delay;
    if (timer !== null && dueAt <= at) return;
    if (timer !== null) clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(flush, delay);
  };
  const observer = new MutationObserver(handle);
  const options: MutationObserverInit = {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: [...VISIBILITY_ATTRIBUTES, ...site.identityAttributes],
  };
  observer.observe(target, options);
  let connected = true;

  return {
    unobserved(write) {
      if (!connected) return write();
      const before = observer.takeRecords();
      if (before.length) handle(before);
      observer.disconnect();
      try {
        write();
      } finally {
        // Not after a teardown the write set off (a mark dropped found the extension gone).
        if (connected) observer.observe(target, options);
      }
    },
    disconnect() {
      connected = false;
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = new Set();
    },
  };
}
