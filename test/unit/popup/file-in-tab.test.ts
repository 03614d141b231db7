/** The upload form opened in a tab (Firefox): it names the page the popup was opened on. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { continueInTab } from '@/components/popup/file-in-tab';
import { EMPTY_DRAFT } from '@/lib/upload/draft';

describe('continueInTab', () => {
  it('opens the form with the tab of the page it is about, and closes the popup', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 12 }] as never);
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({ id: 13 } as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await continueInTab(EMPTY_DRAFT);
    expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/popup.html?tab=12') });
    expect(close).toHaveBeenCalled();
  });
});
