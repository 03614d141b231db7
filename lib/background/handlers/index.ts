/** Every message's handler, assembled; the type makes a missing handler a compile error. */
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';
import { panelHeadStart } from '../panel-head-start';
import { cardHandlers } from './card';
import { contactHandlers } from './contacts';
import { pageStatusHandlers } from './page-status';
import { panelHandlers } from './panel';
import { panelCacheHandlers } from './panel-cache';
import { recordingHandlers } from './recordings';
import { settingsHandlers } from './settings';
import { uploadHandlers } from './uploads';
import { webhookHandlers } from './webhooks';
import { createUploadService } from '../uploads';
import type { LookupHealth } from '../lookup-health';
import type { UploadService } from '../../upload/service';

/** `health`: where pages' lookups report how they ended (the toolbar's lookup problem); none in most tests. */
export function createHandlers(context: ServiceContext, uploads: UploadService = createUploadService(context), health: LookupHealth | null = null): Handlers {
  return {
    ...settingsHandlers(context),
    ...webhookHandlers(context),
    ...contactHandlers(context, health),
    ...recordingHandlers(context),
    ...pageStatusHandlers(),
    ...cardHandlers(),
    ...panelHandlers(panelHeadStart(context)),
    ...panelCacheHandlers(),
    ...uploadHandlers(uploads),
  };
}
