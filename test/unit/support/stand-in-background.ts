/**
 * The background's real handlers against the local stand-in service, for tests that send messages
 * through the broker as the options page, a page's content script or the side panel would.
 */
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker, type Handlers, type MessageSender } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { noteShown } from '@/lib/background/shown-contacts';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS } from '../../stand-in/sample-data';

const EXTENSION = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' };

export const OPTIONS_PAGE = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' };
export const SIDE_PANEL = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };
/** Gmail's content script in tab 4. */
export const GMAIL_TAB = { id: 'test-extension-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 4 } };

/** Sends messages through a broker over `handlers`, as `sender`. */
export function sendAs(handlers: Handlers, sender: MessageSender) {
  const broker = createBroker(handlers, EXTENSION);
  return <T extends MessageType>(type: T, payload: RequestOf<T>) => broker({ primer: 1, type, payload }, sender);
}

interface Options {
  /** A tab whose page was given every sample contact (people.find) before each test: its cards may read them. */
  shownIn?: number;
}

/**
 * Starts the stand-in for the file, and before each test empties it and the key vault, grants host
 * access and makes fresh handlers over a new ServiceContext. Read `standIn` and `handlers` inside
 * tests: they are replaced as the file runs.
 */
export function standInBackground({ shownIn }: Options = {}) {
  let standIn: StandIn | undefined;
  let handlers: Handlers | undefined;

  beforeAll(async () => {
    standIn = await createStandIn({ processingStepMs: 0 });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  beforeEach(async () => {
    if (shownIn !== undefined) await noteShown(shownIn, Object.values(CONTACT_IDS));
    standIn?.reset();
    resetVaultForTests();
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    handlers = createHandlers(new ServiceContext({ cacheStore: storageCacheStore }));
  });

  const background = {
    get standIn(): StandIn {
      if (!standIn) throw new Error('The stand-in is started in beforeAll.');
      return standIn;
    },
    get handlers(): Handlers {
      if (!handlers) throw new Error('The handlers are made in beforeEach.');
      return handlers;
    },
    /** Sends as `sender` (the options page unless told) to this test's handlers. */
    send: <T extends MessageType>(type: T, payload: RequestOf<T>, sender: MessageSender = OPTIONS_PAGE) => sendAs(background.handlers, sender)(type, payload),
    /** Starts a new stand-in, for a test that closed this one to be offline. */
    restartStandIn: async () => {
      standIn = await createStandIn({ processingStepMs: 0 });
    },
  };
  return background;
}
