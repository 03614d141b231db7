/**
 * What an upload starts from: the meeting in view (or a draft the side panel handed over with
 * "Upload recording of this meeting") turned into the form's defaults.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { PanelTarget } from '../panel/target';
import { subjectOf } from '../panel/subject';

export const UploadDraftSchema = z.object({
  title: z.nullable(z.string()),
  /** ISO timestamp of the meeting, when known. */
  meetingDate: z.nullable(z.string()),
  speakersExpected: z.nullable(z.int()),
  /** Known contacts of the meeting, offered as its primary contact. */
  contacts: z.array(z.object({ id: z.string(), name: z.string() })),
  primaryContactId: z.nullable(z.string()),
});
export type UploadDraft = z.infer<typeof UploadDraftSchema>;

export const DRAFT_KEY = 'uploadDraft';
export const EMPTY_DRAFT: UploadDraft = { title: null, meetingDate: null, speakersExpected: null, contacts: [], primaryContactId: null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The start of a meeting from the text a calendar shows, e.g. "Tuesday, May 19, 2026⋅10:00 –
 * 10:45am" or "Tue 19/05/2026 10:00 - 10:45". Null when it cannot be read for sure.
 */
export function parseWhen(text: string | null, now: Date = new Date()): string | null {
  if (!text) return null;
  const clean = text.replace(/[⋅·]/g, ' ').replace(/\s+/g, ' ');
  let year = now.getFullYear();
  let month: number | null = null;
  let day: number | null = null;
  const named = /\b([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,?(?: (\d{4}))?/.exec(clean) ?? /\b(\d{1,2}) ([A-Za-z]{3,9})\.?,?(?: (\d{4}))?/.exec(clean);
  if (named) {
    const [first, second] = /^\d/.test(named[1]!) ? [named[2]!, named[1]!] : [named[1]!, named[2]!];
    const index = MONTHS.indexOf(first.slice(0, 3).toLowerCase());
    if (index >= 0) {
      month = index;
      day = Number(second);
      if (named[3]) year = Number(named[3]);
    }
  }
  if (month === null) {
    const numeric = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(clean);
    if (numeric) [year, month, day] = [Number(numeric[1]), Number(numeric[2]) - 1, Number(numeric[3])];
  }
  if (month === null || day === null) return null;
  const times = [...clean.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s?(am|pm)?\b/gi)].filter((match) => match[2] !== undefined || match[3] !== undefined);
  const start = times.find((match) => match.index !== undefined && match.index > (named?.index ?? -1) + (named?.[0].length ?? 0) - 1) ?? null;
  let hours = 0;
  let minutes = 0;
  if (start) {
    hours = Number(start[1]);
    minutes = Number(start[2] ?? 0);
    // "10:00 – 10:45am": the start takes the end's am/pm.
    const meridiem = (start[3] ?? times.find((match) => match !== start && match[3])?.[3] ?? '').toLowerCase();
    if (meridiem === 'pm' && hours < 12) hours += 12;
    if (meridiem === 'am' && hours === 12) hours = 0;
  }
  const date = new Date(year, month, day, hours, minutes);
  return Number.isNaN(date.getTime()) || date.getDate() !== day ? null : date.toISOString();
}

/** The form's defaults for the tab in view: its event (title, time, attendees) or the person chosen. */
export function draftFromTarget(target: PanelTarget): UploadDraft {
  const subject = subjectOf(target);
  if (subject.kind === 'person') {
    const match = subject.person.match;
    return { ...EMPTY_DRAFT, contacts: match ? [{ id: match.contact.id, name: match.contact.name ?? match.contact.email ?? match.contact.id }] : [], primaryContactId: match?.contact.id ?? null };
  }
  if (subject.kind !== 'meeting') return EMPTY_DRAFT;
  const { surface } = subject;
  const contacts = surface.people.flatMap((person) =>
    person.match ? [{ id: person.match.contact.id, name: person.match.contact.name ?? person.name ?? person.match.contact.email ?? person.match.contact.id }] : [],
  );
  const unique = [...new Map(contacts.map((contact) => [contact.id, contact])).values()];
  return {
    title: surface.title,
    meetingDate: surface.kind === 'event' ? parseWhen(surface.when) : null,
    // The page lists the others; the user is an attendee too.
    speakersExpected: surface.kind === 'event' ? surface.people.length + 1 : null,
    contacts: unique,
    primaryContactId: unique.length === 1 ? unique[0]!.id : null,
  };
}

export async function saveDraft(draft: UploadDraft): Promise<void> {
  await browser.storage.session.set({ [DRAFT_KEY]: draft });
}

/** The draft the side panel left, once (it is removed as it is read). */
export async function takeDraft(): Promise<UploadDraft | null> {
  const stored = (await browser.storage.session.get(DRAFT_KEY))[DRAFT_KEY];
  if (stored === undefined) return null;
  await browser.storage.session.remove(DRAFT_KEY);
  const parsed = UploadDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

interface ActionWithPopup {
  openPopup?: () => Promise<void>;
}
interface RuntimeWithContexts {
  getContexts?: (filter: { contextTypes: string[] }) => Promise<unknown[]>;
}

/** How long `action.openPopup` may take before the tab is used instead (it can hang, e.g. headless). */
const POPUP_WAIT_MS = 1000;

async function popupOpened(action: ActionWithPopup): Promise<boolean> {
  if (!action.openPopup) return false;
  const opened = await Promise.race([
    action.openPopup().then(
      () => true,
      // Not allowed here (no focused window, another popup in front): a tab does the same.
      () => false,
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), POPUP_WAIT_MS)),
  ]);
  if (opened !== null) return opened;
  // Still pending: trust only a popup that is really there.
  const runtime = browser.runtime as unknown as RuntimeWithContexts;
  const popups = await runtime.getContexts?.({ contextTypes: ['POPUP'] }).catch(() => []);
  return (popups?.length ?? 0) > 0;
}

/**
 * Opens the upload flow pre-filled with `draft`: the toolbar popup where the browser allows it,
 * else the same page in a tab (which does not close when it loses focus).
 */
export async function openUploadFor(draft: UploadDraft): Promise<void> {
  await saveDraft(draft);
  if (await popupOpened(browser.action)) return;
  await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
}
