/**
 * The content-script runtime shared by every site: wires an adapter to the observer, the scanner,
 * the hover cards and the self-check, follows the user's preferences live, and tears everything
 * down when the context is invalidated (extension updated, reloaded or disabled).
 */
import type { ContentScriptContext } from '#imports';
import { normaliseName } from '../sites/person-name';
import { sendContentRequest } from '../messaging/send-content';
import { queryAll } from '../sites/query';
import { openerDocument } from '../sites/drawn-window';
import type { SiteAdapter } from '../sites/types';
import { DEFAULT_PREFERENCES, isSiteEnabled, ownAddressAsShown, readPreferences, watchPreferences, type Preferences } from '../storage/preferences';
import { watchServiceAccess } from '../storage/service-access';
import { watchSettingsSaved } from '../storage/settings-change';
import { loadHoverCard } from './card-loader';
import { installHoverCards } from './hover';
import { answerPageContext } from './page-context';
import { PeopleLookup } from './lookup';
import { watchSurfaces, type SurfaceWatch } from './observer';
import { watchRecovery } from './recovery';
import { MARKER_TAG } from './marker';
import { PageScanner } from './scanner';
import { startSelfCheck } from './self-check';
import { fromUser } from './from-user';

const OWN_ADDRESSES_TTL_MS = 30_000;

