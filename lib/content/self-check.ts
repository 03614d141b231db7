/**
 * Self-check: once the page has settled, a supported site that shows none of the anchors its
 * adapter expects is reported to the background (badge on the tab, note in the side panel:
 * "this page's layout is not recognised") instead of Primer silently showing nothing. The check
 * runs again on later changes only while the layout is unrecognised, so the badge clears itself
 * once the app shell appears.
 */
import type { SiteAdapter } from '../sites/types';
import type { ScanStats } from './scanner';

export const SETTLE_MS = 4000;

export interface SelfCheck {
  /** Call after each scan batch. */
  afterScan(): void;
  dispose(): void;
}

export interface PageStatusReport {
  site: SiteAdapter['site'];
  recognised: boolean;
  people: number;
  known: number;
  view: string;
}

export function startSelfCheck(
  adapter: SiteAdapter,
  stats: () => ScanStats,
  report: (status: PageStatusReport) => void,
): SelfCheck {
  let settled = false;
  let last: string | null = null;

  const check = () => {
    const { people, known, view } = stats();
    const status = { site: adapter.site, recognised: adapter.recognise(document), people, known, view };
    const signature = JSON.stringify(status);
    if (signature !== last) {
      last = signature;
      report(status);
    }
  };

  const timer = setTimeout(() => {
    settled = true;
    check();
  }, SETTLE_MS);

  return {
    afterScan() {
      if (settled) check();
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
