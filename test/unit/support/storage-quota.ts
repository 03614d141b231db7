import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Chrome's storage.local quota without unlimitedStorage. */
export const QUOTA_BYTES = 10 * 1024 * 1024;

/** Items' size as Chrome counts it against the quota: each key and its value as JSON. */
export const storedSize = (items: Record<string, unknown>) => Object.entries(items).reduce((sum, [key, value]) => sum + key.length + JSON.stringify(value).length, 0);

/** The fake's own set and remove, as first found: fakeBrowser.reset() between tests keeps a wrapper. */
let unwrapped: Pick<typeof fakeBrowser.storage.local, 'set' | 'remove'> | null = null;

/**
 * Makes the fake storage.local refuse a write that would take it past the quota, as Chrome does
 * ("QUOTA_BYTES quota exceeded"), counting what is written and removed from now on.
 */
export function enforceStorageQuota(): void {
  const local = fakeBrowser.storage.local;
  unwrapped ??= { set: local.set.bind(local), remove: local.remove.bind(local) };
  const { set, remove } = unwrapped;
  const bytes = new Map<string, number>();
  local.set = async (items: Record<string, unknown>) => {
    const after = new Map(bytes);
    for (const [key, value] of Object.entries(items)) after.set(key, storedSize({ [key]: value }));
    if ([...after.values()].reduce((sum, n) => sum + n, 0) > QUOTA_BYTES) throw new Error('QUOTA_BYTES quota exceeded');
    await set(items);
    for (const [key, n] of after) bytes.set(key, n);
  };
  local.remove = async (keys: string | string[]) => {
    for (const key of Array.isArray(keys) ? keys : [keys]) bytes.delete(key);
    await remove(keys);
  };
}

/** A large account's contacts as a service lists them, each with one address and a company (`n` of them). */
export function largeAccountContacts(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const email = `firstname.lastname${i}@company${i % 500}.example`;
    return { id: `c-${100000 + i}`, name: `Firstname${i} Lastname`, email, emails: [email], company: `Company ${i % 500} Ltd`, title: 'Account Manager' };
  });
}
