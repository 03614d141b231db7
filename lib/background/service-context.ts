/**
 * What every handler shares: the client for the saved settings (rebuilt when they change), the
 * response cache, and one cap on concurrent calls to the service.
 */
import { browser } from '#imports';
import { cacheScopeOf, ServiceClient, type ClientOptions } from '../api/client';
import { ApiError, defaultMessage } from '../api/errors';
import { abortableSleep, type FetchLike, type Gate } from '../api/http';
import {
  accountDiscoveryStore,
  clearContactIndex,
  clearQuiet,
  forgetDiscoveredAccountData,
  sessionQuietStore,
  storageDiscoveryStore,
  storageIndexPersistence,
} from './browser-stores';
import { SwrCache, type CacheStore } from './cache';
import { createLimiter } from './limiter';
import { createStayAwake } from './stay-awake';
import { effectiveSettings, type EffectiveSettings } from './settings';
import { keyTag } from './key-vault';
import { legacyKeyHash } from './upload-account';
import { accessChecked } from './service-access';
import { announceSettingsSaved } from '../storage/settings-change';
import { readItem, settingsScopeItem } from '../storage/items';
import { z } from 'zod/mini';

export const MAX_CONCURRENT_CALLS = 6;
/** Of those, kept for what someone waits for on screen (the side panel, the popup): page lookups take the rest. */
export const ON_SCREEN_RESERVED_CALLS = 1;

/** The settings in effect and their key's tag (key-vault.ts keyTag), which what they fetch is filed under. */
type TaggedSettings = EffectiveSettings & { tag: string | null };

async function taggedSettings(): Promise<TaggedSettings> {
  const settings = await effectiveSettings();
  return { ...settings, tag: settings.apiKey === null ? null : await keyTag(settings.apiKey) };
}

export interface ServiceContextOptions {
  cacheStore: CacheStore;
  fetch?: FetchLike;
  clientOptions?: ClientOptions;
  /** What else was fetched with the old settings and must go with them (the panel's saved briefings). */
  onReset?: () => Promise<void>;
  /**
   * What a Save that changes nothing still forgets (a refused key's word on the toolbar: the user
   * saves again once the key works); a Save that changes something runs onReset instead.
   */
  onResave?: () => Promise<void>;
  /** A cheap extension API call that keeps the worker up while calls are on their way (stay-awake.ts). */
  ping?: () => Promise<unknown>;
}

export class ServiceContext {
  readonly cache: SwrCache;
  readonly #fetch: FetchLike;
  /** Every call to the service waits here for one of MAX_CONCURRENT_CALLS slots (one kept for on-screen calls). */
  readonly #gate: Gate;
  /** Calls and the waits between their attempts keep the worker up while they last. */
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #clientOptions: ClientOptions;
  #current: { fingerprint: string; client: ServiceClient } | null = null;
  /**
   * The settings in effect, read (and the key unsealed) once rather than on every call: a
   * 20-person meeting is 20 calls. Forgotten whenever they change (saveAndReset, resetIfSettingsChanged).
   */
  #settings: Promise<TaggedSettings> | null = null;
  /** The settings (server and key) the cache was last emptied for; resets run one at a time. */
  #resetFor: string | null = null;
  #resetting: Promise<unknown> = Promise.resolve();
  /** The settings scope found stored (or stored) by this worker: compared with storage once, not per call. */
  #scopeKnown: string | null = null;
  /** Resets so far: a client() whose settings were read before one began reads them again. */
  #resets = 0;
  readonly #onReset: () => Promise<void>;
  readonly #onResave: () => Promise<void>;

  /** Resets so far: work begun before one may speak for another account, and is dropped. */
  get resets(): number {
    return this.#resets;
  }

