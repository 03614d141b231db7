/**
 * What the side panel keeps that came from the settings in effect, forgotten when they change (the
 * service context's reset): its saved query cache, the copies of its last briefings, and the person
 * or meeting chosen on a card in each tab. A chosen person carries the old service's contact, whose
 * id the new service would be asked about: another person there, or no one, briefed under the old
 * name until the tab navigated.
 */
import { browser } from '#imports';
import { PANEL_CACHE_KEY, SAVED_BRIEFINGS_KEY } from '../storage/panel-cache-key';
import { FOCUS_PREFIX, SHOWN_PREFIX } from '../storage/session-keys';
import { inTabTurn } from './tab-turns';

export async function forgetPanelState(): Promise<void> {
  // In a turn of the tabs' records (tab-turns.ts): a write begun before the reset lands before
  // this, and is forgotten with the rest; one after it sees the reset (noteShown's `current`).
  await inTabTurn(async () => {
    // The contacts named to pages too: another account's ids may be other people there.
    const focuses = Object.keys(await browser.storage.session.get(null)).filter((key) => key.startsWith(FOCUS_PREFIX) || key.startsWith(SHOWN_PREFIX));
    await Promise.all([browser.storage.local.remove(PANEL_CACHE_KEY), browser.storage.session.remove([SAVED_BRIEFINGS_KEY, ...focuses])]);
  });
}
