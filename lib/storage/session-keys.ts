/**
 * Per-tab entries in storage.session that the background writes and the side panel reads: the
 * focus chosen with "Open briefing", and the tab's self-check status. No dependencies, so the
 * panel's start-up script can use them too.
 */
export const FOCUS_PREFIX = 'panelFocus:';
export const STATUS_PREFIX = 'pageStatus:';

export const focusKey = (tabId: number) => `${FOCUS_PREFIX}${tabId}`;
export const statusKey = (tabId: number) => `${STATUS_PREFIX}${tabId}`;
