/**
 * card.load: runs the hover card's bundle in the frame that asks, in the content scripts' world
 * (where it registers its API: lib/content/card-loader.ts). Only for a window a site drew into
 * itself (Outlook's pop-out is an about:blank window), where a content script's import() of the
 * bundle never settles; everywhere else the content script imports it.
 */
import { browser } from '#imports';
import { ApiError } from '../../api/error-info';
import { CARD_SCRIPT } from '../../content/card-api';
import type { Handlers } from '../broker';

export function cardHandlers(): Pick<Handlers, 'card.load'> {
  return {
    'card.load': async (_request, { sender, tabId, frameId, documentId }) => {
      if (sender !== 'content' || tabId === null || frameId === undefined || frameId === null) throw new ApiError('bad_request', 'Only a page’s own frame can load the hover card.');
      if (import.meta.env.FIREFOX) await browser.tabs.executeScript(tabId, { frameId, file: CARD_SCRIPT, matchAboutBlank: true });
      // Chrome names the page that asked: a frame that went on to another page meanwhile is not it.
      else await browser.scripting.executeScript({ target: documentId ? { tabId, documentIds: [documentId] } : { tabId, frameIds: [frameId] }, files: [CARD_SCRIPT] });
      return { loaded: true };
    },
  };
}
