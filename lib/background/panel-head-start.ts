/**
 * The side panel's head start. Whichever way the user asks for the panel (a card's "Open
 * briefing", the keyboard command, the toolbar's "Open briefing"), the background starts the
 * insights calls of what the panel will brief at once, while the browser opens the panel's page:
 * a meeting's calls then overlap with the panel starting instead of following it. The panel's own
 * request, a moment later, joins these calls or finds their answers (`warmPanelInsights`), so no
 * call is made twice. Only contacts already known are asked for, and only those the panel briefs
 * (the same rule as the panel's: lib/panel/subject.ts), never those the options leave out (the
 * panel asks nothing for them: PersonBriefing.tsx, attendees.ts).
 */
import { browser } from '#imports';
import type { PanelFocus } from '../panel/context';
import { leftOutPerson } from '../panel/left-out';
import { knownContactIds, subjectOf, type Subject } from '../panel/subject';
import { panelTargetFrom } from '../panel/target';
import { readPanelTargetRaw, type TargetApi } from '../panel/target-read';
import { readPreferences } from '../storage/preferences';
import { warmPanelInsights } from './handlers/contacts';
import type { ServiceContext } from './service-context';

export interface PanelHeadStart {
  /** The person or meeting chosen on a card. */
  focus: (focus: PanelFocus) => void;
  /** What the panel will brief for this tab: its chosen focus, else what its page shows. */
  tab: (tabId: number) => void;
}

export function panelHeadStart(context: ServiceContext, api: TargetApi = browser): PanelHeadStart {
  return {
    focus: (focus) => {
      briefedIds(subjectOf({ tabId: null, focus, page: null, status: null }))
        .then((ids) => warmPanelInsights(context, ids))
        .catch(() => undefined);
    },
    tab: (tabId) => {
      // Failures (no content script, the tab gone) are the panel's to find and say.
      readPanelTargetRaw(api, tabId)
        .then((raw) => panelTargetFrom(raw, { skipPageWhenFocused: true }))
        .then((target) => briefedIds(subjectOf(target)))
        .then((ids) => warmPanelInsights(context, ids))
        .catch(() => undefined);
    },
  };
}

/** The known contacts of `subject` whose briefing the panel asks for: not those the options leave out. */
async function briefedIds(subject: Subject): Promise<string[]> {
  const preferences = await readPreferences();
  const people = subject.kind === 'person' ? [subject.person] : subject.kind === 'meeting' ? subject.surface.people : [];
  const leftOut = new Set(people.flatMap((person) => (person.match && leftOutPerson(person.email, person.match, preferences) !== null ? [person.match.contact.id] : [])));
  return knownContactIds(subject).filter((id) => !leftOut.has(id));
}
