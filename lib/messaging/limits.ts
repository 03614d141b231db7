/**
 * Limits of the message protocol that code without the protocol's schemas needs too (the side
 * panel's start-up script).
 */

/** The most contacts one `contacts.insights` message may ask for. */
export const MAX_INSIGHTS_BATCH = 100;
