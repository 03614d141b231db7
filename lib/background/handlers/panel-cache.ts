/**
 * panel.cache.save: the side panel's saved cache, signed and written here (Firefox). The panel
 * saves on closing, from `pagehide`, and a closing page resolves no more promises: it could not
 * wait for the signature (lib/storage/panel-cache-signature.ts), so it sends the text and the
 * background, which lives on, finishes the save. Saves are written one after another, in the
 * order they came (the panel sends them in the order its snapshots were taken): an older snapshot
 * slower to sign or to write never lands after a newer one.
 */
import { browser } from '#imports';
import { PANEL_CACHE_KEY } from '../../storage/panel-cache-key';
import { signPanelCache } from '../../storage/panel-cache-signature';
import type { Handlers } from '../broker';

export function panelCacheHandlers(): Pick<Handlers, 'panel.cache.save'> {
  let writes: Promise<unknown> = Promise.resolve();
  return {
    'panel.cache.save': async ({ text }) => {
      const write = writes.then(async () => {
        const stored = import.meta.env.FIREFOX ? await signPanelCache(text) : text;
        await browser.storage.local.set({ [PANEL_CACHE_KEY]: stored });
      });
      writes = write.catch(() => undefined);
      await write;
      return {};
    },
  };
}
