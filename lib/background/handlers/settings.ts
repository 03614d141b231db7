/** settings.get / settings.save / connection.test: the options page's requests; options.open: a hover card's. */
import { browser } from '#imports';
import { cleanApiKey } from '../../api/api-key';
import { normaliseBaseUrl } from '../../api/base-url';
import { testConnection } from '../../api/connection-test';
import type { Handlers } from '../broker';
import { oncePerInterval } from '../once-per-interval';
import type { ServiceContext } from '../service-context';
import { giveBackServiceAccess, hasHostAccess, noteServiceAccess, servicePattern } from '../service-access';
import { apiKeyFor, effectiveSettings, saveSettings, settingsView } from '../settings';

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
    'settings.save': (change) =>
      context.saveAndReset(async () => {
        const before = await settingsView();
        const view = await saveSettings(change);
        // Not a reason for the save to fail: the settings are saved.
        await giveBackServiceAccess(servicePattern(view.serviceUrl), servicePattern(before.serviceUrl)).catch(() => undefined);
        return view;
      }),
    'connection.test': async ({ serviceUrl, apiKey }) => {
      const saved = await effectiveSettings();
      // A blank address is the page's field emptied, not "the saved one": a key typed with it may
      // be another service's, and went to the saved address. (A key sent with no address at all
      // is for the saved one: an administrator's address, Save's key alone.)
      if (serviceUrl !== undefined && serviceUrl.trim() === '' && apiKey?.trim()) {
        return { ok: false, reason: 'not_configured', message: 'Enter the service address the typed API key is for.' };
      }
      const url = serviceUrl?.trim() ? serviceUrl : saved.baseUrl;
      if (!url) {
        return { ok: false, reason: 'not_configured', message: 'Enter the service address and an API key first.' };
      }
      const normalised = normaliseBaseUrl(url);
      if (!normalised.ok) return { ok: false, reason: 'invalid_url', message: normalised.message };
      const permitted = await hasHostAccess(normalised.permissionPattern);
      // Noted whatever the test's outcome (a key still missing too): access the page asked for a
      // mistyped address is otherwise kept for good.
      if (permitted && normalised.baseUrl !== saved.baseUrl) await noteServiceAccess(normalised.permissionPattern).catch(() => undefined);
      // A typed key, or the saved one if it belongs to this very address: never the saved key
      // with a new (possibly mistyped or phished) address.
      const typed = apiKey?.trim() ? cleanApiKey(apiKey) : null;
      if (typed && !typed.ok) return { ok: false, reason: 'invalid_key', message: typed.message };
      const key = typed ? typed.key : await apiKeyFor(normalised.baseUrl);
      if (!key) return { ok: false, reason: 'needs_key', message: await keyMissingMessage(normalised.baseUrl) };
      if (!permitted) {
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

/** Why no key may be sent to `baseUrl`, and what to do. */
async function keyMissingMessage(baseUrl: string): Promise<string> {
  const view = await settingsView();
  if (view.locked.apiKey) {
    return view.locked.serviceUrl
      ? `Your administrator’s API key is only sent to ${view.serviceUrl ?? 'the address they set'}.`
      : 'Your administrator set an API key but no service address, and Primer sends that key only to an address your administrator sets.';
  }
  const elsewhere =
    view.apiKeyAddress !== null && view.apiKeyAddress !== baseUrl
      ? ` The saved key is only sent to ${view.apiKeyAddress}, the address it was saved for.`
      : '';
  return `Enter the API key for ${baseUrl} to test it.${elsewhere}`;
}
