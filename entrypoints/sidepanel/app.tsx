/**
 * The live side panel: loaded by main.tsx (see there why it is a chunk of its own).
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { PanelApp } from '@/components/panel/PanelApp';
import { PanelErrorBoundary } from '@/components/panel/PanelErrorBoundary';
import { takeEarlyStart } from '@/components/panel/data/early-start';
import { adoptEarlyInsights } from '@/components/panel/data/insights-loader';
import { startPanelCache } from '@/components/panel/data/persistence';
import { prefetchBriefing } from '@/components/panel/data/prefetch';
import { primePreferences } from '@/components/panel/data/usePreferences';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { releaseSavedBriefing, showsSavedBriefing } from '@/lib/panel/saved-briefing';
import { knownContactIds, subjectOf } from '@/lib/panel/subject';
import { getPanelTarget, panelTargetFrom, type PanelTarget } from '@/lib/panel/target';
import { insightsOptions } from '@/components/panel/data/queries';

// Everything starts before React renders: the tab (or chosen focus) is read, and the briefing is
// asked for the moment it is known, while the saved cache is read from storage alongside. The
// start-up script (entrypoints/panel-start.ts) has usually begun all three while this code was
// still loading: they are taken over, not started again.
const startedAt = Date.now();
const client = createPanelQueryClient();
const early = takeEarlyStart();
if (early) adoptEarlyInsights(early.insights);
const firstTarget = early ? early.target.then((raw) => panelTargetFrom(raw, { skipPageWhenFocused: true })) : getPanelTarget({ skipPageWhenFocused: true });
// Briefings the saved cache holds are shown from it, not asked for before the first paint.
const saved = early ? early.savedInsights.catch(() => new Set<string>()) : Promise.resolve(new Set<string>());
Promise.all([firstTarget, saved])
  .then(([target, cached]) => prefetchBriefing(client, target, cached))
  .catch(() => undefined);
const restored = startPanelCache(client, early?.savedCache);
// Who is left out (the user's own addresses, excluded domains) is known at the first render.
const preferencesRead = primePreferences();

/**
 * The first render waits this long at most for the target and the saved cache: with both at hand
 * React draws the briefing itself in one pass, instead of a skeleton first and the briefing after.
 */
const FIRST_RENDER_WAIT_MS = 40;
/**
 * With a saved copy of the briefing on screen (painted by the start-up script), the wait is longer:
 * a render without the data would replace the copy with a skeleton.
 */
const FIRST_RENDER_WAIT_OVER_SAVED_MS = 1_000;
let knownTarget: PanelTarget | undefined;
void firstTarget.then((target) => (knownTarget = target)).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('Primer side panel: #root is missing from index.html.');
const rootElement = root;
const firstData = Promise.all([firstTarget, restored, preferencesRead]).catch(() => undefined);
const atMost = (ms: number) => Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, ms))]);
/**
 * Resolves once the cache holds what the target's briefing shows first (its known contacts'
 * insights), so a render over the saved copy draws the briefing, not placeholders. `stop` ends the
 * watch.
 */
function briefingData(target: PanelTarget): { ready: Promise<void>; stop: () => void } {
  const ids = knownContactIds(subjectOf(target));
  const inCache = () => ids.every((id) => client.getQueryData(insightsOptions(id).queryKey) !== undefined);
  if (inCache()) return { ready: Promise.resolve(), stop: () => undefined };
  let unsubscribe: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    unsubscribe = client.getQueryCache().subscribe(() => {
      if (inCache()) resolve();
    });
  });
  void ready.then(() => unsubscribe());
  return { ready, stop: () => unsubscribe() };
}

/** Over a saved copy: the target, the restored cache and the briefing's data, or the wait's end. */
function overSavedCopy(): Promise<unknown> {
  let stop: () => void = () => undefined;
  const data = Promise.all([firstTarget, restored]).then(([target]) => {
    const watch = briefingData(target);
    stop = watch.stop;
    return watch.ready;
  });
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_OVER_SAVED_MS));
  return Promise.race([data, wait])
    .catch(() => undefined)
    .finally(() => stop());
}

void atMost(FIRST_RENDER_WAIT_MS)
  .then(() => (showsSavedBriefing(rootElement) ? overSavedCopy() : undefined))
  .then(() => {
    // React's first render replaces the saved copy (it clears the root it mounts in).
    releaseSavedBriefing(rootElement);
    const reactRoot = createRoot(rootElement);
    // Drawn now, before the next frame, rather than in a task React schedules (which waits behind
    // the page's other tasks): the briefing is in the first frame that can show it.
    flushSync(() =>
      reactRoot.render(
        <StrictMode>
          <PanelErrorBoundary>
            <PanelApp client={client} restored={restored} firstTarget={firstTarget} initialTarget={knownTarget} startedAt={startedAt} />
          </PanelErrorBoundary>
        </StrictMode>,
      ),
    );
    // The root is React's now, whatever was painted into it meanwhile.
    releaseSavedBriefing(rootElement);
  });
