/**
 * What an upload starts from: the meeting in view (or a draft the side panel handed over with
 * "Upload a recording of this meeting") turned into the form's defaults.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import type { PanelTarget } from '../panel/target';
import type { PageSurface } from '../panel/context';
import type { ContactMatch } from '../models/contact';
import { DEFAULT_PREFERENCES, type Preferences } from '../storage/preferences';
import { leftOutPerson } from '../panel/left-out';
import { disownedByName, surfaceOf } from '../panel/subject';
import { VIEW_TEXT_MAX } from '../panel/view';
import { toolbarButton } from '../background/toolbar';

export const UploadDraftSchema = z.object({
  title: z.nullable(z.string()),
  /** ISO timestamp of the meeting, when known. */
  meetingDate: z.nullable(z.string()),
  speakersExpected: z.nullable(z.int()),
  /**
   * Known contacts of the meeting, offered as its primary contact. `matchedBy` is set (to 'name')
   * only for a contact found by a full-name match, which the choice says.
   */
  contacts: z.array(z.object({ id: z.string(), name: z.string(), matchedBy: z.optional(z.literal('name')) })),
  primaryContactId: z.nullable(z.string()),
  /**
   * The meeting's time as the page wrote it, when Primer could not read it (meetingDate null), or
   * read its date only (meetingDate at midnight): the form says so beside the date it starts from
   * (now, or that midnight), so a past meeting is not sent as today's, nor at 00:00.
   */
  unreadWhen: z.optional(z.string().check(z.maxLength(VIEW_TEXT_MAX))),
  /** An address typed for "Someone else", carried to the form in a tab (Firefox: file-in-tab.ts). */
  otherEmail: z.optional(z.string().check(z.maxLength(400))),
});
export type UploadDraft = z.infer<typeof UploadDraftSchema>;

export const DRAFT_KEY = 'uploadDraft';
export const EMPTY_DRAFT: UploadDraft = { title: null, meetingDate: null, speakersExpected: null, contacts: [], primaryContactId: null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Weekdays that start as a month does ("mardi", "martes", "martedì"): Tuesday, not March. */
const NOT_MONTHS = /^mar(di|tes|ted)/i;

/**
 * Languages whose month names are read besides the browser's own (calendars are often set to
 * another). Croatian is here so that its "listopada" (October) is known to be Polish November too.
 */
const MONTH_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb', 'pl', 'fi', 'hr', 'cs', 'ca', 'tr'];

/** Lower case, without accents or a final dot: "Mär." and "mar", "févr." and "fevr" compare. */
function monthKey(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/\.$/, '').toLowerCase();
}

/** A month name two languages give different months ("listopada": hr October, pl November). */
const AMBIGUOUS = -1;

/**
 * The month names of some languages, long and short, as dates write them ("19. Mai", "19 maja",
 * "10 juin", "3 févr."), from the browser's own locale data; AMBIGUOUS where two of them disagree.
 */
