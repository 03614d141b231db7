/**
 * Who a tab's content script says is in view, asked the way the side panel asks (`page.context`,
 * tabs.sendMessage from the extension), and what test/fixtures/expected.json says a view shows.
 * Markers only show the known contacts; this shows every person read, unknown ones included, so a
 * view's people can be compared exactly (no more, no fewer) at every step of a single-page app.
 */
import type { Worker } from 'playwright/test';

export interface ExpectedPerson { email: string; name: string | null; contactId: string | null }
export interface ExpectedSurface { people: ExpectedPerson[]; namesOnly: { name: string; contactIds: string[] }[] }
export interface ExpectedView { view: string; url: string; surfaces: ExpectedSurface[] }

/**
 * One line per surface in view: its people by address (name-only people as `name:<name>`),
 * sorted; the surfaces sorted too (the panel's order puts message lists last).
 */
export type PeopleBySurface = string[];

function surfaceLine(people: string[]): string {
  return [...people].sort().join(' | ');
}

export function expectedPeople(view: ExpectedView): PeopleBySurface {
  return view.surfaces
    .map((surface) => surfaceLine([...surface.people.map((person) => person.email), ...surface.namesOnly.map((person) => `name:${person.name}`)]))
    .sort();
}

/** The people of every surface in view of tab `tabId`, as its content script reports them. */
export async function peopleInView(serviceWorker: Worker, tabId: number): Promise<PeopleBySurface> {
  const answer = await serviceWorker.evaluate(async (tab) => {
    const chrome = (globalThis as unknown as { chrome: { tabs: { sendMessage(tabId: number, message: unknown): Promise<unknown> } } }).chrome;
    // A peek: the page does not start reporting its changes to a panel that never opens.
    return chrome.tabs.sendMessage(tab, { primer: 1, type: 'page.peek' });
  }, tabId);
  const surfaces = (answer as { surfaces?: { people: { email: string | null; name: string | null }[] }[] } | undefined)?.surfaces ?? [];
  return surfaces.map((surface) => surfaceLine(surface.people.map((person) => person.email ?? `name:${person.name}`))).sort();
}
