/** The reply envelope every message answers with: `{ok:true,data}` or `{ok:false,error}`. */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';

export const ReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type Reply = z.infer<typeof ReplySchema>;
