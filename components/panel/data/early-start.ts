/**
 * What the side panel's start-up script (entrypoints/panel-start.ts) began before the panel's own
 * code was loaded, handed over through a global of the panel's page: the target and the saved
 * cache being read, the insights messages already sent, and the saved copy of the briefing being
 * painted (lib/panel/saved-briefing.ts). The panel takes it once and checks
 * everything in it as if it had read it itself; without it (the script had not run) the panel
 * starts these itself. Nothing here may import zod or the protocol: the script must stay small.
 */
import type { RawTarget } from '@/lib/panel/target-read';
import type { InsightsMessage } from './insights-message';

export interface EarlyInsights {
  message: InsightsMessage;
  /** The background's raw reply: checked by whoever uses it (insights-loader.ts). */
  reply: Promise<unknown>;
}

export interface EarlyStart {
  target: Promise<RawTarget>;
  /** The saved query cache as stored (checked when restored: persistence.ts). */
  savedCache: Promise<unknown>;
  /** Contacts whose insights the saved cache holds (`savedInsightIds`), read once for both sides. */
  savedInsights: Promise<Set<string>>;
  /** The insights messages sent, once the script knows what to ask for. */
  insights: Promise<EarlyInsights[]>;
  /** Settles once the saved copy of the briefing is on screen (true) or known not to come (false). */
  savedCopy: Promise<boolean>;
}

const GLOBAL = '__primerPanelStart';

export function publishEarlyStart(start: EarlyStart): void {
  (globalThis as Record<string, unknown>)[GLOBAL] = start;
}

export function takeEarlyStart(): EarlyStart | null {
  const holder = globalThis as Record<string, unknown>;
  const start = holder[GLOBAL];
  delete holder[GLOBAL];
  if (typeof start !== 'object' || start === null) return null;
  const { target, savedCache, savedInsights, insights, savedCopy } = start as Partial<EarlyStart>;
  const allPromises = target instanceof Promise && savedCache instanceof Promise && savedInsights instanceof Promise && insights instanceof Promise;
  if (!(allPromises && savedCopy instanceof Promise)) return null;
  return { target, savedCache, savedInsights, insights, savedCopy };
}

/** The live panel waits this long at most for the start-up script's saved copy. */
export const SAVED_COPY_WAIT_MS = 250;

/**
 * For the panel page's module, before the live code is loaded (the hand-over is not taken): resolves
 * once the saved copy is on screen or known not to come, at once when the script has not run, and
 * after SAVED_COPY_WAIT_MS at most.
 */
export function savedCopySettled(): Promise<void> {
  const savedCopy = ((globalThis as Record<string, unknown>)[GLOBAL] as Partial<EarlyStart> | undefined)?.savedCopy;
  if (!(savedCopy instanceof Promise)) return Promise.resolve();
  const wait = new Promise((resolve) => setTimeout(resolve, SAVED_COPY_WAIT_MS));
  return Promise.race([savedCopy.catch(() => undefined), wait]).then(() => undefined);
}

type Loose = Record<string, unknown> | undefined;
const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Loose)?.[key] : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const contactIdOf = (person: unknown): string[] => {
  const id = field(field(field(person, 'match'), 'contact'), 'id');
  return typeof id === 'string' && id !== '' ? [id] : [];
};

/**
 * The known contacts (no lookup needed) of what the panel will brief, read loosely from the raw
 * target, following lib/panel/subject.ts: the chosen person, the chosen meeting's people, else the
 * page's first surface with people that is not a list. Only a guess of what to ask for early: the
 * panel uses an early reply only for a contact its checked subject needs, and the background
 * checks the message as any other.
 */
export async function earlyContactIds(raw: RawTarget): Promise<string[]> {
  const focus = raw.focus;
  if (field(focus, 'kind') === 'person') return contactIdOf(focus);
  const chosen = list(field(field(focus, 'surface'), 'people'));
  if (field(focus, 'kind') === 'surface' && chosen.length > 0) return [...new Set(chosen.flatMap(contactIdOf))];
  if (raw.tabId === null) return [];
  const page = await raw.page;
  if (field(page, 'recognised') !== true) return [];
  const surface = list(field(page, 'surfaces')).find((candidate) => field(candidate, 'kind') !== 'list' && list(field(candidate, 'people')).length > 0);
  // Only those the page was given (lib/panel/shown-matches.ts).
  return [...new Set(list(field(surface, 'people')).flatMap(contactIdOf))].filter((id) => raw.shown.has(id));
}

/**
 * Contacts whose insights the saved cache holds (read loosely too: it only decides what is not
 * worth asking for before the panel restores and checks the cache itself).
 */
export function savedInsightIds(saved: unknown): Set<string> {
  const ids = new Set<string>();
  if (typeof saved !== 'string') return ids;
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch {
    return ids;
  }
  for (const query of list(field(field(parsed, 'clientState'), 'queries'))) {
    const key = list(field(query, 'queryKey'));
    if (key[0] === 'insights' && typeof key[1] === 'string' && field(field(query, 'state'), 'data') !== undefined) ids.add(key[1]);
  }
  return ids;
}
