/**
 * The popup with the settings the fake background answers (`settings.get`), and the options page
 * saving new ones while it is open. Test files still mock '@/lib/messaging/send' themselves.
 */
import { act } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeBackground } from '../support/fake-background';
import { settingsView } from '../options/helpers';

type Settings = ReturnType<typeof settingsView>;

/** Before each test: the popup opened from tab 4, its upload ready, `settings.get` answering what was last set. */
export function popupSettings() {
  let current = settingsView();
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 4 }] as never);
    fakeBackground({ 'settings.get': () => Promise.resolve(current), 'upload.prepare': { ready: true } });
  });
  return {
    /** What `settings.get` answers from now on (before the popup is rendered). */
    set(next: Settings) {
      current = next;
    },
    /** The options save the address and key (sealed with `hint`, or none when null): one storage change. */
    async save(next: Settings, hint: string | null): Promise<void> {
      current = next;
      await act(async () => {
        await fakeBrowser.storage.local.set({ serviceUrl: next.serviceUrl, apiKeySealed: hint === null ? null : { v: 2, iv: 'x', data: hint, hint, url: next.serviceUrl } });
      });
    },
  };
}
