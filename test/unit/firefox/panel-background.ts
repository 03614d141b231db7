/** The background answering the extension's messages (the side panel's saves), as sent from `sender`. */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';

export const SELF = { id: 'x', origin: 'chrome-extension://x/' };
export const PANEL = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };
export const PAGE = { id: 'x', url: 'https://mail.google.com/mail/u/0/', tab: { id: 7 } };

export function listeningBackground(sender: object = PANEL): void {
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore })), SELF);
  fakeBrowser.runtime.onMessage.addListener((message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
    const answer = broker(message, sender);
    if (!answer) return undefined;
    void answer.then(sendResponse);
    return true;
  });
}
