/**
 * Answers the side panel's "what is on this page?" (`page.context`, sent with tabs.sendMessage)
 * with the surfaces in view and who is known on them. Only this extension's own pages are
 * answered; the page itself cannot reach this listener.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { PageContext } from '../panel/context';
import type { SiteAdapter } from '../sites/types';
import type { PageScanner } from './scanner';

export const PAGE_CONTEXT_REQUEST = { primer: 1, type: 'page.context' } as const;
const RequestSchema = z.object({ primer: z.literal(1), type: z.literal('page.context') });

/** `onAsked`: called on each request answered (a side panel is briefing this tab). */
export function answerPageContext(adapter: SiteAdapter, scanner: PageScanner, onAsked: () => void = () => undefined): () => void {
  const ownPages = browser.runtime.getURL('/');
  const listener = (message: unknown, sender: { id?: string; url?: string }): Promise<PageContext> | undefined => {
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(ownPages)) return undefined;
    if (!RequestSchema.safeParse(message).success) return undefined;
    onAsked();
    return Promise.resolve({ site: adapter.site, recognised: adapter.recognise(document), surfaces: scanner.pageContext() });
  };
  // Returning the promise is how runtime.onMessage answers asynchronously.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  browser.runtime.onMessage.addListener(listener);
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  return () => browser.runtime.onMessage.removeListener(listener);
}
