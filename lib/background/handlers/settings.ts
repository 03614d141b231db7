/** settings.get / settings.save / connection.test: the options page's requests; options.open: a hover card's. */
import { browser } from '#imports';
import { normaliseBaseUrl } from '../../api/base-url';
import { testConnection } from '../../api/connection-test';
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';
import { effectiveSettings, saveSettings, settingsView } from '../settings';

async function hasHostPermission(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

export function settingsHandlers(context: ServiceContext): Pick<Handlers, 'settings.get' | 'settings.save' | 'connection.test' | 'options.open'> {
  return {
    'options.open': async () => {
      await browser.runtime.openOptionsPage();
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
