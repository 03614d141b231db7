/**
 * What the side panel briefs, as it stands now for the active tab: the focus chosen with "Open
 * briefing" (session storage, per tab), the page's people as its content script reports them, and
 * the page's self-check status. `watchPanelTarget` calls back when any of these may have changed:
 * another tab activated, the tab navigated, a new focus, a new view reported by the content script.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { PageContextSchema, PanelFocusSchema, type PageContext, type PanelFocus } from './context';
import { FOCUS_PREFIX, focusKey, STATUS_PREFIX, statusKey } from '../storage/session-keys';
import { focusDecides, savedBriefingKey } from './saved-briefing';
import { pageWithShownMatches } from './shown-matches';
import { readPanelTargetRaw, type RawTarget } from './target-read';

export interface PanelTarget {
  tabId: number | null;
  focus: PanelFocus | null;
  page: PageContext | null;
  status: { recognised: boolean } | null;
  /** What a saved copy of its briefing is kept under (lib/panel/saved-briefing.ts); absent: none is kept. */
  savedKey?: string;
}

const StatusSchema = z.object({ recognised: z.boolean() });

export interface TargetOptions {
  /**
   * A chosen person or meeting is briefed whatever the page shows: with this, the target comes back
   * as soon as the focus is read, without waiting for the page's content script (page: null).
   */
  skipPageWhenFocused?: boolean;
}

/** The target from what was read (storage and the page cross contexts: checked here). */
export async function panelTargetFrom(raw: RawTarget, { skipPageWhenFocused = false }: TargetOptions = {}): Promise<PanelTarget> {
  if (raw.tabId === null) return { tabId: null, focus: null, page: null, status: null };
  const focus = PanelFocusSchema.safeParse(raw.focus);
  const status = StatusSchema.safeParse(raw.status);
  const known = { tabId: raw.tabId, focus: focus.success ? focus.data : null, status: status.success ? status.data : null };
  // Keyed on the inputs as read, as the start-up script keys them (it has no zod); a focus refused
  // here keys as none, so the two sides differ and no copy is shown for it.
  const keyFocus = known.focus ? raw.focus : null;
  // A chosen meeting without people does not decide what is briefed: the page does (subject.ts).
  if (skipPageWhenFocused && known.focus && focusDecides(known.focus)) return { ...known, page: null, savedKey: savedBriefingKey(keyFocus, null) };
  const rawPage = await raw.page;
  const page = PageContextSchema.safeParse(rawPage);
  return { ...known, page: page.success ? pageWithShownMatches(page.data, raw.shown) : null, savedKey: savedBriefingKey(keyFocus, rawPage) };
}

export async function getPanelTarget(options: TargetOptions = {}): Promise<PanelTarget> {
  const raw = await readPanelTargetRaw(browser);
  void forgetLeftBehind(raw).catch(() => undefined);
  return panelTargetFrom(raw, options);
}

/**
 * What a page chose or reported, once the tab shows no page with Primer's script in it. The page
 * says so as it goes (page.left), but that is lost when the background was asleep then: Chrome
 * does not start it for a frame being unloaded. The choice and report were made by a Primer
 * script on a page the tab no longer shows (a script not injected yet is a new page's). Forgetting
 * them here makes the panel (watching these keys) brief what the tab shows now.
 */
async function forgetLeftBehind(raw: RawTarget): Promise<void> {
  const { tabId } = raw;
  if (tabId === null || ((raw.focus ?? null) === null && (raw.status ?? null) === null)) return;
  if ((await raw.page) !== null) return;
  // A tab the browser unloaded to save memory, or one still loading, answers nothing either: what
  // was chosen there stands (the panel reads again once the tab has loaded).
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab || tab.discarded === true || tab.status !== 'complete') return;
  // Only what was read: a report or choice written since is the new page's.
  const now = await browser.storage.session.get([focusKey(tabId), statusKey(tabId)]);
  const read: [string, unknown][] = [
    [focusKey(tabId), raw.focus],
    [statusKey(tabId), raw.status],
  ];
  const gone = read.filter(([key, value]) => key in now && JSON.stringify(now[key]) === JSON.stringify(value)).map(([key]) => key);
  if (gone.length > 0) await browser.storage.session.remove(gone);
}

/** Clears the chosen focus of a tab (e.g. "Back to this page"). */
export async function clearPanelFocus(tabId: number): Promise<void> {
  await browser.storage.session.remove(focusKey(tabId));
}

/** `cause` 'tab': another tab was activated (in some window). */
export function watchPanelTarget(onChange: (cause?: 'tab') => void): () => void {
  const onActivated = () => onChange('tab');
  const onUpdated = (_tabId: number, change: { status?: string; url?: string }) => {
    if (change.status === 'complete' || change.url) onChange();
  };
  const onStorage = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && Object.keys(changes).some((key) => key.startsWith(FOCUS_PREFIX) || key.startsWith(STATUS_PREFIX))) onChange();
  };
  browser.tabs.onActivated.addListener(onActivated);
  browser.tabs.onUpdated.addListener(onUpdated);
  browser.storage.onChanged.addListener(onStorage);
  return () => {
    browser.tabs.onActivated.removeListener(onActivated);
    browser.tabs.onUpdated.removeListener(onUpdated);
    browser.storage.onChanged.removeListener(onStorage);
  };
}
