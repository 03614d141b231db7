/**
 * Typed sender for the always-injected content scripts: only their messages, so the rest of the
 * protocol's schemas stay out of the per-site bundle; sent over one long-lived port (port.ts).
 */
import { browser } from '#imports';
import type { contentProtocol } from './content-protocol';
import { contentReplies } from './content-replies';
import { CONTENT_PORT } from './port';
import { createPortSender } from './port-sender';

export const sendContentRequest = createPortSender<typeof contentProtocol>(contentReplies, () => browser.runtime.connect({ name: CONTENT_PORT }));
