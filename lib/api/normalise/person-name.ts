/** A person's name given in parts, as user serializers write it (Django's `first_name`, `last_name`). */
import { textOf, type Obj } from './values';

/** The given and family names joined ("Dan Brown", or one of them alone); null when neither is there. */
export function nameFromParts(person: Obj): string | null {
  const parts = [textOf(person, 'first_name', 'firstName', 'given_name', 'givenName'), textOf(person, 'last_name', 'lastName', 'family_name', 'familyName')];
  return parts.filter((part) => part !== null).join(' ') || null;
}
