/**
 * The open panel's part of forgetting the people the options leave out since it opened (the
 * background's part, lib/background/forget-excluded.ts, drops the saved cache): the lookups naming
 * them, and their contacts' briefings and recordings. Judged as the panel's views judge them.
 */
import { ContactMatchSchema } from '@/lib/models';
import { leavesSomeoneOut, leftOutPerson } from '@/lib/panel/left-out';
import type { Preferences } from '@/lib/storage/preferences';

interface QueryLike {
  queryKey: readonly unknown[];
  state: { data?: unknown };
}

/** Of `queries` (live or as saved), those about someone `preferences` leave out. */
export function aboutLeftOut<T extends QueryLike>(queries: readonly T[], preferences: Preferences): Set<T> {
  const about = new Set<T>();
  if (!leavesSomeoneOut(preferences)) return about;
  const ids = new Set<string>();
  /** Contacts also found under an address the options keep: their briefings are shown, and kept. */
  const kept = new Set<string>();
  for (const query of queries) {
    const [kind, key] = query.queryKey;
    if (kind !== 'contact') continue;
    const found = ContactMatchSchema.safeParse(query.state.data).data ?? null;
    // Looked up by address (keys.ts): that address decides, as the views judge (PersonBriefing,
    // attendees.ts); looked up by name, the contact found.
    const shown = typeof key === 'string' && key.startsWith('email:') ? key.slice('email:'.length) : null;
    if (leftOutPerson(shown, found, preferences) === null) {
      if (found) kept.add(found.contact.id);
      continue;
    }
    about.add(query);
    if (found) ids.add(found.contact.id);
  }
  for (const query of queries) {
    const [kind, id] = query.queryKey;
    if ((kind === 'insights' || kind === 'recordings') && typeof id === 'string' && ids.has(id) && !kept.has(id)) about.add(query);
  }
  return about;
}
