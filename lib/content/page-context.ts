/**
 * Answers the side panel's "what is on this page?" (`page.context`, sent with tabs.sendMessage)
 * with the surfaces in view and who is known on them. Only this extension's own pages are
 * answered; the page itself cannot reach this listener.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { PageContext } from '../panel/context';
import type { SiteAdapter } from '../sites/types';
import { PAGE_CONTEXT_PEEK, PAGE_CONTEXT_REQUEST } from '../messaging/envelope';
import type { PageScanner } from './scanner';

const RequestSchema = z.object({ primer: z.literal(PAGE_CONTEXT_REQUEST.primer), type: z.literal([PAGE_CONTEXT_REQUEST.type, PAGE_CONTEXT_PEEK.type]) });

/**
 * `onAsked`: called on each request answered for a side panel (it is briefing this tab).
 * `active`: whether Primer runs on this site (switched off in the options, the panel says so).
 * `recognised`: whether the page's layout counts as recognised, the self-check's answer (so the
 * panel and the badge agree: a page still building its app, or one that lists no one by design,
 * is not said to be unrecognised).
 */
export function answerPageContext(
  adapter: SiteAdapter,
  scanner: PageScanner,
  onAsked: () => void = () => undefined,
  active: () => boolean = () => true,
  recognised: () => boolean = () => adapter.recognise(document),
): () => void {
  const ownPages = browser.runtime.getURL('/');
  // Answered through `sendResponse` (the page context is ready at once): content scripts use the
  // browser's own API, not the polyfill, and that is the form every browser supports.
  const listener = (message: unknown, sender: { id?: string; url?: string }, sendResponse: (answer: PageContext) => void): false => {
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(ownPages)) return false;
    const request = RequestSchema.safeParse(message);
    if (!request.success) return false;
    // A panel asking follows the page from now on; the background's head start only peeks.
    if (request.data.type === PAGE_CONTEXT_REQUEST.type) onAsked();
    if (!active()) sendResponse({ site: adapter.site, recognised: true, switchedOff: true, surfaces: [] });
    else sendResponse({ site: adapter.site, recognised: recognised(), surfaces: scanner.pageContext() });
    return false;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
