/** How every message to the background is wrapped (lib/background/broker.ts reads it). */
export function envelope(type: string, payload: unknown): { primer: 1; type: string; payload: unknown } {
  return { primer: 1, type, payload };
}

/** The side panel's question to a page's content script: what it shows (lib/content/page-context.ts). */
export const PAGE_CONTEXT_REQUEST = { primer: 1, type: 'page.context' } as const;
/**
 * The same question from the background's head start: answered alike, but it does not make the
 * page report its changes (no panel may ever open to follow them). A type of its own rather than
 * a flag: the content scripts then check two literals, and bundle no optional-field schema.
 */
export const PAGE_CONTEXT_PEEK = { primer: 1, type: 'page.peek' } as const;
