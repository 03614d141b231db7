/**
 * The few `chrome.*` shapes the tests touch inside `evaluate` callbacks. The project has no
 * `chrome` global types (code uses `browser` from '#imports'). Use as a type only:
 * `(globalThis as unknown as { chrome?: ChromeLike }).chrome` — an evaluate callback is sent to
 * the browser as source, so it cannot call functions imported here.
 */
export interface StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface ChromeLike {
  runtime?: {
    id?: string;
    sendMessage(extensionId: string, message: unknown): Promise<unknown>;
  };
  tabs: { query(query: { url?: string; active?: boolean; lastFocusedWindow?: boolean }): Promise<{ id?: number; url?: string }[]> };
  storage: { local: StorageAreaLike; sync: StorageAreaLike; session: StorageAreaLike };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    remove(permissions: { origins: string[] }): Promise<boolean>;
  };
  developerPrivate: {
    addHostPermission(extensionId: string, host: string): Promise<void>;
    updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  };
}
