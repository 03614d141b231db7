/** webhook.create / webhook.list / webhook.delete, for the options page. */
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';

export function webhookHandlers(context: ServiceContext): Pick<Handlers, 'webhook.create' | 'webhook.list' | 'webhook.delete'> {
  return {
    'webhook.create': async (config) => (await context.client()).createWebhook(config),
    'webhook.list': async () => {
      const items = await (await context.client()).listWebhooks();
      return items === null ? { supported: false, items: [] } : { supported: true, items };
    },
    'webhook.delete': async ({ id }) => ({ deleted: await (await context.client()).deleteWebhook(id) }),
  };
}
