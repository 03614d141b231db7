// @vitest-environment node
/**
 * The broker's part in "the API key never reaches a content script, page or log" and in who may
 * send what:
 * - its last guard: whatever brings the key in effect into a failure's message or code (a handler,
 *   a library's error), the reply a page or content script gets does not carry it;
 * - a content script is a content script whatever its page's address holds: a page whose URL merely
 *   contains the extension's origin (a search, a fragment) gets no extension-only message through.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api/errors';
import { classifySender, createBroker, type Handlers } from '@/lib/background/broker';

const self = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const KEY = 'managed-key-0123456789';
const page = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 9 } };

describe('the last guard', () => {
  it('takes the key in effect out of a failure’s message and code', async () => {
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({ serviceUrl: 'https://corp.example.com', apiKey: KEY } as never);
    const broker = createBroker(
      {
        'contact.insights': () => Promise.reject(new ApiError('server', `upstream said: Bearer ${KEY}`, { status: 502, code: `bad:${KEY}` })),
      } as unknown as Handlers,
      self,
    );
    const reply = await broker({ primer: 1, type: 'contact.insights', payload: { contactId: 'c1' } }, page);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'server', message: 'upstream said: Bearer [hidden]', code: 'bad:[hidden]' } });
    expect(JSON.stringify(reply)).not.toContain(KEY);
  });
});

describe('a content script', () => {
  it('is a content script on a page whose address contains the extension’s origin', () => {
    const search = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/#search/chrome-extension://ext-id/', tab: { id: 9 } };
    const query = { id: 'ext-id', url: 'https://outlook.office.com/mail/?q=chrome-extension://ext-id/options.html', tab: { id: 9 } };
    expect(classifySender(search, self)).toBe('content');
    expect(classifySender(query, self)).toBe('content');
  });

  it('gets no extension-only message through from such a page', async () => {
    const settingsGet = vi.fn(() => Promise.resolve({ serviceUrl: null, hasApiKey: true, apiKeyHint: '6789', apiKeyAddress: null, locked: { serviceUrl: false, apiKey: false } }));
    const broker = createBroker({ 'settings.get': settingsGet } as unknown as Handlers, self);
    const from = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/#search/chrome-extension://ext-id/', tab: { id: 9 } };
    expect(await broker({ primer: 1, type: 'settings.get', payload: {} }, from)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(settingsGet).not.toHaveBeenCalled();
  });
});
