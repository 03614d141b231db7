/** webhook.create refuses, whoever asks, an address the service cannot reach (the options page says it first). */
import { describe, expect, it, vi } from 'vitest';
import { webhookHandlers } from '@/lib/background/handlers/webhooks';
import type { ServiceContext } from '@/lib/background/service-context';
import { validateWebhookFor } from '@/lib/api/webhook-url';

function contextAt(baseUrl: string) {
  const createWebhook = vi.fn(() => Promise.resolve({ id: 'wh_1', url: null, events: [], secret: null }));
  const context = { client: () => Promise.resolve({ baseUrl, createWebhook }) } as unknown as ServiceContext;
  return { handlers: webhookHandlers(context), createWebhook };
}

const sender = { sender: 'extension' as const, tabId: null };

describe('webhook.create', () => {
  it('refuses an address on this computer for a service elsewhere, and sends nothing', async () => {
    const { handlers, createWebhook } = contextAt('https://svc.example/');
    await expect(handlers['webhook.create']({ url: 'http://localhost:3000/hook', events: ['insights.generated'] }, sender)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'The service at svc.example cannot reach this computer: use an address it can reach, with https://.',
    });
    expect(createWebhook).not.toHaveBeenCalled();
  });

  it('takes it for a service on this computer, and any https address for any service', async () => {
    const local = contextAt('http://127.0.0.1:8787/');
    await local.handlers['webhook.create']({ url: 'http://localhost:3000/hook', events: ['insights.generated'] }, sender);
    expect(local.createWebhook).toHaveBeenCalledTimes(1);
    const remote = contextAt('https://svc.example/');
    await remote.handlers['webhook.create']({ url: 'https://hooks.example.com/primer', events: ['insights.generated'] }, sender);
    expect(remote.createWebhook).toHaveBeenCalledTimes(1);
    expect(validateWebhookFor('http://localhost:3000/hook', null)).toMatchObject({ ok: true });
  });
});
