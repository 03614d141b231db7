/** Typed sender for extension pages (options, side panel, popup) and the hover card. */
import { protocol } from './protocol';
import { createSender } from './sender';

export { errorFromInfo } from './sender';
export const sendRequest = createSender(protocol);
