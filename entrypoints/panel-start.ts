/**
 * The side panel's start-up script: a small classic script the panel's page runs as soon as it is
 * loaded (async, in the head), while the panel's own code (React, zod and the rest, much larger)
 * is still loading. It starts what the first briefing waits for: reading the target and the saved
 * cache, and asking the background for the insights of the people already known that the saved
 * cache does not hold, so a meeting's calls to the service overlap with loading the panel. The
 * panel takes over what it started and checks it (components/panel/data/early-start.ts). And
 * when the same page (or choice) was briefed before in this browser session, it paints the saved
 * copy of that briefing at once (lib/panel/saved-briefing.ts), which the live panel replaces as it
 * draws. Kept small on purpose: no zod, no polyfill (the browser's own promise-based API).
 */
import { defineUnlistedScript } from '#imports';
import { earlyContactIds, publishEarlyStart, savedInsightIds, type EarlyInsights } from '@/components/panel/data/early-start';
import { insightsMessages } from '@/components/panel/data/insights-message';
import { envelope } from '@/lib/messaging/envelope';
import { paintSavedBriefing, savedBriefingFor, savedBriefingKeyOf } from '@/lib/panel/saved-briefing';
import { readPanelTargetRaw, type RawTarget, type TargetApi } from '@/lib/panel/target-read';
import { PANEL_CACHE_KEY, SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';

interface StartApi extends TargetApi {
  storage: TargetApi['storage'] & { local: { get(key: string): Promise<Record<string, unknown>> } };
  runtime: { sendMessage(message: unknown): Promise<unknown> };
}

export default defineUnlistedScript(() => {
  const holder = globalThis as { browser?: StartApi; chrome?: StartApi };
  // Firefox has `browser`; Chrome's MV3 `chrome` returns promises too.
  const api = holder.browser ?? holder.chrome;
  if (!api?.runtime) return;
  const target = readPanelTargetRaw(api);
  const savedCache = api.storage.local.get(PANEL_CACHE_KEY).then((stored) => stored[PANEL_CACHE_KEY] ?? null);
  const savedInsights = savedCache.then(savedInsightIds);
  const insights = Promise.all([target.then(earlyContactIds), savedInsights]).then(([known, cached]): EarlyInsights[] => {
    return insightsMessages(known.filter((id) => !cached.has(id))).map((message) => {
      const reply = api.runtime.sendMessage(envelope(message.type, message.payload));
      reply.catch(() => undefined);
      return { message, reply };
    });
  });
  const savedBriefings = api.storage.session.get([SAVED_BRIEFINGS_KEY]).then((stored) => stored[SAVED_BRIEFINGS_KEY]);
  const savedCopy = savedBriefings.then((stored) => (stored === undefined ? false : target.then((raw) => paintSaved(raw, stored)))).catch(() => false);
  // Each is handled by the panel when it takes it over; none is reported as unhandled meanwhile.
  for (const pending of [target, savedCache, savedInsights, insights]) pending.catch(() => undefined);
  publishEarlyStart({ target, savedCache, savedInsights, insights, savedCopy });
});

/** Paints the saved copy of this target's briefing, if there is one (see saved-briefing.ts). */
async function paintSaved(raw: RawTarget, stored: unknown): Promise<boolean> {
  if (raw.tabId === null) return false;
  const key = await savedBriefingKeyOf(raw.focus, raw.page);
  const saved = savedBriefingFor(stored, key, Date.now());
  if (!saved) return false;
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  return paintSavedBriefing(document, saved);
}
