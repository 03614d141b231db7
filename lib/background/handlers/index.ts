/** Every message's handler, assembled; the type makes a missing handler a compile error. */
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';
import { focusContactIds } from '../../panel/context';
import { contactHandlers, warmPanelInsights } from './contacts';
import { pageStatusHandlers } from './page-status';
import { panelHandlers } from './panel';
import { recordingHandlers } from './recordings';
import { settingsHandlers } from './settings';
import { uploadHandlers } from './uploads';
import { webhookHandlers } from './webhooks';
import { createUploadService } from '../uploads';
import type { UploadService } from '../../upload/service';

export function createHandlers(context: ServiceContext, uploads: UploadService = createUploadService(context)): Handlers {
  return {
    ...settingsHandlers(context),
    ...webhookHandlers(context),
    ...contactHandlers(context),
    ...recordingHandlers(context),
    ...pageStatusHandlers(),
    ...panelHandlers((focus) => warmPanelInsights(context, focusContactIds(focus))),
    ...uploadHandlers(uploads),
  };
}
