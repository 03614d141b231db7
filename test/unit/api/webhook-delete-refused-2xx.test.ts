// @vitest-environment node
/**
 * A DELETE answered 2xx with a body that says it failed (`success: false`, `ok: false`, JSend's
 * `status: "fail" | "error"`, a non-empty `error`), as the creation's refusals are read: the page
 * said "The webhook was deleted." while the list read next still had it, and the service went on
 * sending its events.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';

const deleting = (body: unknown) => servedClient((_url, init) => (init?.method === 'DELETE' ? reply(200, body) : reply(200, [])));

describe('a delete answered 2xx with a failure', () => {
  it.each([
    ['success: false', { success: false, error: 'This webhook is locked by your administrator.' }],
    ['ok: false', { ok: false, message: 'This webhook is locked by your administrator.' }],
    ['JSend fail', { status: 'fail', message: 'This webhook is locked by your administrator.' }],
    ['JSend error', { status: 'error', message: 'This webhook is locked by your administrator.' }],
    ['deleted: false', { deleted: false, reason: 'locked', message: 'This webhook is locked by your administrator.' }],
    ['an error alone', { error: { message: 'This webhook is locked by your administrator.' } }],
  ])('is not taken as deleted: %s', async (_shape, body) => {
    await expect(deleting(body).deleteWebhook('wh_1')).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'The service did not delete the webhook: This webhook is locked by your administrator.',
    });
  });

  it.each([
    ['{success: true}', { success: true }],
    ['{deleted: true, id}', { deleted: true, id: 'wh_1' }],
    ['the webhook as it was', { id: 'wh_1', url: 'https://hooks.example.com/primer', status: 'deleted' }],
    // Its state when deleted, not the call's outcome: the reply is the webhook itself.
    ['the webhook, in its failing state', { id: 'wh_1', url: 'https://hooks.example.com/primer', status: 'error' }],
    ['Go’s empty error', { data: null, error: '' }],
    ['no body', null],
  ])('is deleted when the body says nothing against it: %s', async (_shape, body) => {
    await expect(deleting(body).deleteWebhook('wh_1')).resolves.toBe(true);
  });
});
