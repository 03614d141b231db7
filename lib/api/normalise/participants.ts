/**
 * The people of a recording, given as text ("Name <addr>") or as objects.
 */
import type { Participant } from '../../models';
import { ID_KEYS, idOf, isObj, textOf } from './values';

export function toParticipants(value: unknown): Participant[] {
  if (!Array.isArray(value)) return [];
  const out: Participant[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') {
      const text = entry.trim();
      if (text === '') continue;
      // "Name <addr>" and bare addresses both occur.
      const angle = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text);
      if (angle) out.push({ contactId: null, name: angle[1]?.replace(/^"|"$/g, '').trim() || null, email: angle[2] ?? null });
      else if (text.includes('@')) out.push({ contactId: null, name: null, email: text });
      else out.push({ contactId: null, name: text, email: null });
    } else if (isObj(entry)) {
      const participant = {
        contactId: idOf(entry, 'contact_id', 'contactId', ...ID_KEYS),
        name: textOf(entry, 'name', 'display_name', 'displayName', 'full_name'),
        email: textOf(entry, 'email', 'email_address', 'emailAddress'),
      };
      if (participant.contactId ?? participant.name ?? participant.email) out.push(participant);
    }
  }
  return out;
}
