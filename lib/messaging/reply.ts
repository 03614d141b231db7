/** The reply envelope every message answers with: `{ok:true,data}` or `{ok:false,error}`. */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';

/**
 * A plain union, not `z.discriminatedUnion('ok', …)`: the two `ok`s exclude each other, so it
 * accepts, refuses and returns exactly the same values, and it is a kind of schema the content
 * scripts bundle anyway (PersonAnswer); a discriminated union's own code cost every page of the
 * three sites about 0.5 KB gzipped.
 */
export const ReplySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type Reply = z.infer<typeof ReplySchema>;
