/**
 * The receiving side of the hand-over (hand-over-protocol.ts), in the context that sends files
 * (Chrome's offscreen document, Firefox's background page). It says "received" at once, so the
 * popup may close; checks that the File is the one described; holds it; has the background start
 * the upload (which checks the description again); and only then is a copy for resumption due
 * (held-files.ts: written later, if at all), so no copy is ever written for an upload that does
 * not exist.
 */
import { ApiError, toErrorInfo } from '../api/error-info';
import { checkFile } from './file-check';
import { HandOverSchema, openHandOverChannel, type HandOver, type HandOverChannel, type HandOverReply } from './hand-over-protocol';
import type { HeldFiles } from './held-files';
import type { UploadFile, UploadMeta, UploadRecord } from './record';

export interface ReceiverDeps {
  held: HeldFiles;
  /** The background's upload.start. */
  start(id: string, file: UploadFile, meta: UploadMeta): Promise<UploadRecord>;
  channel?: () => HandOverChannel;
}

export interface Receiver {
  /** A hand-over is being started: the document must stay open. */
  readonly busy: boolean;
  close(): void;
}

/** Why the File handed over cannot be what the popup described, or null when it is. */
function mismatch({ file, info }: HandOver): string | null {
  const check = checkFile(file);
  if (!check.ok) return check.message;
  if (file.size !== info.size || file.name !== info.name || check.contentType !== info.type) {
    return `The file handed over (“${file.name}”, ${file.size} bytes) is not the one described (“${info.name}”, ${info.size} bytes).`;
  }
  return null;
}

export function receiveHandOvers(deps: ReceiverDeps): Receiver {
  const channel = (deps.channel ?? openHandOverChannel)();
  const outcomes = new Map<string, Promise<HandOverReply>>();
  let pending = 0;
  const post = (reply: HandOverReply) => channel.postMessage(reply);

  const take = async (handOver: HandOver): Promise<HandOverReply> => {
    const { id } = handOver;
    const problem = mismatch(handOver);
    if (problem) return { primer: 'hand-over', type: 'refused', id, error: new ApiError('bad_request', problem).toInfo() };
    deps.held.hold(id, handOver.file);
    try {
      const record = await deps.start(id, handOver.info, handOver.meta);
      deps.held.keepLater(id);
      return { primer: 'hand-over', type: 'started', id, record };
    } catch (error) {
      deps.held.release(id);
      return { primer: 'hand-over', type: 'refused', id, error: toErrorInfo(error) };
    }
  };

  const onMessage = (event: { data: unknown }) => {
    const parsed = HandOverSchema.safeParse(event.data);
    if (!parsed.success) return;
    const { id } = parsed.data;
    post({ primer: 'hand-over', type: 'received', id });
    // Posted again (the popup did not hear back in time): the same upload, answered again.
    let outcome = outcomes.get(id);
    if (!outcome) {
      pending++;
      outcome = take(parsed.data).finally(() => pending--);
      outcomes.set(id, outcome);
    }
    void outcome.then(post);
  };
  channel.addEventListener('message', onMessage);

  return {
    get busy() {
      return pending > 0;
    },
    close() {
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}
