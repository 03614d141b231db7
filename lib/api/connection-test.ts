/**
 * "Test connection" for the options page: one cheap authenticated call that tells apart a working
 * setup, a bad key, an unreachable address and an address that is not this kind of service.
 */
import type { ConnectionResult } from '../messaging/protocol';
import { GRANTABLE_HTTP_HOSTS } from './base-url';
import type { ServiceClient } from './client';
import { ApiError } from './errors';

export async function testConnection(client: ServiceClient, signal?: AbortSignal): Promise<ConnectionResult> {
  try {
    const page = await client.listContacts({ limit: 1 }, { signal });
    return { ok: true, serviceUrl: client.baseUrl, contactCount: page.total };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    switch (error.kind) {
      case 'unauthorized':
        return { ok: false, reason: 'bad_key', message: 'The service did not accept this API key.' };
      case 'forbidden':
        return { ok: false, reason: 'forbidden', message: 'This API key may not read contacts. Check its permissions.' };
      case 'network':
      case 'timeout':
        return {
          ok: false,
          reason: 'unreachable',
          message: `Nothing answered at ${client.baseUrl}. Check the address and your connection.${plainHttpHint(client.baseUrl)}`,
        };
      case 'rate_limited':
        return { ok: false, reason: 'rate_limited', message: 'The service is busy (rate limited). Try again shortly.' };
      case 'server':
        return { ok: false, reason: 'server_error', message: `The service had a problem (status ${error.status ?? '?'}).` };
      default:
        return {
          ok: false,
          reason: 'not_service',
          message: 'This address answers, but it is not the Conversation Intelligence Service.',
        };
    }
  }
}

/**
 * An address typed without a scheme is taken as https (base-url.ts), and "localhost:8787" then
 * meets a service on this computer that, like most there, speaks plain http: say which to try.
 */
function plainHttpHint(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' || !GRANTABLE_HTTP_HOSTS.has(url.hostname)) return '';
  return ` A service on this computer often uses plain http: try ${baseUrl.replace(/^https:/, 'http:')}.`;
}
