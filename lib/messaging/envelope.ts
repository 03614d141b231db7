/** How every message to the background is wrapped (lib/background/broker.ts reads it). */
export function envelope(type: string, payload: unknown): { primer: 1; type: string; payload: unknown } {
  return { primer: 1, type, payload };
}
