// @vitest-environment node
/**
 * Before Primer is set up, its toolbar button says so on every tab, not only on the three sites
 * whose lookups fail ("off"): a user who closed the options page opened on install is reminded
 * wherever they are. The reminder is the button's global (tab-less) title and badge, so it never
 * overwrites a site tab's own "off" or "!", is gone at once when the address and key are saved,
 * and is put back right by a worker that starts again (after a browser restart the button is the
 * manifest's again; a policy may have set Primer up while the worker was stopped).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { lookupProblemKey } from '@/lib/storage/session-keys';

interface Shown {
  text?: string;
  title?: string;
  colour?: string;
}

/** The action as Chrome keeps it: a tab's own values win over the global ones; a null text clears the tab's. */
function chromeAction() {
  const fresh = (): Required<Shown> => ({ text: '', title: 'Primer', colour: '#5f5d5b' });
  let global = fresh();
  const tabs = new Map<number, Shown>();
  const tab = (tabId: number) => tabs.get(tabId) ?? (tabs.set(tabId, {}), tabs.get(tabId)!);
  const api = {
    setBadgeText: ({ tabId, text }: { tabId?: number; text: string | null }) => {
      if (tabId === undefined) global.text = text ?? '';
      else if (text === null) delete tab(tabId).text;
      else tab(tabId).text = text;
      return Promise.resolve();
    },
    setTitle: ({ tabId, title }: { tabId?: number; title: string }) => {
      if (tabId === undefined) global.title = title;
      else tab(tabId).title = title;
      return Promise.resolve();
    },
    setBadgeBackgroundColor: ({ tabId, color }: { tabId?: number; color: string }) => {
      if (tabId === undefined) global.colour = color;
      else tab(tabId).colour = color;
      return Promise.resolve();
    },
    getBadgeText: ({ tabId }: { tabId?: number }) => Promise.resolve(tabId === undefined ? global.text : (tabs.get(tabId)?.text ?? global.text)),
    getTitle: ({ tabId }: { tabId?: number }) => Promise.resolve(tabId === undefined ? global.title : (tabs.get(tabId)?.title ?? global.title)),
  };
  return {
    api,
    on: (tabId: number): Required<Shown> => ({ ...global, ...tabs.get(tabId) }),
    /** The browser restarted (or Primer was reloaded): every value is the manifest's again. */
    restartBrowser: () => {
      global = fresh();
      tabs.clear();
    },
  };
}

const holder = fakeBrowser as unknown as { action?: unknown };
const savedAction = holder.action;
afterEach(() => {
  holder.action = savedAction;
});

/** A fresh worker's modules (its memory), over the same browser. */
async function startWorker() {
  vi.resetModules();
  const reminder = await import('@/lib/background/setup-reminder');
  const toolbar = await import('@/lib/background/toolbar');
  const tabAlert = await import('@/lib/background/tab-alert');
  const settings = await import('@/lib/background/settings');
  reminder.remindUntilSetUp();
  return { ...toolbar, ...tabAlert, ...settings };
}

function setUp(model: ReturnType<typeof chromeAction>) {
  holder.action = model.api;
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Primer', version: '1', action: { default_title: 'Primer' } } as never);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 1 }, { id: 2 }] as never);
}

describe('the toolbar button before Primer is set up', () => {
  it('says set up needed on every tab, beside a site tab’s own alert, and stops at once when the address and key are saved', async () => {
    const model = chromeAction();
    setUp(model);
    const worker = await startWorker();

    // Tab 1 is any site; tab 2 is Gmail, whose lookups failed for want of settings ("off").
    await vi.waitFor(() => expect(model.on(1).title).toMatch(/^Primer: not set up yet — open Primer’s options/));
    expect(model.on(1).text).not.toBe('');
    await worker.setTabAlert(2, { text: 'off', colour: '#8a4f00', title: 'Primer: not set up yet — open Primer’s options to add the service address and API key' });
    expect(model.on(2).text).toBe('off');
    // Gmail's alert is cleared (the tab left Gmail): the reminder shows there too, not the bare "Primer".
    await worker.clearTabAlert(2);
    expect(model.on(2).title).toMatch(/^Primer: not set up yet/);
    // An upload waiting for settings does not hide the reminder.
    await worker.setGlobalBadge('↑1', '#1a56b0');
    expect(model.on(1).title).toMatch(/^Primer: not set up yet/);
    expect(model.on(1).text).not.toBe('↑1');

    await worker.saveSettings({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' });

    await vi.waitFor(() => expect(model.on(1)).toMatchObject({ title: 'Primer', text: '↑1', colour: '#1a56b0' }));
    // The tab whose alert was cleared while the reminder showed follows too.
    await vi.waitFor(() => expect(model.on(2)).toMatchObject({ title: 'Primer', text: '↑1', colour: '#1a56b0' }));
  });

  it('shows the right state again when the worker starts: after a browser restart, and after a setup done meanwhile', async () => {
    const model = chromeAction();
    setUp(model);
    await startWorker();
    await vi.waitFor(() => expect(model.on(1).title).toMatch(/^Primer: not set up yet/));

    // The browser restarts: the button is the manifest's; the worker starts with it.
    model.restartBrowser();
    expect(model.on(1).title).toBe('Primer');
    const worker = await startWorker();
    await vi.waitFor(() => expect(model.on(1).title).toMatch(/^Primer: not set up yet/));
    expect(model.on(1).text).not.toBe('');

    // A tab's own alert (its lookups found the key refused) stays as it is through the start below.
    await fakeBrowser.storage.session.set({ [lookupProblemKey(1)]: { problem: 'key_refused', service: 'https://svc.example.com' } });
    await worker.showTabAlert(1);
    // An administrator's policy sets Primer up while the worker is stopped (no storage change is
    // heard): the button still says "set up needed" from before, until the next start.
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' } as never);
    await startWorker();
    await vi.waitFor(() => expect(model.on(2)).toMatchObject({ title: 'Primer', text: '' }));
    expect(model.on(1)).toMatchObject({ text: 'off', title: expect.stringMatching(/^Primer: the service refused the API key/) as unknown });
  });

  it('leaves the uploads’ "↑2" an earlier worker showed when a set-up Primer’s worker starts again', async () => {
    const model = chromeAction();
    setUp(model);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://svc.example.com', apiKey: 'sk_live_0123456789abcdef' } as never);
    const first = await startWorker();
    await first.setGlobalBadge('↑2', '#1a56b0');
    // Stopped and started again: its uploads say their count only once they have read their records.
    await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(model.on(1)).toMatchObject({ text: '↑2', title: 'Primer' });
  });

  it('names the administrator when a policy key without an address keeps Primer unconnected', async () => {
    const model = chromeAction();
    setUp(model);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ apiKey: 'sk_live_0123456789abcdef' } as never);
    await startWorker();
    await vi.waitFor(() => expect(model.on(1).title).toMatch(/^Primer: cannot connect as your administrator set it up — ask your administrator/));
  });
});
