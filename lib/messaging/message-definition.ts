/** How one message of the protocol is declared: who may send it, its request and reply schemas. */
import type { z } from 'zod/mini';

/** `extension`: only this extension's own pages; `any`: content scripts too. */
export type Audience = 'extension' | 'any';

export interface MessageDefinition<Req extends z.ZodMiniType, Res extends z.ZodMiniType> {
  audience: Audience;
  request: Req;
  response: Res;
}

export function message<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  audience: Audience,
  request: Req,
  response: Res,
): MessageDefinition<Req, Res> {
  return { audience, request, response };
}
