/**
 * The hand-over of a picked recording from the popup to the context that sends it, over a
 * BroadcastChannel: runtime messages carry JSON only, but a File crosses a BroadcastChannel as
 * itself (structured clone), still backed by the file on disk. The channel is this extension's
 * origin only: no page or content script can read or post on it. No API key ever goes over it.
 */
import { z } from 'zod/mini';
import { ApiErrorInfoSchema } from '../api/error-info';
import { UploadFileSchema, UploadMetaSchema, UploadRecordSchema } from './record';

export const HAND_OVER_CHANNEL = 'primer-upload-hand-over';

const Id = z.string().check(z.minLength(1), z.maxLength(200));

export const HandOverSchema = z.object({
  primer: z.literal('hand-over'),
  type: z.literal('file'),
  id: Id,
  file: z.instanceof(File),
  /** The file as the upload will declare it: its name, size, and the checked audio type. */
  info: UploadFileSchema,
  meta: UploadMetaSchema,
});
export type HandOver = z.infer<typeof HandOverSchema>;

export const HandOverReplySchema = z.discriminatedUnion('type', [
  /** The file is in the sender's hands: the popup may close. */
  z.object({ primer: z.literal('hand-over'), type: z.literal('received'), id: Id }),
  z.object({ primer: z.literal('hand-over'), type: z.literal('started'), id: Id, record: UploadRecordSchema }),
  z.object({ primer: z.literal('hand-over'), type: z.literal('refused'), id: Id, error: ApiErrorInfoSchema }),
]);
export type HandOverReply = z.infer<typeof HandOverReplySchema>;

/** The part of BroadcastChannel both ends use (a fake pair in unit tests). */
export interface HandOverChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export function openHandOverChannel(): HandOverChannel {
  return new BroadcastChannel(HAND_OVER_CHANNEL);
}
