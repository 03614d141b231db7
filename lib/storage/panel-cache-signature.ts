/**
 * The side panel's saved cache as Firefox stores it: content scripts can write storage.local there
 * (lib/background/storage-access.ts), and a page that took one over could save briefings of its own
 * for the panel to show as the service's. The saved text carries the extension's signature
 * (stored-signature.ts) as its last field, `,"sig":"…"}`, over the text without it; read back
 * without one that verifies, it is absent. Still JSON with its `timestamp` (upkeep.ts and the
 * panel's start-up script read it as it is). The background signs (a closing panel cannot wait for
 * a signature: lib/background/handlers/panel-cache.ts); the panel verifies what it restores.
 */
import { PANEL_CACHE_KEY } from './panel-cache-key';
import { signStored, STORED_SIGNATURE_LENGTH, verifyStored } from './stored-signature';

const SIGNATURE_FIELD = new RegExp(`,"sig":"([A-Za-z0-9+/=]{${STORED_SIGNATURE_LENGTH}})"\\}$`);

/** `text` (the persister's JSON object) with the signature as its last field. */
export async function signPanelCache(text: string): Promise<string> {
  if (!text.endsWith('}') || text.length < 3) return text;
  return `${text.slice(0, -1)},"sig":"${await signStored(PANEL_CACHE_KEY, text)}"}`;
}

/** The saved text as signed, when its signature is the extension's; else null (nothing saved). */
export async function verifiedPanelCache(text: string): Promise<string | null> {
  const field = SIGNATURE_FIELD.exec(text);
  if (!field) return null;
  const unsigned = `${text.slice(0, field.index)}}`;
  return (await verifyStored(PANEL_CACHE_KEY, unsigned, field[1])) ? unsigned : null;
}
