/**
 * The user's choices about where Primer works, readable by content scripts (nothing secret):
 * per-site switches, e-mail domains never to look up (e.g. your own company's), and the user's own
 * addresses (never looked up, never marked). Content scripts watch the item, so a change applies
 * at once, without reloading the page. Kept in the pages' area (page-area.ts: `storage.sync`).
 *
 * Unlike lib/storage/items.ts this item talks to the storage API directly instead of through WXT's
 * storage module: content scripts import it, and WXT's module (about 3 KB gzipped with its lock)
 * would not fit the per-site injection budget.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { SiteId } from '../sites/types';
import { PAGE_AREA, watchPageItem } from './page-area';

export const PreferencesSchema = z.object({
  sites: z.object({ 'google-calendar': z.boolean(), gmail: z.boolean(), outlook: z.boolean() }),
  excludedDomains: z.array(z.string()),
  ownAddresses: z.array(z.string()),
});
export type Preferences = z.infer<typeof PreferencesSchema>;


export const PREFERENCES_KEY = 'preferences';

/**
 * In storage.local: this browser's preferences as an earlier version kept them, when they did not
 * move to storage.sync whole (lists cut to fit, or unreadable). The options page says what was left out.
 */
export const PREFERENCES_BEFORE_SYNC_KEY = 'preferencesBeforeSync';

/** The entries of the earlier lists kept in PREFERENCES_BEFORE_SYNC_KEY that the lists in effect lack. */
export function leftOutOfSync(before: unknown, now: Preferences): string[] {
  const parsed = PreferencesSchema.safeParse(before);
  if (!parsed.success) return [];
  const kept = new Set([...now.excludedDomains, ...now.ownAddresses]);
  return [...parsed.data.excludedDomains, ...parsed.data.ownAddresses].filter((entry) => !kept.has(entry));
}

/** The preferences as pages read any stored value (that of a later version included). */
export function preferencesAsRead(value: unknown): Preferences {
  // Any value reads: not an object, or a part of it, is as if absent (a switch is on unless it says off).
  const stored = (value ?? {}) as { sites?: Record<string, unknown> | null; excludedDomains?: unknown; ownAddresses?: unknown };
  const list = (entries: unknown) => (Array.isArray(entries) ? entries.filter((entry): entry is string => typeof entry == 'string') : []);
  return {
    sites: { 'google-calendar': stored.sites?.['google-calendar'] !== false, gmail: stored.sites?.gmail !== false, outlook: stored.sites?.outlook !== false },
    excludedDomains: list(stored.excludedDomains),
    ownAddresses: list(stored.ownAddresses),
  };
}

/** Every site on, nothing excluded: what nothing stored reads as. */
export const DEFAULT_PREFERENCES: Preferences = preferencesAsRead(undefined);

export async function readPreferences(): Promise<Preferences> {
  return preferencesAsRead((await browser.storage[PAGE_AREA].get(PREFERENCES_KEY))[PREFERENCES_KEY]);
}

/** Calls back with every new value (invalid values read as the defaults); returns the unsubscribe. */
export function watchPreferences(callback: (preferences: Preferences) => void): () => void {
  return watchPageItem(PREFERENCES_KEY, (value) => callback(preferencesAsRead(value)));
}

/** What storage.sync keeps of one item at most: its key and its value as JSON, in bytes. */
export const PREFERENCES_MAX_BYTES = 8192;

/** Whether storage.sync keeps these preferences (PREFERENCES_MAX_BYTES). */
export function preferencesFit(value: unknown): boolean {
  return new TextEncoder().encode(PREFERENCES_KEY + JSON.stringify(value)).length <= PREFERENCES_MAX_BYTES;
}

/** Lists too long for storage.sync: said as such, since trying again would not help. */
export class PreferencesTooLargeError extends Error {
  constructor() {
    super('These lists are too long for Primer to keep. Shorten them and save again.');
    this.name = 'PreferencesTooLargeError';
  }
}

/**
 * The item, with the shape of a WXT storage item (getValue, setValue, watch). The content scripts
 * read and watch through the functions above, so they do not bundle the writing.
 */
export const preferencesItem = {
  key: PREFERENCES_KEY,
  fallback: DEFAULT_PREFERENCES,
  getValue: readPreferences,
  async setValue(value: Preferences): Promise<void> {
    // What another browser's later version keeps here besides (a new site's switch) stays.
    const stored: unknown = (await browser.storage[PAGE_AREA].get(PREFERENCES_KEY))[PREFERENCES_KEY];
    const kept = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
    const sites = 'sites' in kept && typeof kept.sites === 'object' && kept.sites ? kept.sites : {};
    const next = { ...kept, ...value, sites: { ...sites, ...value.sites } };
    if (!preferencesFit(next)) throw new PreferencesTooLargeError();
    await browser.storage[PAGE_AREA].set({ [PREFERENCES_KEY]: next });
  },
  watch: watchPreferences,
};

/** A domain list entry covers that domain and its subdomains ("example.com" covers "eu.example.com"). */
export function isExcludedAddress(email: string, preferences: Preferences): boolean {
  // Asked for every person on a page: most users exclude nothing.
  if (preferences.excludedDomains.length === 0) return false;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return preferences.excludedDomains.some((entry) => {
    const excluded = asciiDomain(entry.trim().toLowerCase().replace(/^@/, ''));
    return excluded !== '' && (domain === excluded || domain.endsWith(`.${excluded}`));
  });
}

/**
 * Why the options leave `address` out of briefings: one of the user's own, or in an excluded
 * domain; null when they do not (the panel's views; pages check as they read, scanner.ts).
 */
export function leftOutBy(address: string, preferences: Preferences): 'own' | 'excluded' | null {
  const shown = ownAddressAsShown(address);
  if (preferences.ownAddresses.some((own) => ownAddressAsShown(own) === shown)) return 'own';
  // Its domain in ASCII, as pages' addresses are: one typed with its own letters (the popup, a
  // search in the panel) is left out too. Not in isExcludedAddress, which every page scan runs.
  return isExcludedAddress(shown, preferences) ? 'excluded' : null;
}

/** One of the user's own addresses as pages show it: lower case, its domain in ASCII (asciiDomain). */
export function ownAddressAsShown(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  return at < 0 ? email : `${email.slice(0, at + 1)}${asciiDomain(email.slice(at + 1))}`;
}

/**
 * A domain as addresses carry it: options keep "müller.de" as typed, pages show its ASCII form
 * ("xn--mller-kva.de"), as the address check only accepts. The browser's URL parser converts it.
 */
export function asciiDomain(domain: string): string {
  if (!/[^ -~]/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

export function isSiteEnabled(site: SiteId, preferences: Preferences): boolean {
  return preferences.sites[site];
}
