/**
 * page.status: a content script's self-check. When a supported site shows none of the anchors its
 * adapter expects, the toolbar badge says so for that tab (and the side panel reads the same
 * record), instead of Primer silently showing nothing. The report also says what is in view: a
 * person or meeting chosen on a card is forgotten once the tab shows other views and not the one
 * it was chosen on (another event in Calendar's reused popup, whose address stays the same), so
 * the panel follows the tab, as it does when the tab navigates.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { PageViewsSchema, PanelFocusSchema } from '../../panel/context';
import { sameView, type PageView } from '../../panel/view';
import { SITES } from '../../sites/types';
import { focusKey, statusKey } from '../../storage/session-keys';
import { showTabAlert } from '../tab-alert';
import type { Handlers } from '../broker';

export const PageStatusSchema = z.object({
  site: z.enum(SITES),
  recognised: z.boolean(),
  people: z.number(),
  known: z.number(),
  views: PageViewsSchema,
  at: z.number(),
});
export type PageStatus = z.infer<typeof PageStatusSchema>;

/** The last status a tab reported (session storage: gone with the browser session). */
export async function readPageStatus(tabId: number): Promise<PageStatus | null> {
  const parsed = PageStatusSchema.safeParse((await browser.storage.session.get(statusKey(tabId)))[statusKey(tabId)]);
  return parsed.success ? parsed.data : null;
}

export function pageStatusHandlers(): Pick<Handlers, 'page.status'> {
  return {
    'page.status': async (status, { tabId }) => {
      if (tabId === null) return { recorded: false };
      await browser.storage.session.set({ [statusKey(tabId)]: { ...status, at: Date.now() } });
      await forgetChoiceLeftBehind(tabId, status.views);
      // The badge may say a lookup problem instead, which comes first (tab-alert.ts).
      await showTabAlert(tabId).catch(() => undefined);
      return { recorded: true };
    },
  };
}

/**
 * The tab's chosen person or meeting, forgotten when the page shows views and none is the one it
 * was chosen on. A page showing nothing (the popup closed) keeps it: there is nothing else to brief.
 */
async function forgetChoiceLeftBehind(tabId: number, views: readonly PageView[]): Promise<void> {
  if (views.length === 0) return;
  const focus = PanelFocusSchema.safeParse((await browser.storage.session.get(focusKey(tabId)))[focusKey(tabId)]);
  const from = focus.success ? focus.data.from : undefined;
  if (from && !views.some((view) => sameView(view, from))) await browser.storage.session.remove(focusKey(tabId));
}
