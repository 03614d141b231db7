/**
 * Chrome's offscreen document for uploads (see lib/upload/transport.ts): receives the File the
 * popup picked (hand-over), has the background start the upload, keeps a copy for resumption,
 * and sends the File to its presigned URL with XMLHttpRequest when the background asks, reporting
 * progress (offscreen-requests.ts). It outlives the popup and a restarting service worker. It
 * answers only the background, and never holds the API key.
 */
import { sendRequest } from '@/lib/messaging/send';
import { FileSender } from '@/lib/upload/file-sender';
import { receiveHandOvers } from '@/lib/upload/hand-over-receiver';
import { HeldFiles } from '@/lib/upload/held-files';
import { answerBackground } from '@/lib/upload/offscreen-requests';

const held = new HeldFiles();
const sender = new FileSender(held);
const handOvers = receiveHandOvers({ held, start: (id, file, meta) => sendRequest('upload.start', { id, file, meta }) });
answerBackground({ held, sender, busy: () => handOvers.busy });
