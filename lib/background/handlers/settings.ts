/** settings.get / settings.save / connection.test: the options page's requests; options.open: a hover card's. */
import { browser } from '#imports';
import { normaliseBaseUrl } from '../../api/base-url';
import { testConnection } from '../../api/connection-test';
import type { Handlers } from '../broker';
import { oncePerInterval } from '../once-per-interval';
import type { ServiceContext } from '../service-context';
import { effectiveSettings, saveSettings, settingsView } from '../settings';

async function hasHostPermission(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

/**
 * How long after opening the options page for a tab its cards' further asks are answered without
 * opening it again (the page was just opened).
 */
export const OPTIONS_OPEN_INTERVAL_MS = 2000;

export function settingsHandlers(context: ServiceContext): Pick<Handlers, 'settings.get' | 'settings.save' | 'connection.test' | 'options.open'> {
  // The broker lets only our own content scripts and pages send it; this keeps a buggy or
  // hijacked one from opening the page over and over.
  const mayOpenOptions = oncePerInterval<number | null>(OPTIONS_OPEN_INTERVAL_MS);
  return {
    'options.open': async (_, { tabId }) => {
      if (mayOpenOptions(tabId)) await browser.runtime.openOptionsPage();
      return {};
    },
    'settings.get': () => settingsView(),
    'settings.save': (change) => context.saveAndReset(() => saveSettings(change)),
    'connection.test': async ({ serviceUrl, apiKey }) => {
      const saved = await effectiveSettings();
      const url = serviceUrl?.trim() ? serviceUrl : saved.baseUrl;
      const key = apiKey?.trim() ? apiKey.trim() : saved.apiKey;
      if (!url || !key) {
        return { ok: false, reason: 'not_configured', message: 'Enter the service address and an API key first.' };
      }
      const normalised = normaliseBaseUrl(url);
      if (!normalised.ok) return { ok: false, reason: 'invalid_url', message: normalised.message };
      if (!(await hasHostPermission(normalised.permissionPattern))) {
        return {
          ok: false,
          reason: 'no_permission',
          message: `Primer has not been allowed to contact ${normalised.origin} yet.`,
        };
      }
      return testConnection(context.clientFor(normalised.baseUrl, key, { persistent: false }));
    },
  };
}
