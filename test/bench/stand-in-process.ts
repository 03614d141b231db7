/**
 * The stand-in service in a process of its own, for the upload benchmark: the storage server that
 * receives the 1 GiB PUTs must not share an event loop (or a CPU account) with Playwright and the
 * memory sampler, or their work would slow the very transfers being timed, for curl and the
 * extension alike but not equally.
 *
 * Started by upload.bench.ts with Node's IPC channel. Child → parent: `ready` {baseUrl,
 * storageUrl, apiKey}, then one `request` per answered request {entry, finishedAt, upload}.
 * Parent → child: `close`.
 */
import { createStandIn, type RequestLogEntry, type StandIn } from '../stand-in/server.ts';

export interface UploadInfo {
  bytes: number;
  contentType: string;
  path: string;
}

export type ChildMessage =
  | { type: 'ready'; baseUrl: string; storageUrl: string; apiKey: string }
  | { type: 'request'; entry: RequestLogEntry; finishedAt: number; upload: UploadInfo | null };

const send = (message: ChildMessage) => process.send?.(message);

async function main() {
  if (!process.send) throw new Error('stand-in-process.ts is started by upload.bench.ts, with an IPC channel');
  let standIn: StandIn | null = null;
  standIn = await createStandIn({
    port: 0,
    storageHost: 'localhost',
    processingStepMs: 0,
    onRequest: (entry) => {
      const finishedAt = Date.now();
      const id = entry.server === 'storage' ? decodeURIComponent(entry.path.split('/').at(-1) ?? '') : '';
      send({ type: 'request', entry, finishedAt, upload: (id && standIn?.uploads.get(id)) || null });
    },
  });
  process.on('message', (message) => {
    if (message !== 'close') return;
    void standIn?.close().finally(() => process.exit(0));
  });
  // The parent went away without saying so: do not linger.
  process.on('disconnect', () => void standIn?.close().finally(() => process.exit(0)));
  send({ type: 'ready', baseUrl: standIn.baseUrl, storageUrl: standIn.storageUrl, apiKey: standIn.apiKey });
}

void main();
