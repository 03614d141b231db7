/** The demo's sample pages, served at their real addresses: a Calendar event on the next weekday, a Gmail thread. */
import { demoEventPopup } from '../fixtures/calendar.ts';
import { demoThread } from '../fixtures/gmail.ts';

export const DEMO_EVENT = demoEventPopup(new Date());
export const DEMO_THREAD = demoThread();
