/** How every message to the background is wrapped (lib/background/broker.ts reads it). */
export function envelope(type: string, payload: unknown): { primer: 1; type: string; payload: unknown } {
  return { primer: 1, type, payload };
}

/** The side panel's question to a page's content script: what it shows (lib/content/page-context.ts). */
export const PAGE_CONTEXT_REQUEST = { primer: 1, type: 'page.context' } as const;
/**
 * The same question from the background's head start: answered alike, but it does not make the
 * page report its changes (no panel may ever open to follow them).
 * (Written out, not spread from PAGE_CONTEXT_REQUEST: a bundler keeps a spread the content scripts
 * never read; the type keeps the two the same.)
 */
export const PAGE_CONTEXT_PEEK = { primer: 1, type: 'page.context', peek: true } as const satisfies typeof PAGE_CONTEXT_REQUEST & { peek: true };
