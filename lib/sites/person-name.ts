/**
 * A full name as people write it in either order: "Chen, Maya" (Outlook's directory order) is
 * "Maya Chen". Shared by the content scripts (a name-only person is looked up by it, and the
 * user's own name is told in either order) and the contact finder (a contact stored "Chen, Maya"
 * is a namesake of one stored "Maya Chen", so neither is picked by that name alone).
 */

/** Suffixes and degrees that follow a full name after a comma. */
const NAME_SUFFIX = /^(jr|sr|ii|iii|iv|md|phd|esq|dds|dmd|mba|cpa|rn|jd)\.?$/i;

export function fullName(shown: string): string {
  const parts = shown.split(',');
  if (parts.length !== 2) return shown;
  const [last, first] = parts.map((part) => part.trim());
  // "Maya Chen, MD", "John Smith, Jr.": after a whole name, a suffix or degree is no first name
  // ("Nguyen, Vi" and "Chen, Md" are still "Last, First").
  const suffixed = last?.includes(' ') === true && NAME_SUFFIX.test(first ?? '');
  return last && first && !shown.includes('@') && !suffixed ? `${first} ${last}` : shown;
}

/**
 * Full names compare without case, accents' composition or repeated spaces. Here, not with the
 * contact index (which re-exports it): the content scripts key their lookups by it, and the index
 * reads the options' storage.
 */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}
