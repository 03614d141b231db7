/**
 * Per-tab entries in storage.session that the background writes and the side panel reads: the
 * focus chosen with "Open briefing", the tab's self-check status, and why the tab's people lookups
 * fail when the user must fix it (the popup reads that one). No dependencies, so the panel's
 * start-up script can use them too.
 */
export const FOCUS_PREFIX = 'panelFocus:';
export const STATUS_PREFIX = 'pageStatus:';
export const LOOKUP_PROBLEM_PREFIX = 'lookupProblem:';

export const focusKey = (tabId: number) => `${FOCUS_PREFIX}${tabId}`;
export const statusKey = (tabId: number) => `${STATUS_PREFIX}${tabId}`;
export const lookupProblemKey = (tabId: number) => `${LOOKUP_PROBLEM_PREFIX}${tabId}`;
