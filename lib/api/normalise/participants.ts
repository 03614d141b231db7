/**
 * The people of a recording, given as text ("Name <addr>"), as objects, or as rows with their contact nested.
 */
import type { Participant } from '../../models';
import { ID_KEYS, idOf, isObj, textOf, type Obj } from './values';

export function toParticipants(value: unknown): Participant[] {
  if (!Array.isArray(value)) return [];
  const out: Participant[] = [];
  for (const entry of value) {
    // A list of contact ids (a number, or text that is a UUID or only digits) names no one itself.
    if (typeof entry === 'number' && Number.isFinite(entry)) out.push({ contactId: String(entry), name: null, email: null });
    else if (typeof entry === 'string') {
      const text = entry.trim();
      if (text === '') continue;
      if (ID_TEXT.test(text)) {
        out.push({ contactId: text, name: null, email: null });
        continue;
      }
      // "Name <addr>" and bare addresses both occur.
      const angle = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text);
      if (angle) out.push({ contactId: null, name: angle[1]?.replace(/^"|"$/g, '').trim() || null, email: angle[2] ?? null });
      else if (text.includes('@')) out.push({ contactId: null, name: null, email: text });
      else out.push({ contactId: null, name: text, email: null });
    } else if (isObj(entry)) {
      const participant = objectParticipant(entry);
      if (participant.contactId ?? participant.name ?? participant.email) out.push(participant);
    }
  }
  return out;
}

/** A UUID, or only digits: an id, never a person's name. */
const ID_TEXT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

const NAME_KEYS = ['name', 'display_name', 'displayName', 'full_name'];
const EMAIL_KEYS = ['email', 'email_address', 'emailAddress'];

/**
 * A participant as an object: the person's own fields, or a participant row with the contact
 * nested (`{id, contact: {id, name, email}}`, `{contact_id, contact: {…}}`). Then the row's own
 * `id` is the participant's, not the contact's; its own name and address, if any, come first
 * (what the recording knows them by), the contact's fill in.
 */
function objectParticipant(entry: Obj): Participant {
  if (!isObj(entry.contact)) {
    const name = textOf(entry, ...NAME_KEYS);
    const email = textOf(entry, ...EMAIL_KEYS);
    // A bare `id` beside a name or an address may be the participant row's own (`{id: "p-1", name,
    // email}`): only an id alone, or one named as the contact's, says which contact it is. The other
    // is kept aside (`id`) for the list to decide.
    const named = idOf(entry, 'contact_id', 'contactId');
    const bare = idOf(entry, ...ID_KEYS);
    if (named !== null || bare === null) return { contactId: named, name, email };
    return name === null && email === null ? { contactId: bare, name, email } : { contactId: null, name, email, id: bare };
  }
  const contact = entry.contact;
  return {
    contactId: idOf(entry, 'contact_id', 'contactId') ?? idOf(contact, ...ID_KEYS, 'contact_id', 'contactId'),
    name: textOf(entry, ...NAME_KEYS) ?? textOf(contact, ...NAME_KEYS, 'fullName'),
    email: textOf(entry, ...EMAIL_KEYS) ?? textOf(contact, ...EMAIL_KEYS),
  };
}
