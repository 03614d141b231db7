/**
 * While Primer has no service address or no API key for it, its toolbar button says so on every
 * tab (title and a quiet badge), not only on the sites whose lookups fail: a user who closed the
 * options page opened on install is reminded wherever they are. It is the button's global state, so
 * a site tab's own "off" or "!" (tab-alert.ts) stays as it is; it goes as soon as a save (or a
 * policy) completes the setup, and every start of the worker says it again (the browser forgets it
 * when it restarts, and settings may have changed while no worker listened).
 */
import { administratorSetupProblem } from '../format/administrator-setup';
import { lookupProblemTitle } from '../storage/lookup-problem';
import { watchSettings } from '../storage/settings-change';
import { effectiveSettings, settingsView } from './settings';
import { showEveryTabAlert } from './tab-alert';
import { setSetupReminder } from './toolbar';

/** The reminder's title while Primer is not set up (the sites' "off" says the same); null once it is. */
async function reminderTitle(): Promise<string | null> {
  const { baseUrl, apiKey } = await effectiveSettings();
  if (baseUrl !== null && apiKey !== null) return null;
  // "Add the address and key" would send the user to fields an administrator locked.
  const administrator = administratorSetupProblem(await settingsView()) !== null;
  return lookupProblemTitle({ problem: 'not_configured', service: null, ...(administrator ? { administrator } : {}) });
}

async function showSetupState(): Promise<void> {
  // Tabs that copied the old global title (a cleared alert's) take the new one.
  if (await setSetupReminder(await reminderTitle())) await showEveryTabAlert();
}

/** Registered when the worker starts: says the state now, and again whenever the settings change. */
export function remindUntilSetUp(): void {
  let checks: Promise<void> = Promise.resolve();
  const check = () => {
    checks = checks.then(showSetupState).catch(() => undefined);
  };
  check();
  watchSettings(check);
}
