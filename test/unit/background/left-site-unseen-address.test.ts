/**
 * A Gmail tab where the user chose Maya on a hover card ("Open briefing") goes to another site.
 * The Gmail page's word that it is leaving (page.left) is lost when the background was asleep
 * (Chrome does not start it for a frame being unloaded); the background's own watch
 * (forgetFocusOnNavigation) is woken by the navigation, but the browser does not show it the new
 * address: Primer has no "tabs" permission and no host permission for that site, so tabs.onUpdated
 * comes as { status: 'loading' } with no url, in Chrome and Firefox alike (lookup-health.ts and
 * test/unit/firefox/lookup-problem-reload.test.ts rely on exactly that). The watch tests
 * `change.url`, so it never forgets anything: the side panel of that window (and the keyboard
 * command's head start, and the saved copy painted on opening) goes on briefing Maya on the news
 * site until the page has loaded, and says "This page's layout is not recognised" there when
 * Gmail's layout was not.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetFocusOnNavigation } from '@/lib/background/handlers/panel';
import { getPanelTarget } from '@/lib/panel/target';
import { subjectOf } from '@/lib/panel/subject';
import { focusKey, statusKey } from '@/lib/storage/session-keys';

const maya = { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' } as const;

/** The panel of the tab's window reads it while the news site loads (no Primer script there). */
async function panelSubject(tabId: number) {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: tabId, windowId: 1 }] as never);
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
  vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: tabId, windowId: 1, status: 'loading' } as never);
  return subjectOf(await getPanelTarget({ skipPageWhenFocused: true }));
}

it('stops briefing the person chosen on Gmail once the tab goes to a site whose address Primer is not shown', async () => {
  forgetFocusOnNavigation();
  await fakeBrowser.storage.session.set({ [focusKey(9)]: { kind: 'person', match: maya, chosenAt: Date.now() } });
  // What the browser tells the background as the tab leaves Gmail for https://news.example.com/.
  await fakeBrowser.tabs.onUpdated.trigger(9, { status: 'loading' }, { id: 9, windowId: 1, status: 'loading' } as never);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await panelSubject(9)).toEqual({ kind: 'nothing', reason: 'unsupported' });
});

it('does not say the news site’s layout is not recognised because Gmail’s was not', async () => {
  forgetFocusOnNavigation();
  await fakeBrowser.storage.session.set({ [statusKey(10)]: { page: 'p1', site: 'gmail', recognised: false, people: 0, known: 0, views: [], at: Date.now() } });
  await fakeBrowser.tabs.onUpdated.trigger(10, { status: 'loading' }, { id: 10, windowId: 1, status: 'loading' } as never);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await panelSubject(10)).toEqual({ kind: 'nothing', reason: 'unsupported' });
});

it('keeps the choice while the tab reloads Gmail (its address is shown: the sites are host permissions)', async () => {
  forgetFocusOnNavigation();
  await fakeBrowser.storage.session.set({ [focusKey(11)]: { kind: 'person', match: maya, chosenAt: 1 } });
  await fakeBrowser.tabs.onUpdated.trigger(11, { status: 'loading' }, { id: 11, windowId: 1, status: 'loading', url: 'https://mail.google.com/mail/u/0/' } as never);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect((await fakeBrowser.storage.session.get(focusKey(11)))[focusKey(11)]).toEqual({ kind: 'person', match: maya, chosenAt: 1 });
});
