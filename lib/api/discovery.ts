/**
 * What the client learned about a server's unshown paths (finding a contact by e-mail, insights
 * of a recording), remembered per service address so discovery costs requests once, not per call.
 */
import { z } from 'zod/mini';

export const CONTACT_LOOKUPS = [
  'email-param', // GET /contacts?email=
  'search-path', // GET /contacts/search?email=
  'by-email-path', // GET /contacts/by-email/:email
  'search-param', // GET /contacts?search=  (substring; filtered exactly here)
  'q-param', // GET /contacts?q=
  'local-index', // none works: page through the list and index it here
] as const;
export type ContactLookup = (typeof CONTACT_LOOKUPS)[number];

export const RECORDING_INSIGHT_ROUTES = ['insights-path', 'recording-path', 'embedded', 'none'] as const;
export type RecordingInsightRoute = (typeof RECORDING_INSIGHT_ROUTES)[number];

export const DiscoveryRecordSchema = z.object({
  contactLookup: z.nullable(z.enum(CONTACT_LOOKUPS)),
  contactLookupCheckedAt: z.nullable(z.number()),
  /**
   * The calibrated form matches addresses case-sensitively (Django's `filter(email=…)` on
   * Postgres): an address it does not find may be stored in another case. Optional, so records
   * saved before it existed stay valid until the next calibration.
   */
  contactLookupCaseSensitive: z.optional(z.boolean()),
  /**
   * The calibrated search (`search-param`, `q-param`) found a sample contact by a later word of its
   * name that none of its addresses holds: only then is it asked for a name's namesakes (else the
   * whole list is). Optional, so
   * records saved before it existed stay valid (and use the list) until the next calibration.
   */
  contactSearchCoversNames: z.optional(z.boolean()),
  /**
   * The address the calibrated form found (its sample): asked again when the form answers 404 for
   * another address, to tell "no such person" from a route gone. Optional, as the fields above.
   */
  contactLookupSample: z.optional(z.nullable(z.string())),
  recordingInsights: z.nullable(z.enum(RECORDING_INSIGHT_ROUTES)),
  recordingInsightsCheckedAt: z.nullable(z.number()),
  /**
   * A processed recording found with insights nowhere: a second one, another, makes the server one
   * without insights (`'none'`). Optional, so records saved before it existed stay valid.
   */
  recordingInsightsMissingFor: z.optional(z.nullable(z.string())),
});
export type DiscoveryRecord = z.infer<typeof DiscoveryRecordSchema>;

export const EMPTY_DISCOVERY: DiscoveryRecord = {
  contactLookup: null,
  contactLookupCheckedAt: null,
  recordingInsights: null,
  recordingInsightsCheckedAt: null,
};

/**
 * What a record holds of the account's own data, not the server's shape: a contact's address (the
 * calibration's sample) and a recording's id. Forgotten with the account (another key, none), and
 * the lookup calibrates once again against the new account's own contact: asked for the old
 * account's sample, the new one finds nobody, and its working route was given up for the index.
 */
export const WITHOUT_ACCOUNT_DATA = {
  contactLookupSample: null,
  contactLookupCheckedAt: null,
  recordingInsightsMissingFor: null,
} as const satisfies Partial<DiscoveryRecord>;

export interface DiscoveryStore {
  get(baseUrl: string): Promise<DiscoveryRecord>;
  update(baseUrl: string, patch: Partial<DiscoveryRecord>): Promise<void>;
}

/** In-memory store: the default, and what unit tests use. The background persists its own. */
export class MemoryDiscoveryStore implements DiscoveryStore {
  readonly #records = new Map<string, DiscoveryRecord>();

  get(baseUrl: string): Promise<DiscoveryRecord> {
    return Promise.resolve(this.#records.get(baseUrl) ?? EMPTY_DISCOVERY);
  }

  update(baseUrl: string, patch: Partial<DiscoveryRecord>): Promise<void> {
    this.#records.set(baseUrl, { ...(this.#records.get(baseUrl) ?? EMPTY_DISCOVERY), ...patch });
    return Promise.resolve();
  }
}
