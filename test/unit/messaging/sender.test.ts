import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendContentRequest } from '@/lib/messaging/send-content';
import { sendRequest } from '@/lib/messaging/send';
import { CONTENT_PORT } from '@/lib/messaging/port';

function answer(reply: unknown) {
  fakeBrowser.runtime.onMessage.addListener((_message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
    sendResponse(reply);
    return true;
  });
}

describe('typed senders', () => {
  it('send our envelope and return the validated data', async () => {
    const seen: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message: unknown, _s: unknown, sendResponse: (r: unknown) => void) => {
      seen.push(message);
      sendResponse({ ok: true, data: { recorded: true } });
      return true;
    });
    await expect(sendRequest('page.status', { page: 'p1', site: 'gmail', recognised: true, people: 1, known: 0, views: [] })).resolves.toEqual({ recorded: true });
    expect(seen).toEqual([{ primer: 1, type: 'page.status', payload: { page: 'p1', site: 'gmail', recognised: true, people: 1, known: 0, views: [] } }]);
  });

  it('turn error replies into typed errors', async () => {
    answer({ ok: false, error: { kind: 'rate_limited', message: 'wait', status: 429, code: null, retryAfterMs: 3000 } });
    await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'rate_limited', message: 'wait', retryAfterMs: 3000 });
  });

  it('refuse unreadable or unexpected replies', async () => {
    answer('nonsense');
    await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'invalid_response' });
    fakeBrowser.reset();
    answer({ ok: true, data: { hasApiKey: 'yes' } });
    await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('report a missing background as a network error', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('Could not establish connection'));
    await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'network' });
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    await expect(sendContentRequest('people.find', { people: [] })).rejects.toMatchObject({ kind: 'network' });
  });

  it('tell an extension updated or reloaded under the page (runtime.id gone) from a background restarting', async () => {
    const id = fakeBrowser.runtime.id;
    fakeBrowser.runtime.id = undefined as never;
    try {
      vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('Extension context invalidated.'));
      await expect(sendRequest('contact.insights', { contactId: 'm' })).rejects.toMatchObject({
        kind: 'extension_reloaded',
        message: 'Primer was updated. Reload this tab to use it.',
      });
      vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
        throw new Error('Extension context invalidated.');
      });
      await expect(sendContentRequest('people.find', { people: [] })).rejects.toMatchObject({ kind: 'extension_reloaded' });
    } finally {
      // fakeBrowser.reset() does not give it back.
      fakeBrowser.runtime.id = id;
    }
  });

  it('content scripts send over the content port, one envelope per request', async () => {
    const posted: unknown[] = [];
    let deliver: (message: unknown) => void = () => undefined;
    const port = {
      name: CONTENT_PORT,
      postMessage: (message: { id: number }) => {
        posted.push(message);
        queueMicrotask(() => deliver({ id: message.id, reply: { ok: true, data: { recorded: true } } }));
      },
      disconnect: () => undefined,
      onMessage: { addListener: (listener: (message: unknown) => void) => void (deliver = listener) },
      onDisconnect: { addListener: () => undefined },
    };
    const connect = vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(port as never);
    const status = { page: 'p1', site: 'gmail' as const, recognised: true, people: 1, known: 0, views: [] };
    await expect(sendContentRequest('page.status', status)).resolves.toEqual({ recorded: true });
    await expect(sendContentRequest('page.status', status)).resolves.toEqual({ recorded: true });
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledWith({ name: CONTENT_PORT });
    expect(posted).toEqual([
      { id: expect.any(Number), message: { primer: 1, type: 'page.status', payload: status } },
      { id: expect.any(Number), message: { primer: 1, type: 'page.status', payload: status } },
    ]);
  });
});

describe('sendRequest while no background listens yet (Firefox starts its background page after session restore)', () => {
  const notListening = new Error('Could not establish connection. Receiving end does not exist.');
  const settings = { serviceUrl: 'https://svc.example', hasApiKey: true, apiKeyHint: null, apiKeyAddress: 'https://svc.example', locked: { serviceUrl: false, apiKey: false } };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends again after 250, 500, 1000 and 2000 ms, then fails', async () => {
    vi.useFakeTimers();
    const sendMessage = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(notListening);
    const outcome = sendRequest('settings.get', {}).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sendMessage).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect(sendMessage).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sendMessage).toHaveBeenCalledTimes(5);
    expect(await outcome).toMatchObject({ kind: 'network' });
  });

  it('gets the answer once the background listens', async () => {
    vi.useFakeTimers();
    const sendMessage = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValueOnce(notListening)
      .mockRejectedValueOnce(notListening)
      .mockResolvedValue({ ok: true, data: settings } as never);
    const outcome = sendRequest('settings.get', {});
    await vi.advanceTimersByTimeAsync(250 + 500);
    await expect(outcome).resolves.toEqual(settings);
    expect(sendMessage).toHaveBeenCalledTimes(3);
  });

  it('does not wait for a background that cannot come: the extension gone, or another failure', async () => {
    const sendMessage = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(notListening);
    const id = fakeBrowser.runtime.id;
    fakeBrowser.runtime.id = undefined as never;
    try {
      await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'extension_reloaded' });
    } finally {
      fakeBrowser.runtime.id = id;
    }
    expect(sendMessage).toHaveBeenCalledTimes(1);
    sendMessage.mockRejectedValue(new Error('The message port closed before a response was received.'));
    await expect(sendRequest('settings.get', {})).rejects.toMatchObject({ kind: 'network' });
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });

  it('says what to do where it is said: Primer’s own pages have no web page to reload', async () => {
    vi.useFakeTimers();
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(notListening);
    const failure = () => {
      const outcome = sendRequest('settings.get', {}).catch((error: unknown) => error);
      return vi.advanceTimersByTimeAsync(3750).then(() => outcome);
    };
    // The hover card, in the web page: reloading the page reconnects it.
    expect(await failure()).toMatchObject({ kind: 'network', message: 'Primer’s background service is not available. Reload the page.' });
    // The side panel, the options or the popup: one of Primer's own pages.
    vi.spyOn(fakeBrowser.runtime, 'getURL').mockReturnValue(`${location.origin}/`);
    const own = await failure();
    expect(own).toMatchObject({ kind: 'network', message: 'Primer’s background service is not answering. Try again in a moment.' });
    expect((own as Error).message).not.toMatch(/reload/i);
  });
});
