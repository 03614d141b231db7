/**
 * Firefox (MV2): the background is a page that Firefox starts only once the session is restored,
 * while a sidebar that was open when Firefox closed is restored with the window. A message the
 * panel sends before the background page has added its listener is refused with "Could not
 * establish connection. Receiving end does not exist." (Chrome instead wakes its service worker
 * for the message.) The panel took that for a lasting failure: not retried, and said as
 * "Reload the page" (the sidebar has no page to reload), although a second try a moment later works.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { QueryClient } from '@tanstack/react-query';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { sendRequest } from '@/lib/messaging/send';

describe('the panel when Firefox has not started the background page yet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again and gets the settings once the background answers', async () => {
    vi.useFakeTimers();
    const settings = { serviceUrl: 'https://svc.example', hasApiKey: true, apiKeyHint: null, apiKeyAddress: 'https://svc.example', locked: { serviceUrl: false, apiKey: false } };
    vi.spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'))
      // The background page's listener is there from now on.
      .mockResolvedValue({ ok: true, data: settings } as never);
    const client: QueryClient = createPanelQueryClient();
    const pending = client
      .fetchQuery({ queryKey: ['settings'], queryFn: () => sendRequest('settings.get', {}), retryDelay: 0 })
      .then((data) => ({ data }), (error: unknown) => ({ error: (error as Error).message }));
    await vi.advanceTimersByTimeAsync(250);
    expect(await pending).toEqual({ data: expect.objectContaining({ serviceUrl: 'https://svc.example' }) });
  });
});
