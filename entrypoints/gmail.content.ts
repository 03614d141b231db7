/** Gmail: find the people on the page, mark known contacts, show hover cards. Wiring only. */
import { defineContentScript } from '#imports';
import '@/lib/content/marker.css';
import { startPrimer } from '@/lib/content/runtime';
import { gmailAdapter } from '@/lib/sites/gmail';
import { GMAIL_MATCHES } from '@/lib/sites/matches';

export default defineContentScript({
  matches: GMAIL_MATCHES,
  runAt: 'document_idle',
  // Nothing posted to the page's window on start: WXT keeps that message only for older WXT
  // versions (its own scripts listen for a DOM event), and the page's message listeners get it.
  noScriptStartedPostMessage: true,
  main: (ctx) => startPrimer(ctx, gmailAdapter),
});
