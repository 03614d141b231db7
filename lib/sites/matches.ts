/**
 * Where each site's content script runs. Shared by the entrypoints and the manifest (the hover
 * card bundle is web-accessible to exactly these pages). Outlook on the web serves mail and
 * calendar under /mail/ and /calendar/ on all three hosts.
 */
import type { SiteId } from './types';

export const SITE_MATCHES: Record<SiteId, string[]> = {
  'google-calendar': ['https://calendar.google.com/*'],
  gmail: ['https://mail.google.com/*'],
  outlook: ['https://outlook.office.com/*', 'https://outlook.office365.com/*', 'https://outlook.live.com/*'],
};

export const ALL_SITE_MATCHES = Object.values(SITE_MATCHES).flat();
