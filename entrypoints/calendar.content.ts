/** Calendar: find the people on the page, mark known contacts, show hover cards. Wiring only. */
import { defineContentScript } from '#imports';
import '@/lib/content/marker.css';
import { startPrimer } from '@/lib/content/runtime';
import { calendarAdapter } from '@/lib/sites/calendar';
import { CALENDAR_MATCHES } from '@/lib/sites/matches';

export default defineContentScript({
  matches: CALENDAR_MATCHES,
  runAt: 'document_idle',
  // Nothing posted to the page's window on start: WXT keeps that message only for older WXT
  // versions (its own scripts listen for a DOM event), and the page's message listeners get it.
  noScriptStartedPostMessage: true,
  main: (ctx) => startPrimer(ctx, calendarAdapter),
});
