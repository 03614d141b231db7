/**
 * "Test connection" for the options page: one cheap authenticated call that tells apart a working
 * setup, a bad key, an unreachable address and an address that is not this kind of service.
 */
import type { ConnectionResult } from '../messaging/protocol';
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
          message: `Nothing answered at ${client.baseUrl}. Check the address and your connection.`,
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
