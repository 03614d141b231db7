/**
 * The side panel's saved query cache (components/panel/data/persistence.ts), in storage.local.
 * A file of its own so the panel's start-up script can read it without the other stored items.
 */
export const PANEL_CACHE_KEY = 'panelQueryCache';
