// @vitest-environment node
/**
 * After an update, a transcript the user opened under the earlier version is served as that version
 * read it: the background's cache keeps the normalised answer, fresh for a week (4 weeks offline),
 * with nothing telling an answer read by older normalisers from one read by these. 7b154f4 ("SPEAKER_00:"
 * shown as a name) never reaches a transcript already opened.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker, type Handlers } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { RECORDING_IDS } from '../../stand-in/sample-data';

let standIn: StandIn;
let handlers: Handlers;
let context: ServiceContext;
const options = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };

beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.reset();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  context = new ServiceContext({ cacheStore: storageCacheStore });
  handlers = createHandlers(context);
});

const send = <T extends MessageType>(type: T, payload: RequestOf<T>) =>
  createBroker(handlers, { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' })({ primer: 1, type, payload }, options);

it('a transcript read by the earlier version is not shown with its old speaker labels for a week after the update', async () => {
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  const id = RECORDING_IDS.mayaRoadmap;
  const { cacheScope } = await context.client();
  // What the version before 7b154f4 kept, yesterday, of this text transcript:
  // "SPEAKER_00: Hello there.\nSPEAKER_01: Hi.\nSPEAKER_00: Shall we start?"
  await fakeBrowser.storage.local.set({
    [`cache:${cacheScope}|transcript|${id}`]: {
      storedAt: Date.now() - 24 * 60 * 60 * 1000,
      value: {
        recordingId: id,
        segments: [
          { speaker: 'SPEAKER_00', start: null, end: null, text: 'Hello there.' },
          { speaker: 'SPEAKER_01', start: null, end: null, text: 'Hi.' },
          { speaker: 'SPEAKER_00', start: null, end: null, text: 'Shall we start?' },
        ],
      },
    },
  });
  // What the service says, and this version reads as "Speaker 1", "Speaker 2".
  standIn.failNext({ path: `/api/v2/recordings/${id}/transcript`, status: 200, body: 'SPEAKER_00: Hello there.\nSPEAKER_01: Hi.\nSPEAKER_00: Shall we start?' });
  const shown = (await send('recording.transcript', { id })) as { ok: true; data: { segments: { speaker: string | null }[] } };
  expect(shown.data.segments.map((segment) => segment.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
});
