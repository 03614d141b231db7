/**
 * Messages between the background and the offscreen document that sends files on Chrome. The
 * offscreen document never sees the API key: the PUT to a presigned URL carries none.
 */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';

export const OffscreenRequestSchema = z.discriminatedUnion('type', [
  z.object({
    primer: z.literal('offscreen'),
    type: z.literal('put'),
    id: z.string(),
    url: z.string(),
    contentType: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  z.object({ primer: z.literal('offscreen'), type: z.literal('abort'), id: z.string() }),
]);
export type OffscreenRequest = z.infer<typeof OffscreenRequestSchema>;

export const PutReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type PutReply = z.infer<typeof PutReplySchema>;

export const ProgressSchema = z.object({ primer: z.literal('offscreen-progress'), id: z.string(), sent: z.number() });
export type Progress = z.infer<typeof ProgressSchema>;
