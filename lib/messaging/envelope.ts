/** How every message to the background is wrapped (lib/background/broker.ts reads it). */
export function envelope(type: string, payload: unknown): { primer: 1; type: string; payload: unknown } {
  return { primer: 1, type, payload };
}

/** The side panel's question to a page's content script: what it shows (lib/content/page-context.ts). */
export const PAGE_CONTEXT_REQUEST = { primer: 1, type: 'page.context' } as const;
