/**
 * The service address and API key in effect: an administrator's enterprise policy
 * (`storage.managed`) wins over what the user saved. Only the background reads the key in clear.
 */
import { browser, storage } from '#imports';
import { z } from 'zod/mini';
import { normaliseBaseUrl } from '../api/base-url';
import { ApiError } from '../api/errors';
import type { SettingsView } from '../messaging/protocol';
import { readItem, sealedApiKeyItem, SealedSecretSchema, serviceUrlItem, type SealedSecret } from '../storage/items';
import { seal, unseal } from './key-vault';

const ManagedPolicySchema = z.object({
  serviceUrl: z.optional(z.string()),
  apiKey: z.optional(z.string()),
});
type ManagedPolicy = z.infer<typeof ManagedPolicySchema>;

/** Managed storage throws where no policy schema applies (Firefox without policy, tests). */
async function readPolicy(): Promise<ManagedPolicy> {
  try {
    const parsed = ManagedPolicySchema.safeParse(await browser.storage.managed.get(['serviceUrl', 'apiKey']));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export interface EffectiveSettings {
  baseUrl: string | null;
  apiKey: string | null;
  policy: ManagedPolicy;
}

export async function effectiveSettings(): Promise<EffectiveSettings> {
  const policy = await readPolicy();
  const rawUrl = policy.serviceUrl ?? (await readItem(serviceUrlItem, z.nullable(z.string())));
  const normalised = rawUrl ? normaliseBaseUrl(rawUrl) : null;
  let apiKey = policy.apiKey ?? null;
  if (apiKey === null) {
    const sealed = await readItem(sealedApiKeyItem, z.nullable(SealedSecretSchema));
    apiKey = sealed ? await unseal(sealed) : null;
  }
  return { baseUrl: normalised?.ok ? normalised.baseUrl : null, apiKey, policy };
}

export async function settingsView(): Promise<SettingsView> {
  const policy = await readPolicy();
  const sealed = await readItem(sealedApiKeyItem, z.nullable(SealedSecretSchema));
  const savedUrl = await readItem(serviceUrlItem, z.nullable(z.string()));
  return {
    serviceUrl: policy.serviceUrl ?? savedUrl,
    hasApiKey: policy.apiKey !== undefined || sealed !== null,
    apiKeyHint: policy.apiKey !== undefined ? policy.apiKey.slice(-4) : (sealed?.hint ?? null),
    locked: { serviceUrl: policy.serviceUrl !== undefined, apiKey: policy.apiKey !== undefined },
  };
}

/**
 * Saves what the options page sent. Values locked by policy cannot be changed. The address and the
 * key are written together: one save is one storage change, so whoever listens for it (the panel,
 * open tabs, this worker) starts over once, never in between with a new address and the old key.
 */
export async function saveSettings(change: { serviceUrl?: string; apiKey?: string | null }): Promise<SettingsView> {
  const policy = await readPolicy();
  const writes: Parameters<typeof storage.setItems>[0] = [];
  if (change.serviceUrl !== undefined) {
    if (policy.serviceUrl !== undefined) throw new ApiError('forbidden', 'Your administrator set the service address.');
    const normalised = normaliseBaseUrl(change.serviceUrl);
    if (!normalised.ok) throw new ApiError('bad_request', normalised.message);
    writes.push({ item: serviceUrlItem, value: normalised.baseUrl });
  }
  if (change.apiKey !== undefined) {
    if (policy.apiKey !== undefined) throw new ApiError('forbidden', 'Your administrator set the API key.');
    const key = change.apiKey?.trim() ?? '';
    // Only ever sealed: content scripts can read storage.local.
    const sealed: SealedSecret | null = key === '' ? null : await seal(key);
    writes.push({ item: sealedApiKeyItem, value: sealed });
  }
  if (writes.length > 0) await storage.setItems(writes);
  return settingsView();
}
