/**
 * Webhook endpoints receive account data, so they must be HTTPS; plain http is allowed only for a
 * receiver on this machine (development). The one rule: the options page says why an address is
 * refused, and the background's protocol refuses it whoever sends it.
 */
import { MAX_URL_LENGTH } from '../messaging/limits';
import { withoutInvisibles } from '../format/invisible';
import { hostFault, unwrapped } from './base-url';

export type WebhookUrlResult = { ok: true; url: string } | { ok: false; message: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address as a URL, or null when it is not one. */
function parsed(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/** Whether an address is this computer's (plain http is allowed there only). */
export function onThisComputer(address: string): boolean {
  const url = parsed(address);
  return url !== null && LOCAL_HOSTS.has(url.hostname);
}

/**
 * A webhook address as the service should post to, or why not. Pasted from the same places as the
 * service address, it is cleaned the same way (quotes, <>, backticks around it).
 */
export function validateWebhookUrl(input: string): WebhookUrlResult {
  const trimmed = unwrapped(withoutInvisibles(input));
  if (trimmed === '') return { ok: false, message: 'Enter the address that should receive the events.' };
  // Words after the address ("… (production)") would become part of its path, and every event a 404.
  if (/\s/.test(trimmed)) return { ok: false, message: 'A web address has no spaces: remove what follows or surrounds it (a note belongs in the description).' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'This is not a valid web address. It should start with https://.' };
  }
  const fault = hostFault(url.hostname);
  if (fault === 'wildcard') return { ok: false, message: 'Enter the receiver’s own host name: a * (wildcard) cannot be part of it.' };
  if (fault === 'malformed') return { ok: false, message: 'This is not a valid web address: check the host name.' };
  // Plain http on this computer passes the checks below as https does (it skipped them).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    return {
      ok: false,
      message: 'The address must start with https:// (plain http is only allowed on this computer: localhost, 127.0.0.1 or [::1]).',
    };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the address.' };
  }
  // A fragment never reaches the receiver (HTTP sends none): an address relying on one would get events it cannot tell apart.
  if (url.hash) return { ok: false, message: 'Leave out the part from # on: it is never sent to the receiver.' };
  if (url.href.length > MAX_URL_LENGTH) return { ok: false, message: 'This address is too long: the service takes addresses up to 2,000 characters.' };
  return { ok: true, url: url.href };
}

/**
 * Whether an address as a service spells it (`https://Host`, no final /) is `checked`, an address
 * as validateWebhookUrl made it.
 */
export function sameWebhookAddress(listed: string | null, checked: string): boolean {
  const normalised = listed === null ? null : validateWebhookUrl(listed);
  return normalised?.ok === true && normalised.url === checked;
}

/**
 * validateWebhookUrl, and reachable by the service at `serviceUrl` (its normalised base, as
 * normaliseBaseUrl makes it; null: not known yet): a
 * service elsewhere posting to "localhost" reaches its own machine, not this one, and events never
 * came. The options page says it; the background refuses it whoever asks.
 */
export function validateWebhookFor(input: string, serviceUrl: string | null): WebhookUrlResult {
  const checked = validateWebhookUrl(input);
  // Runs while the options page draws: an address it cannot read is one not known, never a throw.
  const service = serviceUrl === null ? null : parsed(serviceUrl);
  if (!checked.ok || service === null || !onThisComputer(checked.url) || LOCAL_HOSTS.has(service.hostname)) return checked;
  return { ok: false, message: `The service at ${service.host} cannot reach this computer: use an address it can reach, with https://.` };
}
