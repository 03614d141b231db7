/**
 * The popup's side of the hand-over (hand-over-protocol.ts): posts the picked File to the context
 * that sends recordings and waits until that context has it. The first post goes out at once, in
 * the same task as the click, so a popup that closes right after the click (it closes whenever it
 * loses focus) has already handed the file over. The receiver was readied when the form opened
 * (`upload.prepare`); when it does not answer (its document was closed meanwhile), it is readied
 * again and the file posted again. Posting twice is harmless: the receiver starts an id once.
 */
import { ApiError } from '../api/error-info';
import { errorFromInfo } from '../messaging/sender';
import { HandOverReplySchema, openHandOverChannel, type HandOver, type HandOverChannel, type HandOverReply } from './hand-over-protocol';
import type { UploadRecord } from './record';

export interface HandOverOptions {
  /** Gets the receiver ready (the background opens the offscreen document). */
  prepare(): Promise<unknown>;
  /** Called once the receiver has the file: from then on the popup may close. */
  onReceived?(): void;
  channel?: () => HandOverChannel;
  /** How long to wait for the receiver to say it has the file, before readying it again. */
  receivedWithinMs?: number;
  /** How long the background may take to start the upload once the file is received. */
  startedWithinMs?: number;
}

const RECEIVED_WITHIN_MS = 1500;
const STARTED_WITHIN_MS = 30_000;
const ATTEMPTS = 3;

/** Hands the file over and resolves with the started upload; rejects with the reason it was refused. */
export function handOverFile(request: Omit<HandOver, 'primer' | 'type'>, options: HandOverOptions): Promise<UploadRecord> {
  const channel = (options.channel ?? openHandOverChannel)();
  const message: HandOver = { primer: 'hand-over', type: 'file', ...request };
  const replies: HandOverReply[] = [];
  let wake: (() => void) | null = null;
  const onMessage = (event: { data: unknown }) => {
    const reply = HandOverReplySchema.safeParse(event.data);
    if (!reply.success || reply.data.id !== request.id) return;
    replies.push(reply.data);
    wake?.();
  };
  channel.addEventListener('message', onMessage);
  // Before anything is awaited: this is what survives the popup closing right after the click.
  channel.postMessage(message);

  /** The first reply of one of `types`, or null after `ms`. */
  const next = async <T extends HandOverReply['type']>(types: T[], ms: number): Promise<Extract<HandOverReply, { type: T }> | null> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = replies.find((reply): reply is Extract<HandOverReply, { type: T }> => (types as string[]).includes(reply.type));
      if (found) return found;
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };

  return (async () => {
    try {
      let received = await next(['received', 'started', 'refused'], options.receivedWithinMs ?? RECEIVED_WITHIN_MS);
      for (let attempt = 1; !received && attempt < ATTEMPTS; attempt++) {
        await options.prepare();
        channel.postMessage(message);
        received = await next(['received', 'started', 'refused'], (options.receivedWithinMs ?? RECEIVED_WITHIN_MS) * 2);
      }
      if (!received) throw new ApiError('network', 'Primer could not take the recording; try again.');
      options.onReceived?.();
      const outcome = await next(['started', 'refused'], options.startedWithinMs ?? STARTED_WITHIN_MS);
      if (!outcome) throw new ApiError('timeout', 'Primer has the recording but did not say whether the upload started; see Recent uploads.');
      if (outcome.type === 'refused') throw errorFromInfo(outcome.error);
      return outcome.record;
    } finally {
      channel.removeEventListener('message', onMessage);
      channel.close();
    }
  })();
}
