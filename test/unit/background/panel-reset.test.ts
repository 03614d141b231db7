import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { PANEL_CACHE_KEY, SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';
import { focusKey, statusKey } from '@/lib/storage/session-keys';

const MAYA_ON_A = { kind: 'person', match: { contact: { id: '17', name: 'Maya Chen', email: 'maya@acme.example' }, matchedBy: 'email' } };

describe('forgetPanelState (the settings changed)', () => {
  it('drops the saved cache and copies, and the person or meeting chosen on a card in every tab', async () => {
    // A person chosen with service A is contact 17 of A: kept, the panel would ask service B for
    // its contact 17, someone else, and show that briefing under Maya's name.
    await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: '{}', preferences: { keep: true } });
    await fakeBrowser.storage.session.set({
      [SAVED_BRIEFINGS_KEY]: {},
      [focusKey(3)]: MAYA_ON_A,
      [focusKey(9)]: { kind: 'surface', surface: { kind: 'event', title: 'Sync', people: [] } },
      [statusKey(3)]: { recognised: true },
    });
    await forgetPanelState();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ preferences: { keep: true } });
    // The page's layout report is not the service's: it stays.
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ [statusKey(3)]: { recognised: true } });
  });
});
