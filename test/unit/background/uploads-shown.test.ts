/** Whether a view of the uploads is in front of the user: a failure is then said there, not in a notification. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { uploadsShown } from '@/lib/background/uploads';

type Context = { contextType: string; documentUrl: string; tabId: number; windowId: number };
const runtime = fakeBrowser.runtime as unknown as { getContexts?: (filter: unknown) => Promise<Context[]> };
const FORM = 'chrome-extension://abc/popup.html';

describe('uploadsShown', () => {
  let contexts: Context[] = [];
  beforeEach(() => {
    fakeBrowser.reset();
    contexts = [];
    runtime.getContexts = () => Promise.resolve(contexts);
  });
  afterEach(() => {
    delete runtime.getContexts;
  });

  it('is the toolbar popup open, or the form in the tab in front of the user; not one left behind others', async () => {
    expect(await uploadsShown()).toBe(false);
    contexts = [{ contextType: 'POPUP', documentUrl: FORM, tabId: -1, windowId: 1 }];
    expect(await uploadsShown()).toBe(true);

    const window = (await fakeBrowser.windows.create({}))!;
    const form = await fakeBrowser.tabs.create({ windowId: window.id, url: `${FORM}?tab=`, active: true });
    contexts = [{ contextType: 'TAB', documentUrl: `${FORM}?tab=`, tabId: form.id!, windowId: window.id! }];
    expect(await uploadsShown()).toBe(true);
    // Another tab opened in front of it.
    await fakeBrowser.tabs.create({ windowId: window.id, url: 'https://mail.google.com/', active: true });
    expect(await uploadsShown()).toBe(false);
    // Another extension page in front (the options) is no view of the uploads.
    contexts = [{ contextType: 'TAB', documentUrl: 'chrome-extension://abc/options.html', tabId: form.id!, windowId: window.id! }];
    expect(await uploadsShown()).toBe(false);
  });
});
