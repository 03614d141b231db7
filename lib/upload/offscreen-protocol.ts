/**
 * Messages between the background and the offscreen document that sends files on Chrome. The
 * offscreen document never sees the API key: the PUT to a presigned URL carries none.
 */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';

export const OffscreenRequestSchema = z.discriminatedUnion('type', [
  /** Send the file of `id` (or join the PUT already sending it to `url`). */
  z.object({
    primer: z.literal('offscreen'),
    type: z.literal('put'),
    id: z.string(),
    url: z.string(),
    contentType: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  z.object({ primer: z.literal('offscreen'), type: z.literal('abort'), id: z.string() }),
  /** What the document is doing: asked before closing it, and by a restarted background. */
  z.object({ primer: z.literal('offscreen'), type: z.literal('status') }),
  /** The file of `id` will not be sent again (sent, or the upload removed). */
  z.object({ primer: z.literal('offscreen'), type: z.literal('release'), id: z.string() }),
]);
export type OffscreenRequest = z.infer<typeof OffscreenRequestSchema>;

export const PutReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
]);
export type PutReply = z.infer<typeof PutReplySchema>;

export const StatusReplySchema = z.object({
  /** The PUTs on their way, or done and not yet let go of (their background may have missed the answer). */
  sending: z.array(z.object({ id: z.string(), url: z.string() })),
  /** Anything the document must stay open for: a PUT, a hand-over being started, a copy being kept. */
  busy: z.boolean(),
});
export type StatusReply = z.infer<typeof StatusReplySchema>;

export const ProgressSchema = z.object({ primer: z.literal('offscreen-progress'), id: z.string(), sent: z.number() });
export type Progress = z.infer<typeof ProgressSchema>;
