/**
 * Where each site's content script runs. Shared by the entrypoints and the manifest (the hover
 * card bundle is web-accessible to exactly these pages). Outlook on the web serves mail and
 * calendar under /mail/ and /calendar/ on all its hosts, `outlook.cloud.microsoft` included:
 * Microsoft is moving its 365 web apps to `*.cloud.microsoft` (announced 2023; office-watch.com,
 * "Microsoft cloud services move to a new domain"), and users are redirected there.
 */
import type { SiteId } from './types';

/** Each site's own, for its content script: a script that imported SITE_MATCHES would carry all three. */
export const CALENDAR_MATCHES = ['https://calendar.google.com/*'];
export const GMAIL_MATCHES = ['https://mail.google.com/*'];
export const OUTLOOK_MATCHES = ['https://outlook.office.com/*', 'https://outlook.office365.com/*', 'https://outlook.live.com/*', 'https://outlook.cloud.microsoft/*'];

export const SITE_MATCHES: Record<SiteId, string[]> = {
  'google-calendar': CALENDAR_MATCHES,
  gmail: GMAIL_MATCHES,
  outlook: OUTLOOK_MATCHES,
};

/** Marked pure so that the content scripts, which do not read it, do not build it either. */
export const ALL_SITE_MATCHES = /* @__PURE__ */ Object.values(SITE_MATCHES).flat();

/** Whether a page's address is on one of the supported sites (its content script runs there). */
export function onSupportedSite(url: string): boolean {
  return ALL_SITE_MATCHES.some((pattern) => url.startsWith(pattern.slice(0, -1)));
}
