/**
 * Why the options leave someone the panel briefs out: the user, anyone in an excluded domain. As
 * pages judge it (scanner.ts), by the address shown; and, as pages cannot, by the contact found.
 */
import type { ContactMatch } from '@/lib/models';
import { leftOutBy, type Preferences } from '@/lib/storage/preferences';

/**
 * `shown`: the address the page showed (none: the contact's is judged). The user shown under
 * another of their addresses (an alias the invitation went to) is found to be their own contact:
 * left out as the user, though that address is not in the options.
 */
export function leftOutPerson(shown: string | null | undefined, found: ContactMatch | null, preferences: Preferences): 'own' | 'excluded' | null {
  const address = (shown ?? found?.contact.email)?.trim();
  const why = address ? leftOutBy(address, preferences) : null;
  if (why) return why;
  const primary = found?.contact.email?.trim();
  return primary && leftOutBy(primary, preferences) === 'own' ? 'own' : null;
}

/** Whether the options leave anyone out at all (most users list no domain and no address of theirs). */
export function leavesSomeoneOut(preferences: Preferences): boolean {
  return preferences.excludedDomains.length > 0 || preferences.ownAddresses.length > 0;
}
