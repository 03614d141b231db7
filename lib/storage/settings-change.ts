/**
 * The service address or API key in effect may have changed: what the user saved or an
 * administrator's policy (which wins over it). Told once per storage change however many of them
 * it touched: a save writes the address and the key in one change (lib/background/settings.ts),
 * and is then started over from once, not once per value.
 */
import { browser } from '#imports';

/**
 * Their storage keys by area: the saved ones are lib/storage/items.ts's (named here, not imported,
 * so content scripts do not load the items' schemas), the policy's public/managed_schema.json's.
 */
export const SETTINGS_KEYS: Partial<Record<string, readonly string[]>> = {
  local: ['serviceUrl', 'apiKeySealed'],
  managed: ['serviceUrl', 'apiKey'],
};

/** Calls `onChange` once per storage change that touches the settings; returns the unsubscribe. */
export function watchSettings(onChange: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (SETTINGS_KEYS[area]?.some((key) => key in changes)) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
