/**
 * webhook.create / webhook.list / webhook.delete, for the options page. Listing and deleting fail
 * fast (`interactive`): someone waits on the page, which said "Loading webhooks…" for two minutes
 * while an unreachable service was tried four times. Creating is never sent twice anyway.
 */
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';
import { ON_SCREEN } from '../cache';
import { ApiError } from '../../api/errors';
import { validateWebhookFor } from '../../api/webhook-url';

export function webhookHandlers(context: ServiceContext): Pick<Handlers, 'webhook.create' | 'webhook.list' | 'webhook.delete'> {
  return {
    'webhook.create': async (config) => {
      const client = await context.client();
      const checked = validateWebhookFor(config.url, client.baseUrl);
      if (!checked.ok) throw new ApiError('bad_request', checked.message);
      // The address as checked (cleaned of what a paste wrapped it in), as the options page sends it.
      return client.createWebhook({ ...config, url: checked.url });
    },
    'webhook.list': async () => {
      const items = await (await context.client()).listWebhooks(ON_SCREEN);
      return items === null ? { supported: false, items: [] } : { supported: true, items };
    },
    'webhook.delete': async ({ id }) => ({ deleted: await (await context.client()).deleteWebhook(id, ON_SCREEN) }),
  };
}
