/**
 * page.status: a content script's self-check. When a supported site shows none of the anchors its
 * adapter expects, the toolbar badge says so for that tab (and the side panel reads the same
 * record), instead of Primer silently showing nothing. The report also says what is in view: a
 * person or meeting chosen on a card is forgotten once the tab shows other views and not the one
 * it was chosen on (another event in Calendar's reused popup, whose address stays the same), so
 * the panel follows the tab, as it does when the tab navigates.
 * page.left: the page is going; the tab's report and choice made on it go with it.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { PageViewsSchema, PanelFocusSchema } from '../../panel/context';
import { sameView, type PageView } from '../../panel/view';
import { parseWhen } from '../../upload/draft';
import { SITES } from '../../sites/types';
import { focusKey, statusKey } from '../../storage/session-keys';
import { showTabAlert } from '../tab-alert';
import { closedTabs, inTabTurn } from '../tab-turns';
import type { Handlers } from '../broker';

export const PageStatusSchema = z.object({
  site: z.enum(SITES),
  recognised: z.boolean(),
  people: z.number(),
  known: z.number(),
  views: PageViewsSchema,
  at: z.number(),
  /** Which page reported it (one per page load): only that page's leaving forgets it. */
  page: z.optional(z.string()),
});
export type PageStatus = z.infer<typeof PageStatusSchema>;

/** The last status a tab reported (session storage: gone with the browser session). */
export async function readPageStatus(tabId: number): Promise<PageStatus | null> {
  const parsed = PageStatusSchema.safeParse((await browser.storage.session.get(statusKey(tabId)))[statusKey(tabId)]);
  return parsed.success ? parsed.data : null;
}

export function pageStatusHandlers(): Pick<Handlers, 'page.status' | 'page.left'> {
  return {
    'page.status': async (status, { tabId }) => {
      if (tabId === null) return { recorded: false };
      await inTabTurn(async () => {
        if (closedTabs.has(tabId)) return;
        await browser.storage.session.set({ [statusKey(tabId)]: { ...status, at: Date.now() } });
        await forgetChoiceLeftBehind(tabId, status.views);
      });
      // The badge may say a lookup problem instead, which comes first (tab-alert.ts).
      await showTabAlert(tabId).catch(() => undefined);
      return { recorded: true };
    },
    'page.left': async ({ page, at }, { tabId }) => ({ forgotten: tabId !== null && (await inTabTurn(() => forgetPageLeft(tabId, page, at))) }),
  };
}

/**
 * The tab's page went (another site, a reload): what it reported, and the person or meeting chosen
 * on it, are forgotten, or the panel would go on briefing them over whatever the tab shows now.
 * Chrome shows the background no address of these sites (content scripts' sites are not host
 * permissions), so it cannot tell the tab left them: the page says so. Only its own report (a page
 * loaded since, or prerendered, may have reported first), and a choice made before it left (`at`,
 * the page's clock: a card's choice takes the user seconds on a new page).
 */
async function forgetPageLeft(tabId: number, page: string, at: number): Promise<boolean> {
  const stored = await browser.storage.session.get([statusKey(tabId), focusKey(tabId)]);
  const status = PageStatusSchema.safeParse(stored[statusKey(tabId)]);
  const focus = PanelFocusSchema.safeParse(stored[focusKey(tabId)]);
  const gone = [
    ...(status.success && status.data.page === page ? [statusKey(tabId)] : []),
    ...(focus.success && (focus.data.chosenAt ?? 0) <= at ? [focusKey(tabId)] : []),
  ];
  if (gone.length > 0) await browser.storage.session.remove(gone);
  return gone.length > 0;
}

/**
 * The tab's chosen person or meeting, forgotten when the page shows views and none is the one it
 * was chosen on. A page showing nothing (the popup closed) keeps it: there is nothing else to brief.
 */
async function forgetChoiceLeftBehind(tabId: number, views: readonly PageView[]): Promise<void> {
  if (views.length === 0) return;
  const focus = PanelFocusSchema.safeParse((await browser.storage.session.get(focusKey(tabId)))[focusKey(tabId)]);
  const from = focus.success ? focus.data.from : undefined;
  if (from && !views.some((view) => sameView(view, from, (when) => parseWhen(when, new Date(), { needTime: true })))) await browser.storage.session.remove(focusKey(tabId));
}
