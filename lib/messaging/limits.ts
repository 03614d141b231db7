/**
 * Limits of the message protocol that code without the protocol's schemas needs too (the side
 * panel's start-up script).
 */

/** The most contacts one `contacts.insights` message may ask for. */
export const MAX_INSIGHTS_BATCH = 100;

/** The longest address (service, webhook) a message may carry; the forms refuse longer ones first, saying so. */
export const MAX_URL_LENGTH = 2000;

/** The longest API key a message may carry; the options form refuses a longer one first, saying so. */
export const MAX_API_KEY_LENGTH = 4000;

/**
 * The longest saved side-panel cache a `panel.cache.save` message may carry (characters): a save's
 * answers are kept to 2 MiB as storage charges them (PANEL_CACHE_MAX_BYTES in
 * components/panel/data/persistence.ts), which their text never exceeds; the rest is room for the
 * JSON around them.
 */
export const MAX_PANEL_CACHE_TEXT = 3 * 1024 * 1024;
