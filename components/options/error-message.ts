/** Turns anything `sendRequest` throws into one sentence a person can act on. */
import { ApiError } from '@/lib/api/errors';
import { sentence } from '@/lib/format/text';

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'unauthorized') {
      return `${sentence(error.message)} Check the API key under “Service settings”.`;
    }
    if (error.kind === 'forbidden') {
      return `${sentence(error.message)} The API key may not have access to this.`;
    }
    return error.message;
  }
  return 'Something went wrong inside Primer. Reload this page and try again.';
}
