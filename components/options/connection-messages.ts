/** What each connection-test outcome means for the user. Typed so a new reason cannot be missed. */
import type { ConnectionResult } from '@/lib/messaging/protocol';

type Failure = Extract<ConnectionResult, { ok: false }>['reason'];

export const CONNECTION_FAILURE_TEXT: Record<Failure, string> = {
  not_configured: 'Enter the service address and an API key first.',
  needs_key: 'Enter the API key for this address',
  invalid_key: 'This API key was changed by the copy',
  invalid_url: 'The service address is not valid.',
  no_permission: 'Primer does not have your permission to contact this address yet.',
  bad_key: 'The service did not accept this API key',
  // Not "accepted the key": many services refuse an unknown key with 403 too.
  forbidden: 'The service refused access to contacts with this API key',
  unreachable: 'Primer could not reach the service. Check the address and your network connection.',
  not_service: 'This address answers, but it is not the Conversation Intelligence Service',
  // Not the key: a static site, a firewall or a proxy answered the refusal, not the service.
  web_page_refusal: 'This address answered with a web page refusing access',
  refused_request: 'The service refused Primer’s request for its contacts',
  server_error: 'The service had a problem. Try again in a moment.',
  rate_limited: 'The service is busy (too many requests). Try again in a minute.',
};

export function connectionHeadline(result: ConnectionResult): string {
  if (!result.ok) return CONNECTION_FAILURE_TEXT[result.reason];
  if (result.contactCount === null) return 'Connected';
  const noun = result.contactCount === 1 ? 'contact' : 'contacts';
  return `Connected — ${result.contactCount} ${noun} visible`;
}
