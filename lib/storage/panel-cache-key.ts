/**
 * What the side panel keeps of its briefings. Files of their own so the panel's start-up script
 * can read them without the other stored items.
 */

/** The saved query cache (components/panel/data/persistence.ts), in storage.local. */
export const PANEL_CACHE_KEY = 'panelQueryCache';

/**
 * The saved copies of the last briefings drawn (lib/panel/saved-briefing.ts), in storage.session:
 * gone with the browser session, and out of reach of content scripts.
 */
export const SAVED_BRIEFINGS_KEY = 'panelSavedBriefings';
