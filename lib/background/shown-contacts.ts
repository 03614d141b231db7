/**
 * The contacts the background named to each tab's content script (its people.find answers). A
 * content script's contact.insights is answered for those only: a page that took over the renderer
 * its content script runs in cannot read the briefing of every contact in the account by id. Kept
 * in storage.session (closed to content scripts), so a restarted worker still knows them.
 */
import { browser } from '#imports';
import { shownIds, shownKey as keyOf } from '../storage/session-keys';
import { ApiError } from '../api/error-info';
import { closedTabs, inTabTurn } from './tab-turns';

const MAX_PER_TAB = 5000;

async function read(tabId: number): Promise<string[]> {
  return shownIds((await browser.storage.session.get(keyOf(tabId)))[keyOf(tabId)]);
}

/**
 * Remembers that `ids` were named to `tabId`'s page (done before the answer leaves). `current`:
 * whether the settings they were found with are still in effect, asked in this write's turn (a
 * reset forgets the lists in a turn of its own: panel-reset.ts), so none is written after it.
 */
export function noteShown(tabId: number, ids: readonly string[], current: () => boolean = () => true): Promise<void> {
  return inTabTurn(async () => {
    if (!current()) throw new ApiError('aborted', 'The settings changed while these people were looked up.');
    if (closedTabs.has(tabId)) return;
    const known = await read(tabId);
    const named = new Set(ids);
    // Named again: the newest, not the first to go when the list is full.
    const next = [...known.filter((id) => !named.has(id)), ...named].slice(-MAX_PER_TAB);
    if (next.length !== known.length || next.some((id, i) => id !== known[i])) await browser.storage.session.set({ [keyOf(tabId)]: next });
  });
}

export async function wasShown(tabId: number, contactId: string): Promise<boolean> {
  return (await read(tabId)).includes(contactId);
}

export async function shownContacts(tabId: number): Promise<ReadonlySet<string>> {
  return new Set(await read(tabId));
}
