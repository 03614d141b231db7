/**
 * How long a stored answer of the service is kept, in the background's cache (pruned hourly:
 * lib/background/upkeep.ts) and in the side panel's saved cache alike: one limit, so neither
 * keeps what the other dropped.
 */
export const STORED_ANSWER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