export async function startPrimer(ctx: ContentScriptContext, adapter: SiteAdapter): Promise<void> {
  // A page prerendered (the address bar guessing where the user goes) is not shown: nothing is
  // read, asked or reported for the tab until it is.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    await new Promise((shown) => document.addEventListener('prerenderingchange', shown, { once: true }));
  }
  // Firefox injects this script again into open pages when Primer is updated or reloaded, and the
  // old one's clean-up never runs: its markers, card and hint go first (each person had two dots).
  for (const stale of document.querySelectorAll(`${MARKER_TAG},primer-hover-card,primer-key-hint`)) stale.remove();
  // Everything that needs no preferences is set up while the script starts; the port opens now
  // so a sleeping background wakes while the preferences are read.
  sendContentRequest.connect();
  // This page load's name in its reports: its leaving forgets only what it reported.
  const pageId = crypto.randomUUID();
  let preferences: Preferences = DEFAULT_PREFERENCES;
  let pageAddresses = new Set<string>();
  let pageNames = new Set<string>();
  const ownAddresses = () => {
    const set = new Set(pageAddresses);
    for (const address of preferences.ownAddresses) set.add(ownAddressAsShown(address));
    return set;
  };

  const lookup = new PeopleLookup((people) => sendContentRequest('people.find', { people }));
  let watch: SurfaceWatch | null = null;
  const scanner = new PageScanner({
    adapter,
    lookup,
    preferences: () => preferences,
    ownAddresses,
    ownNames: () => pageNames,
    write: (apply) => (watch ? watch.unobserved(apply) : apply()),
  });
  // Whether a side panel has asked this page what it shows (it then follows its changes).
  let panelWatching = false;
  const selfCheck = startSelfCheck(
    adapter,
    () => scanner.stats(),
    (status) => {
      sendContentRequest('page.status', { ...status, page: pageId }).catch(() => undefined);
    },
    {
      watched: () => panelWatching,
      active: () => isSiteEnabled(adapter.site, preferences),
      foundAnyone: () => scanner.surfaces().some((surface) => surface.people.length),
    },
  );
  // "Open briefing" on a card: a panel will follow this page, so the views it shows are reported
  // (the background forgets the choice once another is in view).
  const closeCard = installHoverCards(ctx, scanner, loadHoverCard, () => {
    panelWatching = true;
  });
  const stopAnswering = answerPageContext(
    adapter,
    scanner,
    () => {
      panelWatching = true;
    },
    () => isSiteEnabled(adapter.site, preferences),
    () => selfCheck.recognised(),
  );
  // The tab leaves this page: the background forgets what it reported and the choice made on it
  // (page-status.ts). Kept in the back/forward cache, it is forgotten too, and said again if shown.
  ctx.addEventListener(window, 'pagehide', (event) => {
    // The browser's own only: one a page script dispatches would forget the user's choice.
    if (!fromUser(event)) return;
    sendContentRequest('page.left', { page: pageId, at: Date.now() }).catch(() => undefined);
  });
  ctx.addEventListener(window, 'pageshow', (event) => {
    if (event.persisted) selfCheck.reportAgain();
  });
  // A change saved while the stored choice is on its way (the options open in another tab) wins:
  // the lasting watch below starts only once it has come.
  let savedMeanwhile: Preferences | undefined;
  const unwatchEarly = watchPreferences((next) => (savedMeanwhile = next));
  preferences = await readPreferences();
  unwatchEarly();
  preferences = savedMeanwhile ?? preferences;

  // Who is signed in rarely changes while a page lives: once found, re-read at most every half
  // minute. Until found (Gmail and Outlook build the account button after the first scan, at
  // document_idle), read on every scan: a few querySelector calls, against the user's own
  // address sent to the service and marked. A read that finds nothing keeps the last one found.
  let ownReadAt = -Infinity;
  const scan = (roots: Iterable<Element>) => {
    // Reading it is what tells a copy that Primer was disabled or removed under the page (no new
    // copy stops it then): its marks go, rather than more for people it knows already.
    if (ctx.isInvalid) return;
    let everything = false;
    if (performance.now() - ownReadAt > OWN_ADDRESSES_TTL_MS) {
      const read = (doc: Document) => [new Set(adapter.ownAddresses(doc)), new Set((adapter.ownNames?.(doc) ?? []).map(normaliseName))] as const;
      let [addresses, names] = read(document);
      // A pop-out the site draws into shows no account button: the page that opened it does.
      const opened = addresses.size || names.size ? null : openerDocument();
      if (opened) [addresses, names] = read(opened);
      if (addresses.size > 0 || names.size > 0) {
        ownReadAt = performance.now();
        // Found late (the account button after a thread already read) or another account: the
        // surfaces read before may have the user marked. All are read again, as for the options.
        everything = !sameMembers(addresses, pageAddresses) || !sameMembers(names, pageNames);
        pageAddresses = addresses;
        pageNames = names;
      }
    }
    void scanner.scan(everything ? queryAll(document, adapter.surfaceSelectors) : roots).then(() => {
      selfCheck.afterScan();
      updateRecovery();
    });
  };
  // People left unmarked by a failed lookup are read again when the user or the network is back.
  const updateRecovery = watchRecovery((dueBy) => scanner.failedRoots(dueBy), scan);

  const start = () => {
    if (watch || !isSiteEnabled(adapter.site, preferences)) return;
    watch = watchSurfaces(document.body, adapter, scan, { batchEveryChange: () => selfCheck.waitingForLayout(), onChange: () => selfCheck.pageChanged() });
    scan(queryAll(document, adapter.surfaceSelectors));
  };
  const stop = () => {
    watch?.disconnect();
    watch = null;
    scanner.clear();
    // Nothing failed is in view any more: no listener is left behind (site switched off, invalidated).
    updateRecovery();
    // A card open on a mark that is gone would describe someone Primer no longer shows.
    closeCard();
  };
  const restart = () => {
    stop();
    start();
  };

  start();

  const unwatchPreferences = watchPreferences((next) => {
    const before = preferences;
    preferences = next;
    if (isSiteEnabled(adapter.site, before) !== isSiteEnabled(adapter.site, next)) {
      restart();
      // A site switched off makes no scan that would clear its report.
      selfCheck.afterScan();
      return;
    }
    // Another site's switch concerns no one here. New exclusions or own addresses: the surfaces
    // are read again in place, so only the marks of people now left out (or back in) change, and
    // an open card and the focus on a marker stay (a restart took every mark down and up again).
    if (watch && !(sameEntries(before.excludedDomains, next.excludedDomains) && sameEntries(before.ownAddresses, next.ownAddresses))) {
      // A lookup under way when someone was left out is answered "not a contact" (the background
      // stops it): believed for minutes, it would keep them unmarked once they are back in.
      lookup.clear();
      scan(queryAll(document, adapter.surfaceSelectors));
    }
  });
  // Another server or account: earlier answers may be wrong.
  const unwatchSettings = watchSettingsSaved(() => {
    lookup.clear();
    restart();
  });

  // Access to the service was granted (lib/storage/service-access.ts): the people it failed for
  // are asked about again now, not a minute later; the rest of the page stays as it is.
  const unwatchAccess = watchServiceAccess(() => {
    lookup.forgetFailures();
    const roots = scanner.failedRoots();
    if (roots.length) scan(roots);
  });

  // In Chrome, WXT runs onInvalidated only when something reads isInvalid (it then checks
  // runtime.id). A lost or refused port is when to look: a tab left open across an update then
  // drops the old script's marks, rather than keep marks whose cards can only fail.
  const unwatchPort = sendContentRequest.onLost(() => void ctx.isInvalid);

  ctx.onInvalidated(() => {
    unwatchPort();
    unwatchPreferences();
    stopAnswering();
    unwatchSettings();
    unwatchAccess();
    selfCheck.dispose();
    stop();
  });
}

function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/** The same members, in any order: the page may list the same account in another order. */
function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((entry) => b.has(entry));
}
