/**
 * The one storage area content scripts read: `storage.sync`. Everything else Primer keeps is in
 * `storage.local`, which the background closes to them (lib/background/storage-access.ts): cached
 * briefings, transcripts, the contact index, upload addresses. Only what pages need goes here,
 * nothing a page could misuse: the user's preferences and two signals, "access granted" and
 * "settings saved". Sync also carries the preferences to the user's other browsers.
 */
export const PAGE_AREA = 'sync';
