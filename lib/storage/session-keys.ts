/**
 * Per-tab entries in storage.session that the background writes and the side panel reads: the
 * focus chosen with "Open briefing", the tab's self-check status, the contacts named to the tab's
 * page (lib/background/shown-contacts.ts), and why the tab's people lookups fail when the user
 * must fix it (the popup reads that one). No dependencies, so the panel's start-up script can use
 * them too.
 */
export const FOCUS_PREFIX = 'panelFocus:';
export const STATUS_PREFIX = 'pageStatus:';
export const SHOWN_PREFIX = 'shownContacts:';
export const LOOKUP_PROBLEM_PREFIX = 'lookupProblem:';

export const focusKey = (tabId: number) => `${FOCUS_PREFIX}${tabId}`;
export const statusKey = (tabId: number) => `${STATUS_PREFIX}${tabId}`;
export const shownKey = (tabId: number) => `${SHOWN_PREFIX}${tabId}`;
export const lookupProblemKey = (tabId: number) => `${LOOKUP_PROBLEM_PREFIX}${tabId}`;

/** The contact ids under shownKey, as stored (unchecked: storage crosses contexts), strings only. */
export function shownIds(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Not per tab: since when the service has not answered any page's lookups, and the tabs that found
 * it so, kept across the worker's restarts (it stops after 30 s idle, and a silent service's
 * retries come a minute apart, so in memory the silence never lasted long enough to be said).
 */
export const LOOKUP_SILENCE_KEY = 'lookupSilence';
