/**
 * A 201 Created answered with the account's webhooks (the new one among them) instead of the new
 * one alone. A 201 is never what a redirected POST (followed as a GET of the list) gets back: the
 * entry at the address asked for is the webhook created, with its signing secret shown once; with
 * none at that address, the webhook is still taken as created, as asked.
 */
import { expect, it } from 'vitest';
import { reply, servedClient } from './served-client';

it('takes a 201 answered with the whole list as the webhook created, not as a redirect', async () => {
  const client = servedClient((_url, init) =>
    init?.method === 'POST'
      ? reply(201, {
          webhooks: [
            { id: 'wh_1', url: 'https://old.example.com/hook', events: ['contact.updated'] },
            { id: 'wh_2', url: 'https://hooks.example.com/primer', events: ['insights.generated'], secret: 'whsec_once' },
          ],
        })
      : reply(200, { webhooks: [] }),
  );
  const created = await client.createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] });
  expect(created.url).toBe('https://hooks.example.com/primer');
  expect(created.id).toBe('wh_2');
  expect(created.secret).toBe('whsec_once');
});

it('takes a 201 answered with a list without the address asked for as created as asked', async () => {
  const client = servedClient((_url, init) =>
    init?.method === 'POST'
      ? reply(201, { webhooks: [{ id: 'wh_1', url: 'https://old.example.com/hook' }, { id: 'wh_3', url: 'https://third.example.com/hook' }] })
      : reply(200, { webhooks: [] }),
  );
  const created = await client.createWebhook({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] });
  expect(created.url).toBe('https://hooks.example.com/primer');
  expect(created.events).toEqual(['insights.generated']);
  expect(created.id).toBeNull();
});
