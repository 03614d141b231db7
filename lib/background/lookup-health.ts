/**
 * Why a page's people lookups fail, when only the user can fix it: Primer not set up, the key
 * refused (401) or not allowed (403), host access to the service taken away, the service not
 * answering for a while, or something else answering at its address (a web site). Each people.find from a tab ends in a verdict for that tab; a problem is
 * recorded per tab in storage.session (lib/storage/lookup-problem.ts) and shown on the tab's
 * toolbar button (tab-alert.ts). The tab's next batch in which the service answered someone clears
 * it; so does a settings change (the problem described the old settings), host access to the
 * service granted (for "no access"; the pages are told to ask again) and the tab leaving the
 * supported sites. A batch answered from the cache alone proves nothing either way: clearing on it
 * would make the badge come and go as the page shows people seen before and people not.
 *
 * Not noisy: a failure a retry may fix (rate limit, server error, one timeout) changes nothing,
 * nor does the browser being offline (the site says that itself). A service that does not answer
 * is said only once it has not answered for UNREACHABLE_AFTER_MS, counted from the start of the
 * first failed batch, with no answer since (a batch’s own retries can take that long; a rate limit
 * or a server error is an answer too).
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { permissionPatternFor } from '../api/base-url';
import { ApiError, NOT_THE_SERVICE_CODE, WEB_PAGE_REFUSAL_CODE } from '../api/errors';
import { onSupportedSite } from '../sites/matches';
import { readLookupProblem, type LookupProblem, type LookupProblemKind } from '../storage/lookup-problem';
import { announceServiceAccess } from '../storage/service-access';
import { LOOKUP_PROBLEM_PREFIX, LOOKUP_SILENCE_KEY, lookupProblemKey } from '../storage/session-keys';
import { administratorSetupProblem } from '../format/administrator-setup';
import { settingsView } from './settings';
import { clearTabAlert, showTabAlert } from './tab-alert';

/** How long nothing must have answered before the service is said to be unreachable. */
export const UNREACHABLE_AFTER_MS = 20_000;

/** The silence as kept in storage.session (LOOKUP_SILENCE_KEY). */
const SilenceSchema = z.object({ since: z.number(), last: z.optional(z.number()), tabs: z.array(z.number()) });

/**
 * A silence with no failed batch for this long is over (nothing said the service was silent
 * meanwhile: pages answered from the cache, a computer asleep): the next failure starts a new one.
 * Pages ask again about people a lookup failed for after a minute.
 */
export const SILENCE_LAPSE_MS = 3 * 60_000;

/** Gateway answers: a proxy is there, the service behind it is not. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * 'answered': the service answered someone of the batch; 'heard': it answered only with errors (a
 * rate limit, a server error), so it is there but says nothing of the tab's lookups; 'no_news':
 * nothing learned about the service (the cache answered, or offline).
 */
type Verdict = 'answered' | 'heard' | 'no_news' | LookupProblemKind;

export interface LookupHealthOptions {
  now?: () => number;
  /** Whether the browser thinks it is online. */
  online?: () => boolean;
  /** Whether Primer may contact the service (its host permission). */
  hasAccess?: (pattern: string) => Promise<boolean>;
  /** Whether what an administrator set by policy keeps Primer from working (only they can fix it). */
  administratorSetup?: () => Promise<boolean>;
}

/** How one people.find batch ended: its lookups' failures, and whether the service answered any of them. */
export interface LookupOutcome {
  failures: readonly unknown[];
  answered: boolean;
}

/** Reports how one batch ended, and the service it asked (null: no settings). */
export type ReportLookups = (outcome: LookupOutcome, baseUrl: string | null) => Promise<void>;

function kindOf(error: unknown): { kind: string; status: number | null; code: string | null } {
  return error instanceof ApiError ? { kind: error.kind, status: error.status, code: error.code } : { kind: 'unknown', status: null, code: null };
}

async function policyBroken(): Promise<boolean> {
  return administratorSetupProblem(await settingsView()) !== null;
}

async function hostAccess(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return true;
  }
}

