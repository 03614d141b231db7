/**
 * The `Link` header of a reply (RFC 8288), as GitHub's API pages its lists:
 * `<https://…/contacts?page=2>; rel="next", <https://…/contacts?page=5>; rel="last"`.
 */

/** One link-value: `<target>` and its parameters, up to the comma before the next one (commas inside quotes are kept). */
const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^\s;,=]+\s*(?:=\s*(?:"(?:[^"\\]|\\.)*"|[^;,]*))?)*)/g;
const LINK_PARAM = /;\s*([^\s;,=]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,]*)))?/g;

/**
 * The target of each relation a `Link` header names (`rel="next last"` names two), as written;
 * the first link wins for a relation named twice. Empty without a header.
 */
export function linkRelations(header: string | null): Map<string, string> {
  const relations = new Map<string, string>();
  for (const [, target = '', params = ''] of (header ?? '').matchAll(LINK_VALUE)) {
    // Only a link's first rel counts (RFC 8288 §3.3).
    const rel = [...params.matchAll(LINK_PARAM)].find(([, name = '']) => name.toLowerCase() === 'rel');
    const names = (rel?.[2] ?? rel?.[3] ?? '').trim().toLowerCase().split(/\s+/);
    for (const name of names) if (name !== '' && !relations.has(name)) relations.set(name, target.trim());
  }
  return relations;
}
