/**
 * panel.cache.save: the side panel's saved cache, signed and written here (Firefox). The panel
 * saves on closing, from `pagehide`, and a closing page resolves no more promises: it could not
 * wait for the signature (lib/storage/panel-cache-signature.ts), so it sends the text and the
 * background, which lives on, finishes the save. Saves are written one after another, in the
 * order they came: an older snapshot slower to sign or to write never lands after a newer one.
 * A panel's older snapshot that comes after a newer one of the same panel (sent again while
 * Firefox was still starting the background page) is not written.
 */
import { browser } from '#imports';
import { PANEL_CACHE_KEY } from '../../storage/panel-cache-key';
import { signPanelCache } from '../../storage/panel-cache-signature';
import type { Handlers } from '../broker';

export function panelCacheHandlers(): Pick<Handlers, 'panel.cache.save'> {
  let writes: Promise<unknown> = Promise.resolve();
  /** The last save written: which panel's, and its snapshot's number there. */
  let last: { panel: string; snapshot: number } | null = null;
  return {
    'panel.cache.save': async ({ text, panel, snapshot }) => {
      const write = writes.then(async () => {
        if (last?.panel === panel && snapshot <= last.snapshot) return;
        last = { panel, snapshot };
        const stored = import.meta.env.FIREFOX ? await signPanelCache(text) : text;
        await browser.storage.local.set({ [PANEL_CACHE_KEY]: stored });
      });
      writes = write.catch(() => undefined);
      await write;
      return {};
    },
  };
}
