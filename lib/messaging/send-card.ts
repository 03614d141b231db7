/**
 * Typed sender for the hover card: only its messages (card-protocol.ts), so the card's first load
 * builds none of the other messages' schemas.
 */
import { cardProtocol } from './card-protocol';
import { createSender } from './sender';

export const sendCardRequest = createSender(cardProtocol);
