/**
 * Reading what the side panel briefs, as stored and as the page reports it, unchecked: the part of
 * lib/panel/target.ts that the panel's start-up script runs before zod and the protocol are loaded.
 * The values are checked before use (`panelTargetFrom` in target.ts). Takes the extension API as a
 * parameter, so the start-up script can pass the browser's own without the polyfill.
 */
import { PAGE_CONTEXT_PEEK, PAGE_CONTEXT_REQUEST } from '../messaging/envelope';
import { focusKey, shownIds, shownKey, statusKey } from '../storage/session-keys';

/** The few calls used here, as both `chrome` (MV3) and `browser` (Firefox, the polyfill) offer them. */
export interface TargetApi {
  tabs: {
    query(query: { active: true; currentWindow: true }): Promise<{ id?: number }[]>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
  };
  storage: { session: { get(keys: string[]): Promise<Record<string, unknown>> } };
}

export interface RawTarget {
  tabId: number | null;
  /** The tab's chosen focus and self-check status, as stored. */
  focus: unknown;
  status: unknown;
  /**
   * The contacts the background named to the tab's page (its people.find answers): the only ones
   * the page's report may name (lib/panel/shown-matches.ts).
   */
  shown: ReadonlySet<string>;
  /** What the tab's content script reports (null when there is none), asked for at once. */
  page: Promise<unknown>;
}

/**
 * The tab being briefed: the active tab of the panel's window, or the tab named in the page's
 * address (`sidepanel.html?tab=<id>`) when the briefing is opened in a window or tab of its own.
 */
async function activeTabId(api: TargetApi): Promise<number | null> {
  const named = Number(new URLSearchParams(globalThis.location?.search ?? '').get('tab'));
  if (Number.isInteger(named) && named > 0) return named;
  const [tab] = await api.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/**
 * `forTab`: the tab the background reads for (its head start, which only peeks: the page is not
 * asked to report its changes); else the panel's own tab.
 */
export async function readPanelTargetRaw(api: TargetApi, forTab?: number): Promise<RawTarget> {
  const tabId = forTab ?? (await activeTabId(api));
  if (tabId === null) return { tabId, focus: null, status: null, shown: new Set(), page: Promise.resolve(null) };
  // No Primer content script on this page (not a supported site, or not loaded yet): null.
  const page = api.tabs.sendMessage(tabId, forTab === undefined ? PAGE_CONTEXT_REQUEST : PAGE_CONTEXT_PEEK).catch(() => null);
  const stored = await api.storage.session.get([focusKey(tabId), statusKey(tabId), shownKey(tabId)]);
  return { tabId, focus: stored[focusKey(tabId)], status: stored[statusKey(tabId)], shown: new Set(shownIds(stored[shownKey(tabId)])), page };
}
