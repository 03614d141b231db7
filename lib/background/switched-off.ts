/**
 * A site switched off in the options takes the choices made on its cards with it: the person or
 * meeting chosen in a tab whose page (its last report, page-status.ts) is of that site is
 * forgotten. The side panel reads no page while someone is chosen (usePanelTarget), so it learns
 * of the switch this way, and says "Primer is switched off for Gmail" instead of briefing the
 * choice; the toolbar's "Open briefing" and the upload form read the choice no more either.
 */
import { browser } from '#imports';
import { isSiteEnabled, watchPreferences, type Preferences } from '../storage/preferences';
import { focusKey, STATUS_PREFIX } from '../storage/session-keys';
import { PageStatusSchema } from './handlers/page-status';
import { inTabTurn } from './tab-turns';

/** Forgets the choices made in tabs showing a site `preferences` switch off. */
export async function forgetChoicesOfSwitchedOff(preferences: Preferences): Promise<void> {
  // In a turn of the tabs' records (tab-turns.ts), as the page's reports are written.
  await inTabTurn(async () => {
    const stored = await browser.storage.session.get(null);
    const gone = Object.entries(stored).flatMap(([key, value]) => {
      if (!key.startsWith(STATUS_PREFIX)) return [];
      const status = PageStatusSchema.safeParse(value);
      const focus = focusKey(Number(key.slice(STATUS_PREFIX.length)));
      return status.success && !isSiteEnabled(status.data.site, preferences) && focus in stored ? [focus] : [];
    });
    if (gone.length > 0) await browser.storage.session.remove(gone);
  });
}

/** Registered as the worker starts: a change in the options wakes it. */
export function forgetChoicesOnSwitchOff(): void {
  watchPreferences((preferences) => void forgetChoicesOfSwitchedOff(preferences).catch(() => undefined));
}
