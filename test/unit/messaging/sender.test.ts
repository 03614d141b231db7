import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendContentRequest } from '@/lib/messaging/send-content';
import { sendRequest } from '@/lib/messaging/send';

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
    await expect(sendContentRequest('page.status', { site: 'gmail', recognised: true, people: 1, known: 0, view: '' })).resolves.toEqual({ recorded: true });
    expect(seen).toEqual([{ primer: 1, type: 'page.status', payload: { site: 'gmail', recognised: true, people: 1, known: 0, view: '' } }]);
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
    await expect(sendContentRequest('people.find', { people: [] })).rejects.toMatchObject({ kind: 'network' });
  });
});
