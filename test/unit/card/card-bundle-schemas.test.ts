/**
 * The hover card's code builds only the schemas of what it sends and reads (card-protocol.ts,
 * models/insights.ts): building the whole protocol's (uploads, webhooks, recordings) was about a
 * fifth of the card's first load, a task on the page the user is hovering.
 */
import { expect, it, vi } from 'vitest';

it('loads without the whole message protocol or the recordings’ and uploads’ models', async () => {
  vi.resetModules();
  vi.doMock('@/lib/messaging/protocol', () => {
    throw new Error('the hover card imports the whole message protocol');
  });
  vi.doMock('@/lib/models', () => {
    throw new Error('the hover card imports every view model');
  });
  vi.doMock('@/lib/upload/record', () => {
    throw new Error('the hover card imports the uploads’ schemas');
  });
  const card = await import('@/components/card/mount');
  expect(typeof card.createHoverCardApi).toBe('function');
});
