/**
 * What one tab's toolbar badge says, from the two things known about the tab: why its people
 * lookups fail (lib/background/lookup-health.ts) and its layout self-check (handlers/page-status.ts).
 *
 * Priority: a lookup problem ("off") before the layout's "!" — the user can fix it, and until it is
 * fixed no marker can appear whatever the layout; the "!" comes back once it is fixed, if the
 * layout is still not recognised. Either one hides the uploads' global "↑N" on this tab only:
 * Primer cannot do what the user is looking at here, and the popup this button opens lists the
 * uploads anyway (which need the same key and service to finish). Other tabs keep showing "↑N".
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { lookupProblemTitle, LookupProblemSchema } from '../storage/lookup-problem';
import { lookupProblemKey, statusKey } from '../storage/session-keys';
import { setTabAlert } from './toolbar';

export const LAYOUT_ALERT = { text: '!', colour: '#b3261e', title: 'Primer: this page’s layout is not recognised' };
/** Amber, not the layout's red: a different problem with a different fix (white text on it: 6.5:1). */
export const LOOKUP_ALERT_TEXT = 'off';
export const LOOKUP_ALERT_COLOUR = '#8a4f00';

const LayoutSchema = z.object({ recognised: z.boolean() });

async function alertFor(tabId: number): Promise<{ text: string; title: string; colour: string } | null> {
  const stored = await browser.storage.session.get([lookupProblemKey(tabId), statusKey(tabId)]);
  const problem = LookupProblemSchema.safeParse(stored[lookupProblemKey(tabId)]);
  if (problem.success) return { text: LOOKUP_ALERT_TEXT, colour: LOOKUP_ALERT_COLOUR, title: lookupProblemTitle(problem.data) };
  const layout = LayoutSchema.safeParse(stored[statusKey(tabId)]);
  return layout.success && !layout.data.recognised ? LAYOUT_ALERT : null;
}

let showing: Promise<unknown> = Promise.resolve();

/**
 * Puts the tab's badge in line with what is stored for it. One at a time, each reading the
 * records when its turn comes: two writers (a page status and a lookup) racing would otherwise
 * leave the badge of whichever read first.
 */
export function showTabAlert(tabId: number): Promise<void> {
  return inTurn(async () => setTabAlert(tabId, await alertFor(tabId)));
}

/**
 * Clears the tab's badge whatever is stored (the page it spoke of is gone), in turn too: a show
 * that read the records before they were forgotten would otherwise put the old badge back after.
 */
export function clearTabAlert(tabId: number): Promise<void> {
  return inTurn(() => setTabAlert(tabId, null));
}

function inTurn(step: () => Promise<void>): Promise<void> {
  const run = showing.then(step);
  showing = run.catch(() => undefined);
  return run;
}

/**
 * Every open tab's badge put in line again, alerts kept: the global title or colour changed, and a
 * tab whose alert was cleared holds a copy of the old ones (toolbar.ts).
 */
export async function showEveryTabAlert(): Promise<void> {
  const tabs = await browser.tabs.query({});
  const ids = tabs.flatMap(({ id }) => (id === undefined ? [] : [id]));
  await Promise.all(ids.map((id) => showTabAlert(id).catch(() => undefined)));
}
