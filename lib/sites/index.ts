/**
 * The site adapters by site id, and the adapter for a page's hostname. Hostnames are the ones the
 * content scripts run on (lib/sites/matches.ts); anything else (custom Outlook domains included)
 * gets null.
 */
import { calendarAdapter } from './calendar';
import { gmailAdapter } from './gmail';
import { outlookAdapter } from './outlook';
import type { SiteAdapter, SiteId } from './types';

export const ADAPTERS: Record<SiteId, SiteAdapter> = {
  'google-calendar': calendarAdapter,
  gmail: gmailAdapter,
  outlook: outlookAdapter,
};

const BY_HOST: Record<string, SiteId> = {
  'calendar.google.com': 'google-calendar',
  'mail.google.com': 'gmail',
  'outlook.office.com': 'outlook',
  'outlook.office365.com': 'outlook',
  'outlook.live.com': 'outlook',
  'outlook.cloud.microsoft': 'outlook',
};

export function adapterForHost(hostname: string): SiteAdapter | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  const site = Object.prototype.hasOwnProperty.call(BY_HOST, host) ? BY_HOST[host] : undefined;
  return site ? ADAPTERS[site] : null;
}
