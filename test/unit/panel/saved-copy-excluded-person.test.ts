/**
 * A person chosen on a card, then left out in the options (their domain excluded): the next opening
 * of the side panel does not paint the saved copy of their briefing (names, topics, action items)
 * before the live panel says "Left out". The start-up script (panel-start.ts) paints saved copies
 * without reading the preferences; the background, watching them, forgets the choice and the
 * saved copies (switched-off.ts).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeEarlyStart } from '@/components/panel/data/early-start';
import { forgetChoicesOnSwitchOff } from '@/lib/background/switched-off';
import { savedBriefingKey } from '@/lib/panel/saved-briefing';
import { SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';
import { focusKey, statusKey } from '@/lib/storage/session-keys';
import { match } from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlyStart();
  document.body.innerHTML = '';
});

it('paints no saved copy of a chosen person whose domain was excluded since', async () => {
  const maya = match('m', 'Maya Chen', 'maya@partner.example');
  const focus = { kind: 'person', match: maya, chosenAt: 1 };
  // The panel showed Maya's briefing in tab 3, and saved its copy (useSaveBriefing.ts).
  await fakeBrowser.storage.session.set({
    [focusKey(3)]: focus,
    [statusKey(3)]: { site: 'gmail', recognised: true, people: 1, known: 1, views: [], at: 1 },
    [SAVED_BRIEFINGS_KEY]: {
      [savedBriefingKey(focus, null)]: {
        at: Date.now(),
        mark: { kind: 'person', key: 'contact:m' },
        nodes: [['main', {}, [['h1', {}, ['Maya Chen']], ['p', {}, ['Topics to avoid: the merger']]]]],
      },
    },
  });
  // The background runs (it watches the preferences); the user then excludes Maya's domain.
  forgetChoicesOnSwitchOff();
  await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, excludedDomains: ['partner.example'] });
  await new Promise((resolve) => setTimeout(resolve, 20));

  // The side panel opens again on that tab: its start-up script runs before the live code.
  document.body.innerHTML = '<div id="root"></div>';
  vi.stubGlobal('browser', undefined);
  vi.stubGlobal('chrome', {
    tabs: { query: () => Promise.resolve([{ id: 3 }]), sendMessage: () => Promise.resolve({ site: 'gmail', recognised: true, surfaces: [] }) },
    storage: fakeBrowser.storage,
    runtime: { sendMessage: () => Promise.resolve({ ok: false, error: { kind: 'aborted', message: 'x', status: null, code: null, retryAfterMs: null } }) },
  });
  const { default: script } = await import('@/entrypoints/panel-start');
  await script.main();
  const start = takeEarlyStart();
  await start?.savedCopy;
  expect(document.getElementById('root')!.textContent).not.toContain('Maya Chen');
  expect(document.getElementById('root')!.textContent).not.toContain('the merger');
});
