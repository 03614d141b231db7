/**
 * A person chosen on a card ("Open briefing") as a save of other settings resets what the panel
 * kept (panel-reset.ts: the choices in every tab, and the contacts named to each page): the choice
 * is checked against the page's list and stored in one turn of the tabs' records, so the reset
 * either comes first (the old contact is no longer the page's to choose) or forgets it with the
 * rest. Stored after the reset, the new service would be asked about an id named under the old one.
 */
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelHandlers } from '@/lib/background/handlers/panel';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { noteShown } from '@/lib/background/shown-contacts';
import type { PanelFocus } from '@/lib/panel/context';
import { focusKey } from '@/lib/storage/session-keys';

const maya: PanelFocus = { kind: 'person', match: { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' } };

it('keeps no choice of a contact named under the settings a reset has just forgotten', async () => {
  vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue([] as never);
  (fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open: () => Promise.resolve() };
  await noteShown(4, ['m']);
  // The card's "Open briefing" and the reset of a save elsewhere arrive together.
  const chosen = panelHandlers()['panel.focus']({ focus: maya }, { sender: 'content', tabId: 4 }).catch((error: unknown) => error);
  const reset = forgetPanelState();
  await Promise.all([chosen, reset]);
  expect((await fakeBrowser.storage.session.get(focusKey(4)))[focusKey(4)]).toBeUndefined();
});
