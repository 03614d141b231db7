/**
 * Where each site's content script runs. Shared by the entrypoints and the manifest (the hover
 * card bundle is web-accessible to exactly these pages). Outlook on the web serves mail and
 * calendar under /mail/ and /calendar/ on all its hosts, `outlook.cloud.microsoft` included:
 * Microsoft is moving its 365 web apps to `*.cloud.microsoft` (announced 2023; office-watch.com,
 * "Microsoft cloud services move to a new domain"), and users are redirected there.
 */
import type { SiteId } from './types';

export const SITE_MATCHES: Record<SiteId, string[]> = {
  'google-calendar': ['https://calendar.google.com/*'],
  gmail: ['https://mail.google.com/*'],
  outlook: ['https://outlook.office.com/*', 'https://outlook.office365.com/*', 'https://outlook.live.com/*', 'https://outlook.cloud.microsoft/*'],
};

export const ALL_SITE_MATCHES = Object.values(SITE_MATCHES).flat();