export class LookupHealth {
  readonly #now: () => number;
  readonly #online: () => boolean;
  readonly #hasAccess: (pattern: string) => Promise<boolean>;
  readonly #administratorSetup: () => Promise<boolean>;
  /** When the service's first unanswered batch (since one was last answered) started. */
  #unreachableSince: number | null = null;
  /** Tabs whose lookups found the service silent, not yet for long enough to say so. */
  readonly #waiting = new Set<number>();
  /** When the last batch that found the service silent ended. */
  #lastSilent: number | null = null;
  /** The silence kept by an earlier worker, read once (the fields above come from it). */
  #silenceRestored: Promise<void> | null = null;
  /** Bumped by a settings change: batches begun before it speak for the old settings. */
  #generation = 0;
  /**
   * Bumped for a tab when it leaves the supported sites or closes: a batch begun before speaks for
   * a page that is gone, and would mark the page the tab went on to (or leave a closed tab's record).
   */
  readonly #departures = new Map<number, number>();
  /** What each tab's record is known to be (read from storage.session once after a restart). */
  readonly #known = new Map<number, LookupProblem | null>();
  #work: Promise<unknown> = Promise.resolve();

  constructor(options: LookupHealthOptions = {}) {
    this.#now = options.now ?? (() => Date.now());
    this.#online = options.online ?? (() => globalThis.navigator?.onLine !== false);
    this.#hasAccess = options.hasAccess ?? hostAccess;
    this.#administratorSetup = options.administratorSetup ?? policyBroken;
  }

