/**
 * The site adapters by site id, and the adapter for a page's hostname. Hostnames are the ones the
 * content scripts run on (lib/sites/matches.ts); anything else (custom Outlook domains included)
 * gets null.
 */
import { calendarAdapter } from './calendar';
import { gmailAdapter } from './gmail';
import { SITE_MATCHES } from './matches';
import { outlookAdapter } from './outlook';
import type { SiteAdapter, SiteId } from './types';

export const ADAPTERS: Record<SiteId, SiteAdapter> = {
  'google-calendar': calendarAdapter,
  gmail: gmailAdapter,
  outlook: outlookAdapter,
};

/** Each host the content scripts run on (`https://host/*` in SITE_MATCHES), and its site. */
const BY_HOST: Record<string, SiteId> = Object.fromEntries(
  (Object.entries(SITE_MATCHES) as [SiteId, string[]][]).flatMap(([site, patterns]) => patterns.map((pattern) => [new URL(pattern.slice(0, -1)).host, site])),
);

export function adapterForHost(hostname: string): SiteAdapter | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  const site = Object.prototype.hasOwnProperty.call(BY_HOST, host) ? BY_HOST[host] : undefined;
  return site ? ADAPTERS[site] : null;
}
