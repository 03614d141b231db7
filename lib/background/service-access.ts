/**
 * Access to the hosts of service addresses, given back once Primer does not use them. The options
 * page asks for it from Save and from Test connection (the user's click), for whatever address is
 * typed: a tested, a mistyped and a former address would otherwise keep Primer's access to those
 * hosts for good. After each save, Primer keeps access to the address in effect, and to the hosts
 * of uploads that may still send there; the rest it was given for service addresses goes back.
 */
import { browser, storage } from '#imports';
import { z } from 'zod/mini';
import { permissionPatternFor } from '../api/base-url';
import { ApiError, NO_ACCESS_CODE } from '../api/errors';
import type { FetchLike } from '../api/http';
import { uploadStore } from './upload-store';

/** Host patterns asked for as service addresses since the last save (content scripts can write it: it only ever takes access away). */
const askedItem = storage.defineItem<unknown>('local:serviceAccessAsked', { fallback: [] });
const AskedSchema = z.array(z.string());
/** A few addresses tried in a row are kept; past that, the oldest is forgotten (and kept, harmlessly). */
const KEPT = 20;

async function asked(): Promise<string[]> {
  const parsed = AskedSchema.safeParse(await askedItem.getValue());
  return parsed.success ? parsed.data : [];
}

/** The host pattern of a service address, or null. */
export function servicePattern(serviceUrl: string | null): string | null {
  return serviceUrl === null ? null : permissionPatternFor(serviceUrl);
}

/** Whether Primer may contact `pattern`'s host now; no when the browser cannot say. */
export async function hasHostAccess(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

/**
 * `fetch` for calls to the service at `baseUrl` that says when one failed for want of access to
 * its host (NO_ACCESS_CODE): without it, a service sending no CORS headers looks like one that is
 * not there, and the panel said "cannot be reached" where only the options page's Allow helps.
 */
export function accessChecked(fetch: FetchLike, baseUrl: string, granted: (pattern: string) => Promise<boolean> = hasHostAccess): FetchLike {
  const pattern = servicePattern(baseUrl);
  const origin = new URL(baseUrl).origin;
  return async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (pattern === null || init?.signal?.aborted || new URL(input).origin !== origin || (await granted(pattern))) throw error;
      throw new ApiError('network', `Primer has not been allowed to contact ${origin} yet: allow it in Primer’s options.`, { code: NO_ACCESS_CODE, cause: error });
    }
  };
}

/** A service address was tested with access given for it: given back after the next save if not saved. */
export async function noteServiceAccess(pattern: string): Promise<void> {
  const list = (await asked()).filter((entry) => entry !== pattern);
  await askedItem.setValue([...list, pattern].slice(-KEPT));
}

/** The hosts uploads not yet finished may still send to (a retry, a resume). */
async function uploadPatterns(): Promise<Set<string>> {
  // Their addresses as the background opens them: one in plain text in storage.local is no upload's.
  const records = await uploadStore().all();
  return new Set(records.flatMap((record) => (record.state !== 'completed' && record.uploadUrl ? [permissionPatternFor(record.uploadUrl)] : [])).filter((pattern) => pattern !== null));
}

/** After a save: access asked for service addresses, and the former address's, given back but for what is in use. */
export async function giveBackServiceAccess(current: string | null, previous: string | null): Promise<void> {
  const candidates = new Set([...(await asked()), ...(previous !== null ? [previous] : [])]);
  candidates.delete(current ?? '');
  const uploading = await uploadPatterns();
  for (const pattern of candidates) {
    // One at a time: a pattern the browser will not remove (never granted) fails alone.
    if (!uploading.has(pattern)) await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
  }
  // Kept for an upload: given back after a later save, once the upload is done.
  await askedItem.setValue([...candidates].filter((pattern) => uploading.has(pattern)));
}
