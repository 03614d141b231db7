/**
 * A webhook whose events are listed as objects with their own on/off flag
 * (`[{event, enabled: false}]`): an event switched off is left out of the events it is shown to
 * send in "Existing webhooks".
 */
import { expect, it } from 'vitest';
import { toWebhook } from '@/lib/api/normalise/webhooks';

it.each([
  ['enabled', { event: 'contact.updated', enabled: false }],
  ['active', { type: 'contact.updated', active: false }],
  ['subscribed', { name: 'contact.updated', subscribed: false }],
])('leaves out an event listed with %s: false', (_flag, off) => {
  const webhook = toWebhook({ id: 'wh_1', url: 'https://hooks.example.com/primer', events: [{ event: 'insights.generated', enabled: true }, off] });
  expect(webhook.events).toEqual(['insights.generated']);
});
