/**
 * What keeps Primer from briefing when an administrator set part of its setup by policy: nothing
 * the user enters puts it right, only the administrator (the panel's setup notice, the popup and
 * the options page say the same). Null when the policy leaves nothing wrong.
 */
import { normaliseBaseUrl } from '../api/base-url';
import type { SettingsView } from '../messaging/protocol';

export function administratorSetupProblem(view: SettingsView): string | null {
  if (view.locked.serviceUrl && !normaliseBaseUrl(view.serviceUrl ?? '').ok) {
    const shown = view.serviceUrl?.trim() ? ` (${view.serviceUrl.trim().slice(0, 200)})` : '';
    return `The service address your administrator set${shown} is not valid: ask them to correct it.`;
  }
  if (!view.locked.apiKey) return null;
  if (!view.locked.serviceUrl) {
    return 'Your administrator set an API key but no service address, and that key is only sent to an address your administrator sets: ask them to set the address too.';
  }
  return view.hasApiKey ? null : 'Your administrator’s API key cannot be used as it was set: ask them to set it again.';
}
