/**
 * What the side panel briefs, as it stands now for the active tab: the focus chosen with "Open
 * briefing" (session storage, per tab), the page's people as its content script reports them, and
 * the page's self-check status. `watchPanelTarget` calls back when any of these may have changed:
 * another tab activated, the tab navigated, a new focus, a new view reported by the content script.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { PageContextSchema, PanelFocusSchema, type PageContext, type PanelFocus } from './context';

export interface PanelTarget {
  tabId: number | null;
  focus: PanelFocus | null;
  page: PageContext | null;
  status: { recognised: boolean } | null;
}

const StatusSchema = z.object({ recognised: z.boolean() });

/**
 * The tab being briefed: the active tab of the panel's window, or the tab named in the page's
 * address (`sidepanel.html?tab=<id>`) when the briefing is opened in a window or tab of its own.
 */
async function activeTabId(): Promise<number | null> {
  const named = Number(new URLSearchParams(globalThis.location?.search ?? '').get('tab'));
  if (Number.isInteger(named) && named > 0) return named;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

async function askPage(tabId: number): Promise<PageContext | null> {
  try {
    const parsed = PageContextSchema.safeParse(await browser.tabs.sendMessage(tabId, { primer: 1, type: 'page.context' }));
    return parsed.success ? parsed.data : null;
  } catch {
    // No Primer content script on this page (not a supported site, or not loaded yet).
    return null;
  }
}

export interface TargetOptions {
  /**
   * A chosen person or meeting is briefed whatever the page shows: with this, the target comes back
   * as soon as the focus is read, without waiting for the page's content script (page: null).
   */
  skipPageWhenFocused?: boolean;
}

export async function getPanelTarget({ skipPageWhenFocused = false }: TargetOptions = {}): Promise<PanelTarget> {
  const tabId = await activeTabId();
  if (tabId === null) return { tabId, focus: null, page: null, status: null };
  const focusKey = `panelFocus:${tabId}`;
  const statusKey = `pageStatus:${tabId}`;
  const page = askPage(tabId);
  const stored = await browser.storage.session.get([focusKey, statusKey]);
  const focus = PanelFocusSchema.safeParse(stored[focusKey]);
  const status = StatusSchema.safeParse(stored[statusKey]);
  const known = { tabId, focus: focus.success ? focus.data : null, status: status.success ? status.data : null };
  if (skipPageWhenFocused && known.focus) return { ...known, page: null };
  return { ...known, page: await page };
}

/** Clears the chosen focus of a tab (e.g. "Back to this page"). */
export async function clearPanelFocus(tabId: number): Promise<void> {
  await browser.storage.session.remove(`panelFocus:${tabId}`);
}

export function watchPanelTarget(onChange: () => void): () => void {
  const onActivated = () => onChange();
  const onUpdated = (_tabId: number, change: { status?: string; url?: string }) => {
    if (change.status === 'complete' || change.url) onChange();
  };
  const onStorage = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && Object.keys(changes).some((key) => key.startsWith('panelFocus:') || key.startsWith('pageStatus:'))) onChange();
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
