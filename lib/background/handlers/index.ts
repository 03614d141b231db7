/** Every message's handler, assembled; the type makes a missing handler a compile error. */
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';
import { contactHandlers } from './contacts';
import { pageStatusHandlers } from './page-status';
import { panelHandlers } from './panel';
import { recordingHandlers } from './recordings';
import { settingsHandlers } from './settings';
import { webhookHandlers } from './webhooks';

export function createHandlers(context: ServiceContext): Handlers {
  return {
    ...settingsHandlers(context),
    ...webhookHandlers(context),
    ...contactHandlers(context),
    ...recordingHandlers(context),
    ...pageStatusHandlers(),
    ...panelHandlers(),
  };
}
