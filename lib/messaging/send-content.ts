/**
 * Typed sender for the always-injected content scripts: only their messages, so the rest of the
 * protocol's schemas stay out of the per-site bundle.
 */
import { contentProtocol } from './content-protocol';
import { createSender } from './sender';

export const sendContentRequest = createSender(contentProtocol);
