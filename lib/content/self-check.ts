/**
 * Self-check: once the page has settled, a supported site that shows none of the anchors its
 * adapter expects is reported to the background (badge on the tab, note in the side panel:
 * "this page's layout is not recognised") instead of Primer silently showing nothing. The check
 * runs again after every scan batch, so the badge clears itself once the app shell appears; while
 * the page is not recognised, any change to it makes a batch (`waitingForLayout`).
 *
 * The report also carries what is in view (people, known, views), which only a side panel briefing
 * this tab needs: it re-reads the page when that changes. Those changes are reported only once a
 * panel has asked this page for its context (`watched`); until then a batch costs the page one
 * anchor query instead of a message to the background (most pages never have a panel on them).
 * The first report, when the page settles, always goes out, so a panel that asked too early (before
 * this script listened) still hears of the page.
 *
 * Not recognised means: none of the adapter's anchors, or a view that always shows people (an
 * open message) from which no one at all could be read. A site switched off in the options and
 * the site's settings pages show no one on purpose: no report of a problem there.
 */
import type { PageView } from '../panel/view';
import { isDrawnWindow } from '../sites/drawn-window';
import type { SiteAdapter } from '../sites/types';
import type { ScanStats } from './scanner';

/**
 * Settled: at the earliest SETTLE_MS after the script starts, once the page has gone QUIET_MS
 * without a change (a slow page still building its app behind a loader is not judged half-built),
 * and at the latest SETTLE_MAX_MS after the start (a page that never goes quiet is checked anyway).
 */
export const SETTLE_MS = 4000;
export const QUIET_MS = 2000;
export const SETTLE_MAX_MS = 15_000;

export interface SelfCheck {
  /**
   * Call after each scan batch, and when the options change (a site switched off clears its report).
   * Before the page has settled, a panel watching it hears of what a scan found at once (never that
   * the layout is not recognised: that is said only once the page has settled).
   */
  afterScan(): void;
  /**
   * Whether the page's layout counts as recognised now, as the badge says it: until the page has
   * settled it does; a page that lists no one by design (settings) does, and a guest list that
   * shows rows nobody was read from does not.
   */
  recognised(): boolean;
  /**
   * True while the page was last found not recognised: then any change to the page is worth a
   * batch (the app shell may be arriving late, with no surface in it yet to start one).
   */
  waitingForLayout(): boolean;
  /** Call on every change to the page the observer sees: until settled, the check waits for quiet. */
  pageChanged(): void;
  /** Reports the page again once settled, changed or not (shown again from the back/forward cache). */
  reportAgain(): void;
  dispose(): void;
}

export interface PageStatusReport {
  site: SiteAdapter['site'];
  recognised: boolean;
  people: number;
  known: number;
  views: PageView[];
}

export interface SelfCheckOptions {
  /** Whether a panel watches this page (then what is in view is reported as it changes). */
  watched?: () => boolean;
  /** Whether Primer runs on this site (switched off in the options: nothing to report). */
  active?: () => boolean;
  /** Whether the surfaces in view hold anyone at all, the user included. */
  foundAnyone?: () => boolean;
}

export function startSelfCheck(
  adapter: SiteAdapter,
  stats: () => ScanStats,
  report: (status: PageStatusReport) => void,
  { watched = () => true, active = () => true, foundAnyone = () => true }: SelfCheckOptions = {},
): SelfCheck {
  let settled = false;
  /** What was last reported: whether the layout was recognised, and the whole report. */
  let lastRecognised: boolean | null = null;
  let last: string | null = null;

  /**
   * What the address says, worked out again only when it changes: the check runs after every
   * batch, and most batches (a chip added, a time rewritten) leave the address as it was.
   */
  let address: { href: string; where: URL; peopleless: boolean } | null = null;
  const here = () => {
    const href = location.href;
    if (address?.href !== href) {
      // A window the site drew into itself (Outlook's pop-out, about:blank) shows what the site
      // chose there, not a layout Primer expects of an address.
      const where = new URL(href);
      address = { href, where, peopleless: isDrawnWindow(href) || (adapter.peopleless?.(where) ?? false) };
    }
    return address;
  };

  const recognisedNow = (): boolean => {
    if (!active()) return true;
    const { where, peopleless } = here();
    if (peopleless) return true;
    if (!adapter.recognise(document)) return false;
    return foundAnyone() || !(adapter.expectsPeople?.(document, where) ?? false);
  };

  /** The page was found not recognised after it had been: judged again once quiet (`settle`). */
  let confirming = false;
  const check = () => {
    const recognised = recognisedNow();
    if (!settled && !recognised) return;
    // A view drawn in steps (its frame, then its people once their data came) is not reported
    // unrecognised for the moment between: the page must settle again first.
    if (!recognised && lastRecognised && !confirming) {
      settled = false;
      changedAt = startedAt = performance.now();
      timer = setTimeout(settle, QUIET_MS);
      return;
    }
    confirming = false;
    // Unwatched, views change unsaid: the first watched check then says what is in view, even a
    // view that was the last one reported (the user went back to it).
    if (recognised === lastRecognised && !watched()) return void (last = null);
    const { people, known, views, who } = stats();
    const status = { site: adapter.site, recognised, people, known, views };
    // Who is in view, not only how many: a recipient replaced by another changes no count.
    const signature = JSON.stringify(status) + who;
    if (signature !== last) {
      last = signature;
      lastRecognised = recognised;
      report(status);
    }
  };

  // A change only notes its time (it comes with every mutation batch); the one timer looks at it
  // when it fires and waits on if the page was not quiet. Nothing runs once settled.
  let startedAt = performance.now();
  let changedAt = -Infinity;
  const settle = () => {
    const wait = Math.min(changedAt + QUIET_MS, startedAt + SETTLE_MAX_MS) - performance.now();
    if (wait > 0) {
      timer = setTimeout(settle, wait);
      return;
    }
    settled = confirming = true;
    check();
  };
  let timer = setTimeout(settle, SETTLE_MS);

  return {
    afterScan() {
      if (settled || watched()) check();
    },
    recognised: () => !settled || recognisedNow(),
    waitingForLayout: () => settled && lastRecognised === false,
    pageChanged() {
      if (!settled) changedAt = performance.now();
    },
    reportAgain() {
      last = lastRecognised = null;
      if (settled) check();
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