function monthNamesOf(languages: Iterable<string>): Map<string, number> {
  const table = new Map<string, number>();
  for (const language of languages) {
    for (const month of ['long', 'short'] as const) {
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat(language, { day: 'numeric', month, timeZone: 'UTC' });
      } catch {
        continue;
      }
      for (let index = 0; index < 12; index++) {
        const name = format.formatToParts(new Date(Date.UTC(2026, index, 15))).find((part) => part.type === 'month')?.value;
        // Catalan's month carries its "de"/"d’" ("de novembre", "d’octubre").
        const key = name && !/\d/.test(name) ? monthKey(name.replace(/^(?:de |d[’'])/, '')) : null;
        if (key !== null) table.set(key, table.has(key) && table.get(key) !== index ? AMBIGUOUS : index);
      }
    }
  }
  return table;
}

let monthNames: Map<string, number> | null = null;

/**
 * Month names in the browser's languages and MONTH_LANGUAGES. The browser's languages settle a
 * name the others give another month (a Polish user's "listopada" is November); among the others,
 * such a name is no month at all rather than a guess.
 */
function monthTable(): Map<string, number> {
  if (monthNames) return monthNames;
  const table = monthNamesOf(new Set(globalThis.navigator?.languages ?? []));
  for (const [key, index] of monthNamesOf(MONTH_LANGUAGES)) if (!table.has(key)) table.set(key, index);
  return (monthNames = table);
}

/** What follows a weekday's number when a date comes after it: "/05/2026", or a month word and a year. */
const WEEKDAY_BEFORE_DATE = /^(?:[/.]\d|\s+[^\s\d]{3,}\.?,?\s+\d{4}\b)/;

interface DayOfYear {
  year: number | null;
  month: number;
  day: number;
  /** Where the date ends in the text: the start time comes after it. */
  end: number;
}

/**
 * A month by its name in one of the languages read (monthTable), else by its first three letters,
 * as English abbreviates and many languages begin theirs ("Sept", "martie", "március"; Finnish
 * "marraskuuta", November, is in the table first), not the weekdays that begin as one does:
 * "mardi 19 mai" is Tuesday the 19th, not March 19.
 */
function monthOf(word: string): number | null {
  if (NOT_MONTHS.test(word) || word.length < 3) return null;
  const key = monthKey(word);
  const named = monthTable().get(key);
  if (named !== undefined) return named === AMBIGUOUS ? null : named;
  const index = MONTHS.indexOf(key.slice(0, 3));
  return index >= 0 ? index : null;
}

/** The first date in the text: "May 19, 2026", "19 May 2026", "2026-05-19", or "19/05/2026" when the order is certain. */
function findDate(text: string): DayOfYear | null {
  const found: DayOfYear[] = [];
  // A number that goes on with ":" or "." and a digit is a clock's hour ("octubre 14:00"), never the day.
  for (const m of text.matchAll(/(?<!\p{L})(\p{L}{3,12})\.? (\d{1,2})(?:st|nd|rd|th)?\b(?![:.]\d),?(?: (\d{4})\b)?/gu)) {
    const month = monthOf(m[1]!);
    const end = m.index + m[0].length;
    // A short weekday spelled as a month ("mar." is Tuesday in French, Spanish and Italian): its
    // number begins the date that follows ("mar. 19/05/2026", "mar 19 mag 2026"), never a March day.
    if (month === null || (!m[3] && (WEEKDAY_BEFORE_DATE.test(text.slice(end)) || monthFollows(text.slice(end))))) continue;
    found.push({ month, day: Number(m[2]), year: m[3] ? Number(m[3]) : null, end });
  }
  // Spanish and Portuguese put "de" between ("19 de mayo de 2026"), Catalan "d’" before a vowel ("20 d’octubre").
  for (const m of text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)?\.?(?: de | d[’']| )(\p{L}{3,12})(?!\p{L})\.?,?(?:(?: de)? (\d{4})\b)?/gu)) {
    const month = monthOf(m[2]!);
    if (month === null) continue;
    // "29 – 30 December 2025": the range starts on the 29th (a day before the end's; not "10:00 - 12 June").
    const from = /(?<![:\d])(\d{1,2})\.?\s*[–—-]\s*$/.exec(text.slice(0, m.index));
    const day = from && Number(from[1]) >= 1 && Number(from[1]) < Number(m[1]) ? Number(from[1]) : Number(m[1]);
    found.push({ month, day, year: m[3] ? Number(m[3]) : null, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    found.push({ year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]), end: m.index + m[0].length });
  }
  for (const m of text.matchAll(/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    // 19/05 is day-first, 05/19 month-first; 05/06 could be either, so it is not guessed. 05/05
    // is the same day either way.
    if ((a > 12 || a === b) && b <= 12) found.push({ day: a, month: b - 1, year: Number(m[3]), end: m.index + m[0].length });
    else if (b > 12 && a <= 12) found.push({ day: b, month: a - 1, year: Number(m[3]), end: m.index + m[0].length });
  }
  return found.sort((x, y) => x.end - y.end)[0] ?? null;
}

/**
 * How 12-hour clocks mark the half of the day in languages that write no "am"/"pm" (CLDR: ko, ja,
 * zh, el, hu, vi, tr, cs, sl, sv, uk, ar, fa, lv, lt, ms, af, is), exactly, dots and case included
 * (Spanish "de" is no Hungarian "de."). Beside a clock, the time is not read.
 */
const DAY_PERIODS = [
  ...['오전', '오후', '午前', '午後', '上午', '下午', 'π.μ.', 'μ.μ.', 'de.', 'du.', 'SA', 'CH', 'ÖÖ', 'ÖS', 'dop.', 'odp.', 'pop.', 'fm', 'em'],
  ...['дп', 'пп', 'ص', 'م', 'ق.ظ.', 'ب.ظ.', 'priekšp.', 'pēcp.', 'priešpiet', 'popiet', 'PG', 'PTG', 'vm.', 'nm.', 'f.h.', 'e.h.'],
];
const DAY_PERIOD = `(?<![\\p{L}.])(?:${DAY_PERIODS.map((period) => period.replaceAll('.', '\\.')).join('|')})(?!\\p{L})`;
const DAY_PERIOD_BY_CLOCK = new RegExp(`${DAY_PERIOD} ?\\d{1,2}[:.]\\d{2}|\\d{1,2}[:.]\\d{2} ?${DAY_PERIOD}`, 'u');

/**
 * The start of a meeting from the text a calendar shows, e.g. "Tuesday, May 19, 2026⋅10:00 –
 * 10:45am", "Tue 19 May 2026 14:30" or "Tue 19/05/2026 10:00 - 10:45". Null when it cannot be read
 * for sure.
 */
export function parseWhen(text: string | null, now: Date = new Date(), { needTime = false }: { needTime?: boolean } = {}): string | null {
  if (!text) return null;
  const clean = text.replace(/[⋅·]/g, ' ').replace(/\s+/g, ' ');
  const date = findDate(clean);
  if (!date) return null;
  const rest = clean.slice(date.end);
  // A bare hour is a time only as the start of a range: Calendar writes "10 – 11am" for 10:00.
  // "pm", "PM", "p.m." or "p. m.": the meridiem is told by its first letter. The minutes of "2.00
  // PM" or "2 h 00 p.m." are no hour (such a clock is not read); nor is a clock marked as no
  // other language's is ("오후 2:00", "2:00 μ.μ."), rather than read as the morning.
  const times = DAY_PERIOD_BY_CLOCK.test(rest)
    ? []
    : [...rest.matchAll(/(?<!\d ?[.h] ?)\b(\d{1,2})(?::(\d{2}))?\s?([ap](?:\. ?)?m)?\b(?=(\s*\.?\s*[–—-]\s*\d{1,2}(?::\d{2})?\s?[ap](?:\. ?)?m\b)?)/gi)].filter(
        (match) => match[2] !== undefined || match[3] !== undefined || match[4] !== undefined,
      );
  const start = times[0];
  // A date whose time cannot be read is midnight for the form (the user sets the time); telling
  // two events apart (needTime), it is no time at all.
  if (!start && needTime) return null;
  let hours = 0;
  let minutes = 0;
  if (start) {
    hours = Number(start[1]);
    minutes = Number(start[2] ?? 0);
    // "10:00 – 10:45am": the start takes the end's am/pm, unless it would then come after the end
    // ("11:30 – 12:15pm" starts in the morning).
    const end = times.find((match) => match !== start && match[3]);
    const endClock = end ? (Number(end[1]) % 12) * 60 + Number(end[2] ?? 0) : 0;
    const flip = !start[3] && end !== undefined && (hours % 12) * 60 + minutes > endClock;
    const inherited = (end?.[3] ?? '').charAt(0).toLowerCase();
    const meridiem = (start[3] ?? (flip ? (inherited === 'p' ? 'a' : 'p') : inherited)).charAt(0).toLowerCase();
    if (meridiem === 'p' && hours < 12) hours += 12;
    if (meridiem === 'a' && hours === 12) hours = 0;
    if (hours > 23 || minutes > 59) return null;
  }
  // A range writes its year once, at its end ("December 29 – 30, 2025").
  const year = date.year ?? yearOfRange(clean.slice(date.end), date.month) ?? now.getFullYear();
  const result = new Date(year, date.month, date.day, hours, minutes);
  const valid = !Number.isNaN(result.getTime()) && result.getDate() === date.day && result.getMonth() === date.month;
  return valid ? result.toISOString() : null;
}

/**
 * The year of a range's start, written once after its dash, before any time of day: "– 30, 2025",
 * "– Tuesday, December 30, 2025"; the year before when the range ends in an earlier month ("Dec
 * 31 – Jan 1, 2027" starts in 2026).
 */
function yearOfRange(rest: string, startMonth: number): number | null {
  const clock = rest.search(/\d{1,2}:\d{2}|\b\d{1,2}\s?[ap](?:\. ?)?m\b/i);
  const head = clock < 0 ? rest : rest.slice(0, clock);
  const year = /\b((?:19|20)\d{2})\b/.exec(head);
  if (!year || !/[–—-]/.test(head.slice(0, year.index))) return null;
  const endMonth = [...head.slice(0, year.index).matchAll(/\p{L}{3,12}/gu)].map((word) => monthOf(word[0])).findLast((month) => month !== null);
  return Number(year[1]) - (endMonth !== undefined && endMonth !== null && endMonth < startMonth ? 1 : 0);
}

/** Whether a month's name comes next ("mar. 19 mai": the number was a weekday's, "mar." Tuesday). */
function monthFollows(rest: string): boolean {
  const word = /^\.?,?\s+(\p{L}{3,12})/u.exec(rest)?.[1];
  return word !== undefined && monthOf(word) !== null;
}

type SurfaceContact = UploadDraft['contacts'][number];

/** A contact as the form offers it: a name match says so (absent: matched by address). */
function offered(match: ContactMatch, shownName: string | null): SurfaceContact {
  const contact = { id: match.contact.id, name: match.contact.name ?? shownName ?? match.contact.email ?? match.contact.id };
  return match.matchedBy === 'name' ? { ...contact, matchedBy: 'name' } : contact;
}

function contactsOf(people: PageSurface['people'], preferences: Preferences): SurfaceContact[] {
  // Not a match by name the page contradicts, as the meeting view does not take it either (read
  // with everyone the page showed: one left out still says who a name is not).
  const disowned = disownedByName(people, people.map((person) => person.match));
  const contacts = people.flatMap((person, index) =>
    // The user shown under an alias the service knows as theirs is left out too, as in the panel.
    person.match && !disowned[index] && leftOutPerson(person.email, person.match, preferences) === null ? [offered(person.match, person.name)] : [],
  );
  // One contact reached by address and by name is offered once, as matched by address.
  const once = new Map<string, SurfaceContact>();
  for (const contact of contacts) if (!once.has(contact.id) || !contact.matchedBy) once.set(contact.id, contact);
  return [...once.values()];
}

/** Whether the page lists the user (under an address the service knows as their own contact's). */
function userListed(people: PageSurface['people'], preferences: Preferences): boolean {
  return people.some((person) => (person.match ? leftOutPerson(person.email, person.match, preferences) === 'own' : false));
}

/**
 * The form's defaults for the tab in view: its event (title, time, attendees; a one-to-one meeting
 * too) and the person chosen on a card as primary contact. `preferences`: the user's now; the
 * page left out its excluded people as it read them, a card's choice may carry some still.
 */
export function draftFromTarget(target: PanelTarget, preferences: Preferences = DEFAULT_PREFERENCES): UploadDraft {
  const surface = surfaceOf(target);
  // Not from a card of a site switched off since (surfaceOf leaves its meeting out too).
  const card = target.focus?.kind === 'person' && !target.page?.switchedOff ? target.focus.match : null;
  // A card's choice may have been made before the user excluded its domain, or added their own address.
  const chosen = card && leftOutPerson(null, card, preferences) === null ? card : null;
  const contacts = surface ? contactsOf(surface.people, preferences) : [];
  const listed = chosen ? contacts.findIndex((contact) => contact.id === chosen.contact.id) : -1;
  if (chosen && listed < 0) contacts.unshift(offered(chosen, null));
  // Chosen by address on a card, listed by name alone in the view: an address match, as anywhere else.
  else if (chosen && chosen.matchedBy === 'email' && contacts[listed]?.matchedBy === 'name') contacts[listed] = { id: chosen.contact.id, name: contacts[listed].name };
  const event = surface?.kind === 'event' ? surface : null;
  const meetingDate = event ? parseWhen(event.when) : null;
  // A date read without its time ("10.00", "10h00") starts at midnight: said, as a date not read is.
  const timeRead = meetingDate !== null && parseWhen(event?.when ?? null, new Date(), { needTime: true }) !== null;
  const shownWhen = event?.when?.trim().slice(0, VIEW_TEXT_MAX);
  return {
    title: surface?.kind === 'list' ? null : (surface?.title ?? null),
    meetingDate,
    ...(!timeRead && shownWhen ? { unreadWhen: shownWhen } : {}),
    // The page lists the others; the user is an attendee too. It leaves out the people in excluded
    // domains (the user's colleagues, who speak too) without saying how many: left to the user then.
    // Shown under an alias the service knows as theirs, the user is one of those listed already.
    speakersExpected: event && preferences.excludedDomains.length === 0 ? Math.min(100, event.people.length + (userListed(event.people, preferences) ? 0 : 1)) : null,
    contacts,
    primaryContactId: chosen?.contact.id ?? (contacts.length === 1 ? contacts[0]!.id : null),
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
 * else the same page in a tab (which does not close when it loses focus). Firefox goes straight to
 * the tab: its popup closes when the file dialog opens (components/popup/file-in-tab.ts).
 */
export async function openUploadFor(draft: UploadDraft, tabId: number | null = null): Promise<void> {
  await saveDraft(draft);
  const button = import.meta.env.FIREFOX ? null : toolbarButton();
  if (button && (await popupOpened(button))) return;
  // In a tab, the form names the page it is about (its problem, as the popup reads the active tab's),
  // and knows it is in a tab (it stays open when the panel opens).
  await browser.tabs.create({ url: browser.runtime.getURL(`/popup.html?tab=${tabId ?? ''}`) });
}
