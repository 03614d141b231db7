/**
 * A DELETE answered 2xx with a body labelled JSON that is not JSON ("Deleted", "OK"): the webhook
 * was deleted (the list read next no longer has it), and it is taken as deleted, as creation takes
 * such a 2xx as done, not as a service that does not delete webhooks.
 */
import { expect, it } from 'vitest';
import { reply, servedClient } from './served-client';

it.each([
  ['200 "Deleted"', 200, 'Deleted'],
  ['202 "OK"', 202, 'OK'],
])('takes a %s labelled JSON as the webhook deleted', async (_name, status, body) => {
  const client = servedClient((_url, init) => (init?.method === 'DELETE' ? reply(status, body, 'application/json') : reply(200, [])));
  await expect(client.deleteWebhook('wh_1')).resolves.toBe(true);
});
