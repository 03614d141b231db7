/**
 * A contact: its id, name, company, title and every address it has, the primary first.
 */
import type { ContactRecord } from '../../models';
import { ID_KEYS, idOf, invalid, isObj, scalarText, textOf, toFlag, type Obj } from './values';
import { eachReadable, unwrap } from './envelope';

/** Where a contact's address is named as its primary one. */
const PRIMARY_EMAIL_KEYS = ['primary_email', 'primaryEmail'];
/** Where a contact's address usually is (its primary one when it has several; a work address where `email` is absent). */
const EMAIL_KEYS = ['email', 'email_address', 'emailAddress', 'work_email', 'workEmail', 'business_email', 'businessEmail'];
/**
 * Lists of addresses (the primary flagged in one, or first), and further addresses beside `email`:
 * always the contact's own (Apollo's `personal_emails`, a private one), never someone else's
 * about them (an owner's, an assistant's: `owner_email` would make the owner every contact).
 */
const EMAIL_LIST_KEYS = [
  'emails',
  'email_addresses',
  'emailAddresses',
  'additional_emails',
  'additionalEmails',
  'secondary_emails',
  'secondaryEmails',
  'other_emails',
  'otherEmails',
  'alternate_emails',
  'alternateEmails',
  'alternative_emails',
  'alternativeEmails',
  'personal_emails',
  'personalEmails',
  'email_aliases',
  'emailAliases',
];
const OTHER_EMAIL_KEYS = [
  'secondary_email',
  'secondaryEmail',
  'alternate_email',
  'alternateEmail',
  'alternative_email',
  'alternativeEmail',
  'other_email',
  'otherEmail',
  'personal_email',
  'personalEmail',
  'home_email',
  'homeEmail',
  'private_email',
  'privateEmail',
];
/** Where an entry of such a list (`{email: …, primary: true}`) keeps its address. */
const EMAIL_ENTRY_KEYS = ['email', 'address', 'value', 'email_address', 'emailAddress'];

/**
 * The address itself where a server wrote it as a mail header or a link ("Maya Chen
 * <maya@x.example>", "mailto:maya@x.example"): kept so, it matched no page's address.
 */
function bareAddress(text: string): string | null {
  const angled = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text)?.[1] ?? text;
  const bare = angled.trim().replace(/^mailto:/i, '');
  // Without an @ it is no address (a name left over from splitting "Ann Lee <ann@x>, Bo <bo@y>").
  return bare.includes('@') ? bare : null;
}

/** An entry flagged as the primary address: `primary`, `is_primary`, `isPrimary` or `type: "primary"`. */
function isPrimaryEntry(entry: Obj): boolean {
  if (toFlag(entry.primary ?? entry.is_primary ?? entry.isPrimary) === true) return true;
  return textOf(entry, 'type', 'label', 'kind')?.toLowerCase() === 'primary';
}

/**
 * A contact's addresses, each once whatever its case (as first written, trimmed), the primary
 * first: one named primary (`primary_email`), else one flagged primary in a list, else `email`,
 * else the first listed. `email` is that primary.
 */
function contactAddresses(body: Obj): { email: string | null; emails: string[] } {
  const named: string[] = [];
  const flagged: string[] = [];
  const plain: string[] = [];
  const listed: string[] = [];
  const others: string[] = [];
  const read = (keys: string[], into: string[]) => {
    for (const key of keys) {
      const value = body[key];
      // A list, one object, or text: several addresses ("a@x.example, b@x.example") are split,
      // text with one is kept as written (as before), whatever else it holds.
      const several = typeof value === 'string' && value.split('@').length > 2;
      const entries: unknown[] = Array.isArray(value) ? value : several ? value.split(/[\s,;]+/) : [value];
      for (const entry of entries) {
        const written = isObj(entry) ? textOf(entry, ...EMAIL_ENTRY_KEYS) : scalarText(entry);
        const address = written === null ? null : bareAddress(written);
        if (address !== null) (isObj(entry) && isPrimaryEntry(entry) ? flagged : into).push(address);
      }
    }
  };
  read(PRIMARY_EMAIL_KEYS, named);
  read(EMAIL_KEYS, plain);
  read(EMAIL_LIST_KEYS, listed);
  read(OTHER_EMAIL_KEYS, others);
  const emails = new Map<string, string>();
  for (const address of [...named, ...flagged, ...plain, ...listed, ...others]) {
    const key = address.toLowerCase();
    if (!emails.has(key)) emails.set(key, address);
  }
  const all = [...emails.values()];
  return { email: all[0] ?? null, emails: all };
}

export function toContact(raw: unknown): ContactRecord {
  const unwrapped = unwrap(raw, [...ID_KEYS, 'email'], ['contact', 'data']);
  if (!isObj(unwrapped)) throw invalid('the contact');
  // Slack's members keep their address and title in `profile`: read where the contact has none of its own.
  const body = isObj(unwrapped.profile) ? { ...unwrapped.profile, ...unwrapped } : unwrapped;
  const id = idOf(body, ...ID_KEYS, 'contact_id', 'contactId', 'uuid');
  if (id === null) throw invalid('the contact’s id');
  const { email, emails } = contactAddresses(body);
  // The name may be an object of its own: `name: {first, last}` or `{full: "…"}`.
  const nameObject = isObj(body.name) ? body.name : {};
  // Slack's `real_name` is the person's; its `name` is a handle ("maya").
  let name = textOf(body, 'real_name', 'realName', 'name', 'full_name', 'fullName', 'display_name', 'displayName') ?? textOf(nameObject, 'full', 'full_name', 'fullName', 'display', 'formatted');
  if (name === null) {
    const within = { ...body, ...nameObject };
    // Bare `first` / `last` only inside a name object: beside a contact's fields they may mean anything.
    const parts = [
      textOf(within, 'first_name', 'firstName', 'given_name', 'givenName') ?? textOf(nameObject, 'first'),
      textOf(within, 'last_name', 'lastName', 'family_name', 'familyName', 'surname') ?? textOf(nameObject, 'last'),
    ];
    const joined = parts.filter((part): part is string => part !== null).join(' ');
    name = joined === '' ? null : joined;
  }
  const companyValue = body.company ?? body.organization ?? body.organisation;
  const company = isObj(companyValue)
    ? textOf(companyValue, 'name')
    : textOf(body, 'company', 'organization', 'organisation', 'company_name', 'companyName');
  return { id, name, email, emails, company, title: textOf(body, 'title', 'job_title', 'jobTitle', 'role', 'position') };
}

/** Contacts that fail to parse are dropped rather than failing the whole list. */
export function toContacts(value: unknown): ContactRecord[] {
  return Array.isArray(value) ? eachReadable(value, toContact) : [];
}
