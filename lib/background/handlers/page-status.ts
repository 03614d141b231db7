/**
 * page.status: a content script's self-check. When a supported site shows none of the anchors its
 * adapter expects, the toolbar badge says so for that tab (and the side panel reads the same
 * record), instead of Primer silently showing nothing.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { SITES } from '../../sites/types';
import { statusKey } from '../../storage/session-keys';
import { showTabAlert } from '../tab-alert';
import type { Handlers } from '../broker';

export const PageStatusSchema = z.object({
  site: z.enum(SITES),
  recognised: z.boolean(),
  people: z.number(),
  known: z.number(),
  view: z.string(),
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
      // The badge may say a lookup problem instead, which comes first (tab-alert.ts).
      await showTabAlert(tabId).catch(() => undefined);
      return { recorded: true };
    },
  };
}
