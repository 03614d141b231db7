/** Outlook: find the people on the page, mark known contacts, show hover cards. Wiring only. */
import { defineContentScript } from '#imports';
import '@/lib/content/marker.css';
import { startPrimer } from '@/lib/content/runtime';
import { outlookAdapter } from '@/lib/sites/outlook';
import { OUTLOOK_MATCHES } from '@/lib/sites/matches';

export default defineContentScript({
  matches: OUTLOOK_MATCHES,
  // A message opened in a new window, or a popped-out compose, is an about:blank window Outlook
  // draws into (Briskine needed the same for "the outlook popup"): run there too when an Outlook
  // page opened it. Top frame only (allFrames stays off), so no about:blank iframe inside Outlook.
  matchAboutBlank: true,
  runAt: 'document_idle',
  // Nothing posted to the page's window on start: WXT keeps that message only for older WXT
  // versions (its own scripts listen for a DOM event), and the page's message listeners get it.
  noScriptStartedPostMessage: true,
  main: (ctx) => startPrimer(ctx, outlookAdapter),
});
