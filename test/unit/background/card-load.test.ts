/**
 * card.load runs the hover card's bundle in the frame that asked (Outlook's pop-out window), and
 * nowhere else: not for an extension page, not without the frame.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cardHandlers } from '@/lib/background/handlers/card';

it('runs the bundle in the asking frame of the asking tab only', async () => {
  const executeScript = vi.fn(() => Promise.resolve([]));
  (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript };
  const load = cardHandlers()['card.load'];
  await expect(load({}, { sender: 'content', tabId: 7, frameId: 0 })).resolves.toEqual({ loaded: true });
  expect(executeScript).toHaveBeenCalledExactlyOnceWith({ target: { tabId: 7, frameIds: [0] }, files: ['/hover-card.js'] });
  for (const context of [{ sender: 'extension' as const, tabId: 7, frameId: 0 }, { sender: 'content' as const, tabId: null, frameId: 0 }, { sender: 'content' as const, tabId: 7 }]) {
    await expect(load({}, context)).rejects.toMatchObject({ kind: 'bad_request' });
  }
  expect(executeScript).toHaveBeenCalledTimes(1);
});

it('runs it in the very page that asked where the browser names it (Chrome): not in one the frame went on to', async () => {
  const executeScript = vi.fn(() => Promise.resolve([]));
  (fakeBrowser as unknown as { scripting: unknown }).scripting = { executeScript };
  await cardHandlers()['card.load']({}, { sender: 'content', tabId: 7, frameId: 0, documentId: 'DOC-1' });
  expect(executeScript).toHaveBeenCalledExactlyOnceWith({ target: { tabId: 7, documentIds: ['DOC-1'] }, files: ['/hover-card.js'] });
});