  constructor(options: ServiceContextOptions) {
    this.cache = new SwrCache(options.cacheStore);
    const limiter = createLimiter(MAX_CONCURRENT_CALLS, ON_SCREEN_RESERVED_CALLS);
    const awake = createStayAwake(options.ping ?? (() => browser.runtime.getPlatformInfo()));
    this.#gate = (task, first) => awake(() => limiter(task, first));
    this.#sleep = (ms, signal) => awake(() => abortableSleep(ms, signal));
    this.#fetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
    this.#clientOptions = options.clientOptions ?? {};
    this.#onReset = options.onReset ?? (() => Promise.resolve());
    this.#onResave = options.onResave ?? (() => Promise.resolve());
  }

  /**
   * The client for the settings in effect; throws `not_configured` until both are saved. Waits for
   * a save under way: pages ask again as soon as they see it in storage, before the save has
   * forgotten the old settings, and would otherwise be answered with them.
   */
  async client(): Promise<ServiceClient> {
    await this.settled();
    this.#settings ??= taggedSettings();
    const settings = this.#settings;
    // A failed read is not remembered: the next call reads again.
    settings.catch(() => this.#settings === settings && (this.#settings = null));
    const resets = this.#resets;
    const { baseUrl, apiKey, tag } = await settings;
    // A reset began while they were read (a key saved in another tab): they may be the old ones,
    // and a client made now would save the old account's contact list as the new one's.
    if (resets !== this.#resets) return this.client();
    if (!baseUrl || !apiKey || tag === null) {
      // Not remembered either: "no key" may be a vault that cannot be read just now (settings.ts).
      if (this.#settings === settings) this.#settings = null;
      throw new ApiError('not_configured', defaultMessage('not_configured'));
    }
    // Stored data may have been fetched with other settings (changed while no worker listened).
    const scope = cacheScopeOf(baseUrl, tag);
    if (scope !== this.#scopeKnown) {
      await this.#queue(() => this.#adoptScope(scope, resets));
      return this.client();
    }
    const fingerprint = `${baseUrl}\n${apiKey}`;
    if (this.#current?.fingerprint !== fingerprint) {
      this.#current = { fingerprint, client: this.clientFor(baseUrl, apiKey, { persistent: tag }) };
    }
    return this.#current.client;
  }

  /**
   * A client for given values (connection test of unsaved values uses a throwaway one, `false`);
   * the settings' own is given their key's tag, which its answers are filed under.
   */
  clientFor(baseUrl: string, apiKey: string, { persistent }: { persistent: string | false }): ServiceClient {
    return new ServiceClient(baseUrl, apiKey, {
      sleep: this.#sleep,
      ...this.#clientOptions,
      // The settings' client says when access to the host is missing; a test's finds out itself.
      fetch: persistent ? accessChecked(this.#fetch, baseUrl) : this.#fetch,
      gate: this.#gate,
      ...(persistent !== false
        ? {
            keyTag: persistent,
            legacyKeyHash: legacyKeyHash(apiKey),
            discovery: accountDiscoveryStore(),
            indexPersistence: storageIndexPersistence(baseUrl, persistent),
            quiet: sessionQuietStore(baseUrl),
          }
        : { retry: { attempts: 1 }, timeoutMs: 10_000 }),
    });
  }

  /**
   * Keeps the local contact index current for servers that need it (no working e-mail filter), so
   * lookups keep answering from the index without waiting for a rebuild. Run from an alarm.
   */
  async refreshContactIndexIfUsed(): Promise<boolean> {
    const client = await this.client();
    const record = await storageDiscoveryStore.get(client.baseUrl);
    if (record.contactLookup !== 'local-index') return false;
    await client.refreshContactIndex();
    return true;
  }

  /** Forgets everything fetched with the settings in effect, whether or not they changed. */
  async reset(): Promise<void> {
    await this.#queue(() => this.#reset('always'));
  }

  /**
   * Saves new settings and forgets everything fetched with the old key or from the old server, as
   * one step of the reset queue: the save's own storage change, seen while it writes, is checked
   * after this reset and changes nothing. The same values saved again are fetched afresh (a
   * Save is also how a user asks to try again), without starting pages and panel over.
   */
  saveAndReset<T>(save: () => Promise<T>): Promise<T> {
    return this.#queue(async () => {
      const saved = await save();
      await this.#reset('save');
      return saved;
    });
  }

  /**
   * A settings change seen in storage (another options tab, enterprise policy), or the echo of one
   * already handled by saveAndReset(): that echo arrives when a page may already be looking people
   * up, and emptying the cache again would drop those lookups in flight.
   * Returns whether the cache was emptied.
   */
  resetIfSettingsChanged(): Promise<boolean> {
    return this.#queue(() => this.#reset('ifChanged'));
  }

  /** Resolves once the saves and resets asked for so far are done. */
  async settled(): Promise<void> {
    await this.#resetting;
  }

  /** Resets (and the saves they follow) run one at a time, in the order asked. */
  #queue<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#resetting.then(step);
    this.#resetting = run.catch(() => undefined);
    return run;
  }

  /**
   * Compares the settings in effect with those stored data was fetched with: others start over
   * (the reset stores these); none stored (a first start, or an earlier version's data) are these.
   */
  async #adoptScope(scope: string, resets: number): Promise<void> {
    // A reset ran since the settings were read (client() reads them again), or a call before this
    // one (the other lookups of a page, queued behind it) compared them already.
    if (resets !== this.#resets || scope === this.#scopeKnown) return;
    const stored = await readItem(settingsScopeItem, z.nullable(z.string())).catch(() => null);
    if (stored !== null && stored !== scope) {
      await this.#reset('always');
      return;
    }
    if (stored === null) await settingsScopeItem.setValue(scope).catch(() => undefined);
    this.#scopeKnown = scope;
  }

  /**
   * Whether these are the settings data was last fetched with: those last reset for, or (in a
   * worker started since) those stored with the data.
   */
  async #inEffect(fingerprint: string, scope: string | null): Promise<boolean> {
    if (this.#resetFor !== null) return fingerprint === this.#resetFor;
    return (await readItem(settingsScopeItem, z.nullable(z.string())).catch(() => undefined)) === scope;
  }

  /**
   * `save`: a Save's. Saved again as they were, the settings start the service's answers and what
   * was learned of it afresh (a Save is how a user asks to try again), but nothing shown starts over.
   */
  async #reset(when: 'always' | 'ifChanged' | 'save'): Promise<boolean> {
    const { baseUrl, apiKey, tag } = await taggedSettings().catch(() => ({ baseUrl: null, apiKey: null, tag: null }));
    const fingerprint = `${baseUrl}\n${apiKey}`;
    if (when === 'ifChanged' && fingerprint === this.#resetFor) return false;
    const scope = baseUrl && tag !== null ? cacheScopeOf(baseUrl, tag) : null;
    const changed = when !== 'save' || !(await this.#inEffect(fingerprint, scope));
    this.#resetFor = fingerprint;
    // First: a client made from here on saves its contact list (and sample contact); the old one's saves are dropped.
    const clearing = Promise.all([clearContactIndex(), clearQuiet().catch(() => undefined), forgetDiscoveredAccountData()]);
    // Work begun before speaks for other settings; the same ones' answers still hold.
    if (changed) this.#resets += 1;
    this.#current = null;
    this.#settings = null;
    await this.cache.invalidate();
    await clearing;
    if (!changed) {
      this.#scopeKnown = scope;
      await this.#onResave();
      return true;
    }
    await this.#onReset();
    // Only once all is forgotten: a worker stopped before this resets again on its next start.
    await settingsScopeItem.setValue(scope).catch(() => undefined);
    this.#scopeKnown = scope;
    // Pages cannot hear the save itself (storage.local is closed to them): they ask again now.
    await announceSettingsSaved().catch(() => undefined);
    return true;
  }
}
