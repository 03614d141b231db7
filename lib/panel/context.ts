/**
 * What the side panel briefs: the person or meeting the user chose ("Open briefing" on a hover
 * card, a search in the panel), else what the active tab shows (the calendar event or mail thread
 * in view, read by that tab's content script). Plain data, zod-validated where it crosses contexts.
 */
import { z } from 'zod/mini';
import { ContactMatchSchema } from '../models/contact';
import { SITES } from '../sites/types';
import { VIEW_TEXT_MAX, VIEWS_MAX, type PageView } from './view';

export const PagePersonSchema = z.object({
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  roles: z.array(z.enum(['organizer', 'guest', 'sender', 'to', 'cc', 'bcc'])),
  /** The known contact, or null for someone the service does not know (or not looked up yet). */
  match: z.nullable(ContactMatchSchema),
});
export type PagePerson = z.infer<typeof PagePersonSchema>;

const SurfaceKindSchema = z.enum(['event', 'thread', 'message', 'compose', 'list']);

export const PageSurfaceSchema = z.object({
  kind: SurfaceKindSchema,
  title: z.nullable(z.string()),
  when: z.nullable(z.string()),
  people: z.array(PagePersonSchema),
});
export type PageSurface = z.infer<typeof PageSurfaceSchema>;

/** What a tab's content script reports about the page in view. */
export const PageContextSchema = z.object({
  site: z.enum(SITES),
  recognised: z.boolean(),
  /** Primer is switched off for this site in the options (then no surfaces are read). */
  switchedOff: z.optional(z.boolean()),
  /** The surfaces in view, most relevant first (an open event or thread before a list). */
  surfaces: z.array(PageSurfaceSchema),
});
export type PageContext = z.infer<typeof PageContextSchema>;

/** A view a page shows (lib/panel/view.ts), as it crosses from a content script. */
const ViewText = z.nullable(z.string().check(z.maxLength(VIEW_TEXT_MAX)));
export const PageViewSchema = z.object({ kind: SurfaceKindSchema, title: ViewText, when: ViewText }) satisfies z.ZodMiniType<PageView>;
export const PageViewsSchema = z.array(PageViewSchema).check(z.maxLength(VIEWS_MAX));

/**
 * What the user explicitly asked the panel to brief. `from`: the view it was chosen on (a hover
 * card's event or thread); the choice is forgotten once the tab shows other views and not that one
 * (the background, page-status.ts), as when the tab navigates. `chosenAt`: when "Open briefing"
 * chose it (set by the background). Choosing the same person again is then a change the panel
 * hears of (storage does not report a value written over with itself), and it goes back to them
 * from wherever it had moved on to.
 */
export const PanelFocusSchema = z.union([
  z.object({ kind: z.literal('person'), match: ContactMatchSchema, from: z.optional(PageViewSchema), chosenAt: z.optional(z.number()) }),
  z.object({ kind: z.literal('surface'), surface: PageSurfaceSchema, from: z.optional(PageViewSchema), chosenAt: z.optional(z.number()) }),
]);
export type PanelFocus = z.infer<typeof PanelFocusSchema>;

/** The most people a chosen meeting may carry (a page's largest lists are a few hundred). */
export const FOCUS_PEOPLE_MAX = 1000;
/** The longest text (title, time, name, address) a chosen person or meeting may carry. */
export const FOCUS_TEXT_MAX = 1000;

/**
 * A focus kept to FOCUS_PEOPLE_MAX people and FOCUS_TEXT_MAX characters a text, as it is stored
 * for the panel (storage.session's 10 MB are shared): a larger one (a thread to thousands, an
 * event with a group expanded) is briefed on its first thousand rather than refused.
 */
export function focusWithinLimits(focus: PanelFocus): PanelFocus {
  const cut = <T extends string | null>(text: T): T => (text !== null && text.length > FOCUS_TEXT_MAX ? (text.slice(0, FOCUS_TEXT_MAX) as T) : text);
  const contact = <M extends { contact: { name: string | null; email: string | null } } | null>(match: M): M =>
    match && { ...match, contact: { ...match.contact, name: cut(match.contact.name), email: cut(match.contact.email) } };
  if (focus.kind === 'person') return { ...focus, match: contact(focus.match) };
  const { surface } = focus;
  return {
    ...focus,
    surface: {
      ...surface,
      title: cut(surface.title),
      when: cut(surface.when),
      people: surface.people.slice(0, FOCUS_PEOPLE_MAX).map((person) => ({ ...person, name: cut(person.name), email: cut(person.email), match: contact(person.match) })),
    },
  };
}
