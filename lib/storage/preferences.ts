/**
 * The user's choices about where Primer works, readable by content scripts (nothing secret):
 * per-site switches, e-mail domains never to look up (e.g. your own company's), and the user's own
 * addresses (never looked up, never marked). Content scripts watch the item, so a change applies
 * at once, without reloading the page.
 */
import { storage } from '#imports';
import { z } from 'zod/mini';
import type { SiteId } from '../sites/types';

export const PreferencesSchema = z.object({
  sites: z.object({ 'google-calendar': z.boolean(), gmail: z.boolean(), outlook: z.boolean() }),
  excludedDomains: z.array(z.string()),
  ownAddresses: z.array(z.string()),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  sites: { 'google-calendar': true, gmail: true, outlook: true },
  excludedDomains: [],
  ownAddresses: [],
};

export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: DEFAULT_PREFERENCES,
  version: 1,
});

export async function readPreferences(): Promise<Preferences> {
  const parsed = PreferencesSchema.safeParse(await preferencesItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

/** Calls back with every valid new value; returns the unsubscribe function. */
export function watchPreferences(callback: (preferences: Preferences) => void): () => void {
  return preferencesItem.watch((value) => {
    const parsed = PreferencesSchema.safeParse(value);
    callback(parsed.success ? parsed.data : DEFAULT_PREFERENCES);
  });
}

/** A domain list entry covers that domain and its subdomains ("example.com" covers "eu.example.com"). */
export function isExcludedAddress(email: string, preferences: Preferences): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return preferences.excludedDomains.some((entry) => {
    const excluded = entry.trim().toLowerCase().replace(/^@/, '');
    return excluded !== '' && (domain === excluded || domain.endsWith(`.${excluded}`));
  });
}

export function isSiteEnabled(site: SiteId, preferences: Preferences): boolean {
  return preferences.sites[site];
}
