/**
 * People the options leave out since (a domain excluded, one of the user's own addresses added)
 * take along what the cache kept of them: the lookups naming them (name, company, title), their
 * briefings and recordings, otherwise kept in storage.local until 30 days old. When there were
 * any, so do the side panel's saved query cache and saved briefings, which may show them. (The
 * choices of them in tabs go in switched-off.ts.)
 */
import { browser } from '#imports';
import { ContactMatchSchema } from '../models/contact';
import { leavesSomeoneOut, leftOutPerson } from '../panel/left-out';
import { PANEL_CACHE_KEY, SAVED_BRIEFINGS_KEY } from '../storage/panel-cache-key';
import { leftOutBy, watchPreferences, type Preferences } from '../storage/preferences';
import { BY_EMAIL } from './handlers/contacts';
import type { ServiceContext } from './service-context';

/** Forgets what the cache kept of the people `preferences` leave out. */
export async function forgetLeftOut(context: ServiceContext, preferences: Preferences): Promise<void> {
  // No one left out: nothing to look through.
  if (!leavesSomeoneOut(preferences)) return;
  // Not set up: nothing was fetched with these settings (a reset forgot what older ones fetched).
  const scope = await context.client().then(
    (client) => client.cacheScope,
    () => null,
  );
  if (scope === null) return;
  const ids = new Set<string>();
  const byAddress = `${scope}|${BY_EMAIL}|`;
  await context.cache.dropWhere(`${scope}|contact-`, (value, key) => {
    const match = ContactMatchSchema.safeParse(value).data;
    // The address asked about, whoever it found (no one, or a contact filed under another address).
    const asked = key.startsWith(byAddress) && leftOutBy(key.slice(byAddress.length), preferences) !== null;
    if (match !== undefined && leftOutPerson(null, match, preferences) !== null) ids.add(match.contact.id);
    else if (!asked) return false;
    return true;
  });
  if (ids.size === 0) return;
  const theirs = (value: unknown) => {
    const id = typeof value === 'object' && value !== null ? (value as { contactId?: unknown }).contactId : undefined;
    return typeof id === 'string' && ids.has(id);
  };
  // Keys as the handlers write them (handlers/contacts.ts, handlers/recordings.ts).
  await Promise.all([
    context.cache.dropWhere(`${scope}|insights|`, theirs),
    ...[...ids].map((id) => context.cache.invalidate(`${scope}|recordings|${id}|`)),
    browser.storage.local.remove(PANEL_CACHE_KEY),
    browser.storage.session.remove(SAVED_BRIEFINGS_KEY),
  ]);
}

/** Registered as the worker starts: a change in the options wakes it. */
export function forgetLeftOutOnChange(context: ServiceContext): void {
  watchPreferences((preferences) => void forgetLeftOut(context, preferences).catch(() => undefined));
}