  /** A page's batch is starting: returns how to report its end. */
  begin(tabId: number): ReportLookups {
    const startedAt = this.#now();
    const generation = this.#generation;
    const departures = this.#departures.get(tabId) ?? 0;
    // Queued at once, in the order batches end: a later batch's verdict is applied after this one's.
    return (outcome, baseUrl) =>
      this.#serial(async () => {
        if (generation !== this.#generation || departures !== (this.#departures.get(tabId) ?? 0)) return;
        await this.#apply(tabId, startedAt, await this.#verdict(outcome, baseUrl), baseUrl);
      });
  }

  /** The settings changed: every tab's problem described the old ones. */
  forgetAll(): Promise<void> {
    this.#generation++;
    this.#unreachableSince = null;
    this.#lastSilent = null;
    this.#waiting.clear();
    this.#silenceRestored = Promise.resolve();
    return this.#serial(async () => {
      await browser.storage.session.remove(LOOKUP_SILENCE_KEY);
      const stored = Object.keys(await browser.storage.session.get(null)).filter((key) => key.startsWith(LOOKUP_PROBLEM_PREFIX));
      const tabs = new Set([...this.#known].filter(([, problem]) => problem !== null).map(([tabId]) => tabId));
      for (const key of stored) tabs.add(Number(key.slice(LOOKUP_PROBLEM_PREFIX.length)));
      await browser.storage.session.remove(stored);
      this.#known.clear();
      await Promise.all([...tabs].map((tabId) => showTabAlert(tabId).catch(() => undefined)));
    });
  }

  /**
   * Forgets a tab's problem when it leaves the supported sites, and when it closes; shows it again
   * as soon as the tab has loaded another page of them (a reload).
   */
  watchTabs(): void {
    browser.tabs.onUpdated.addListener((tabId, change, tab) => {
      // Without the "tabs" permission a tab's URL is shown only on sites Primer may access: a URL
      // it may not see is not a supported site either. Chrome does not count the content scripts'
      // sites: there every page load forgets the tab's problem, and the button and the popup both
      // say nothing until the new page's lookups say it again.
      const supported = tab.url !== undefined && onSupportedSite(tab.url);
      if ((change.url || change.status === 'loading') && !supported) this.#depart(tabId, { clearBadge: true });
      // Where the URL is shown, the problem outlives a reload (the popup says it), but the browser
      // cleared the badge with the old page, after 'loading': it is said again once the page has
      // loaded, not only after the new page's first lookup or self-check.
      else if (change.status === 'complete' && supported) void this.#serial(() => this.#showAgain(tabId));
    });
    browser.tabs.onRemoved.addListener((tabId) => this.#depart(tabId, { clearBadge: false }));
  }

  /**
   * Host access granted (the options page's connection test asks for it, or the browser's site
   * access): a tab's "not allowed to contact" the service is over at once, not at its next batch.
   */
  watchAccess(): void {
    browser.permissions.onAdded.addListener(({ origins }) => {
      if (origins && origins.length > 0) void this.#serial(() => this.#accessGranted());
    });
  }

  /** Resolves once every report and change so far is stored and shown (for tests). */
  idle(): Promise<void> {
    return this.#serial(() => Promise.resolve());
  }

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#work.then(step);
    this.#work = run.catch(() => undefined);
    return run;
  }

  async #verdict({ failures, answered }: LookupOutcome, baseUrl: string | null): Promise<Verdict> {
    const kinds = failures.map(kindOf);
    if (kinds.some(({ kind }) => kind === 'not_configured')) return 'not_configured';
    // A refusal only ever as a web page (a proxy's, a static site's at a wrong address) never judged the key.
    const refusals = kinds.filter(({ kind }) => kind === 'unauthorized' || kind === 'forbidden');
    const pageOnly = refusals.length > 0 && refusals.every(({ code }) => code === WEB_PAGE_REFUSAL_CODE);
    if (kinds.some(({ kind }) => kind === 'unauthorized')) return pageOnly ? 'web_page_refusal' : 'key_refused';
    // The key works and the service is there; other people's failures (a 403 on one contact) are their own.
    if (answered) return 'answered';
    if (kinds.some(({ kind }) => kind === 'forbidden')) return pageOnly ? 'web_page_refusal' : 'key_forbidden';
    // Every lookup met a 404 or a web page where the contact list should be: a wrong address. One
    // contact the service does not know is "not a contact", never a failure (contact-finder.ts).
    if (kinds.length > 0 && kinds.every(({ code }) => code === NOT_THE_SERVICE_CODE)) return 'not_the_service';
    // Any status but a gateway's is the service's own: whatever it said, it is not silent.
    if (kinds.some(({ status }) => status !== null && !GATEWAY_STATUSES.has(status))) return 'heard';
    const silent = kinds.some(({ kind, status }) => kind === 'network' || kind === 'timeout' || (kind === 'server' && status !== null && GATEWAY_STATUSES.has(status)));
    // Offline: every site fails alike, and says so itself.
    if (!silent || !this.#online()) return 'no_news';
    // Without host access, a service that sends no CORS headers looks like one that is not there.
    const pattern = baseUrl ? permissionPatternFor(baseUrl) : null;
    if (pattern && !(await this.#hasAccess(pattern))) return 'no_access';
    return 'unreachable';
  }

  async #apply(tabId: number, startedAt: number, verdict: Verdict, baseUrl: string | null): Promise<void> {
    if (verdict === 'no_news') return;
    const service = baseUrl ? new URL(baseUrl).origin : null;
    if (verdict === 'answered' || verdict === 'heard') {
      await this.#restoreSilence();
      if (this.#unreachableSince !== null) await this.#saveSilence(null);
      if (verdict === 'answered') await this.#record(tabId, null);
      return;
    }
    if (verdict === 'not_configured') {
      // "Add the address and key" would send the user to fields an administrator locked.
      const administrator = await this.#administratorSetup().catch(() => false);
      await this.#record(tabId, { problem: verdict, service, ...(administrator ? { administrator } : {}) });
      return;
    }
    if (verdict !== 'unreachable') {
      await this.#record(tabId, { problem: verdict, service });
      return;
    }
    await this.#restoreSilence();
    const now = this.#now();
    if (this.#lastSilent !== null && now - this.#lastSilent > SILENCE_LAPSE_MS) {
      this.#unreachableSince = null;
      this.#waiting.clear();
    }
    this.#lastSilent = now;
    this.#waiting.add(tabId);
    const since = this.#unreachableSince ?? startedAt;
    if (this.#now() - since < UNREACHABLE_AFTER_MS) {
      await this.#saveSilence(since);
      return;
    }
    // Long enough: every tab that found it silent meanwhile says so too.
    const tabs = [...this.#waiting];
    this.#waiting.clear();
    await this.#saveSilence(since);
    await Promise.all(tabs.map((tab) => this.#record(tab, { problem: 'unreachable', service })));
  }

  async #restoreSilence(): Promise<void> {
    this.#silenceRestored ??= browser.storage.session
      .get(LOOKUP_SILENCE_KEY)
      .then((stored) => {
        const kept = SilenceSchema.safeParse(stored[LOOKUP_SILENCE_KEY]);
        if (!kept.success || this.#unreachableSince !== null) return;
        this.#unreachableSince = kept.data.since;
        this.#lastSilent = kept.data.last ?? kept.data.since;
        for (const tab of kept.data.tabs) this.#waiting.add(tab);
      })
      .catch(() => undefined);
    await this.#silenceRestored;
  }

  /** Sets the silence's start (null: the service answered) and keeps it with the tabs waiting. */
  async #saveSilence(since: number | null): Promise<void> {
    this.#unreachableSince = since;
    if (since === null) {
      this.#waiting.clear();
      this.#lastSilent = null;
    }
    const kept = { since, last: this.#lastSilent ?? since, tabs: [...this.#waiting] };
    const write = since === null ? browser.storage.session.remove(LOOKUP_SILENCE_KEY) : browser.storage.session.set({ [LOOKUP_SILENCE_KEY]: kept });
    await write.catch(() => undefined);
  }

  async #record(tabId: number, problem: LookupProblem | null): Promise<void> {
    const before = await this.#problemOf(tabId);
    this.#known.set(tabId, problem);
    // Nothing was wrong and nothing is: the common case, no writes.
    if (!before && !problem) return;
    const same = before?.problem === problem?.problem && before?.service === problem?.service && before?.administrator === problem?.administrator;
    if (!same && problem) await browser.storage.session.set({ [lookupProblemKey(tabId)]: problem });
    if (!same && !problem) await browser.storage.session.remove(lookupProblemKey(tabId));
    // Shown again even when unchanged: the browser resets a tab's badge when it loads a new page
    // (a reload, another page of the same site), whose lookups fail the same way.
    await showTabAlert(tabId).catch(() => undefined);
  }

  /** The tab's recorded problem: from memory, else (after a restart) from storage.session. */
  async #problemOf(tabId: number): Promise<LookupProblem | null> {
    return this.#known.has(tabId) ? (this.#known.get(tabId) ?? null) : readLookupProblem(tabId);
  }

  async #accessGranted(): Promise<void> {
    const stored = Object.keys(await browser.storage.session.get(null)).filter((key) => key.startsWith(LOOKUP_PROBLEM_PREFIX));
    const tabs = new Set([...this.#known.keys(), ...stored.map((key) => Number(key.slice(LOOKUP_PROBLEM_PREFIX.length)))]);
    let cleared = false;
    for (const tabId of tabs) {
      const problem = await this.#problemOf(tabId);
      const pattern = problem?.problem === 'no_access' && problem.service ? permissionPatternFor(problem.service) : null;
      if (!pattern || !(await this.#hasAccess(pattern))) continue;
      await this.#record(tabId, null);
      cleared = true;
    }
    // Those pages left their people unmarked for a minute (a failed lookup): they ask again now.
    if (cleared) await announceServiceAccess().catch(() => undefined);
  }

  async #showAgain(tabId: number): Promise<void> {
    if (await this.#problemOf(tabId)) await showTabAlert(tabId).catch(() => undefined);
  }

  /** Counted at once, not in turn: a batch ending before the forgetting runs must not speak either. */
  #depart(tabId: number, options: { clearBadge: boolean }): void {
    this.#departures.set(tabId, (this.#departures.get(tabId) ?? 0) + 1);
    void this.#serial(() => this.#forgetTab(tabId, options));
  }

  async #forgetTab(tabId: number, { clearBadge }: { clearBadge: boolean }): Promise<void> {
    await this.#restoreSilence();
    if (this.#waiting.delete(tabId) && this.#unreachableSince !== null) await this.#saveSilence(this.#unreachableSince);
    const had = (await this.#problemOf(tabId)) !== null;
    this.#known.delete(tabId);
    if (!had) return;
    await browser.storage.session.remove(lookupProblemKey(tabId));
    // The page the badge spoke of is gone, its layout "!" with it (the new page reports its own).
    if (clearBadge) await clearTabAlert(tabId).catch(() => undefined);
  }
}
