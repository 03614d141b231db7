/**
 * A site switched off in the options takes the choices made on its cards with it: the person or
 * meeting chosen in a tab whose page (its last report, page-status.ts) is of that site is
 * forgotten. The side panel reads no page while someone is chosen (usePanelTarget), so it learns
 * of the switch this way, and says "Primer is switched off for Gmail" instead of briefing the
 * choice; the toolbar's "Open briefing" and the upload form read the choice no more either.
 *
 * So does the choice of a person the options leave out since (a domain excluded, an address of the
 * user's own), or of a meeting with them: kept, the panel's start-up script and head start would
 * ask for their briefing again, and paint its saved copy before the live panel said "Left out".
 * The saved copies go with it (which ones show whom cannot be told).
 */
import { browser } from '#imports';
import { PanelFocusSchema } from '../panel/context';
import { leavesSomeoneOut, leftOutPerson } from '../panel/left-out';
import { SAVED_BRIEFINGS_KEY } from '../storage/panel-cache-key';
import { isSiteEnabled, watchPreferences, type Preferences } from '../storage/preferences';
import { FOCUS_PREFIX, focusKey, STATUS_PREFIX } from '../storage/session-keys';
import { PageStatusSchema } from './handlers/page-status';
import { inTabTurn } from './tab-turns';

/** Forgets the choices made in tabs showing a site `preferences` switch off, and those of people they leave out. */
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
    const leftOut = Object.keys(stored).filter((key) => key.startsWith(FOCUS_PREFIX) && choosesLeftOut(stored[key], preferences));
    const forgotten = [...gone, ...leftOut, ...(leftOut.length > 0 ? [SAVED_BRIEFINGS_KEY] : [])];
    if (forgotten.length > 0) await browser.storage.session.remove(forgotten);
  });
}

/** Whether a stored choice is of a person `preferences` leave out, or of a meeting with one. */
function choosesLeftOut(stored: unknown, preferences: Preferences): boolean {
  if (!leavesSomeoneOut(preferences)) return false;
  const focus = PanelFocusSchema.safeParse(stored).data;
  if (focus === undefined) return false;
  const people = focus.kind === 'person' ? [{ email: null, match: focus.match }] : focus.surface.people;
  return people.some((person) => leftOutPerson(person.email, person.match, preferences) !== null);
}

/** Registered as the worker starts: a change in the options wakes it. */
export function forgetChoicesOnSwitchOff(): void {
  watchPreferences((preferences) => void forgetChoicesOfSwitchedOff(preferences).catch(() => undefined));
}
