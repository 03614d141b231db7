import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { classifySender, createBroker, type Handlers } from '@/lib/background/broker';

const self = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const fromOptions = { id: 'ext-id', url: 'chrome-extension://ext-id/options.html', tab: { id: 3 } };
const fromContent = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 9 } };
const fromOther = { id: 'someone-else', url: 'chrome-extension://someone-else/x.html' };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = () => Promise.reject(new Error('not in this test'));
  return {
    'settings.get': () => Promise.resolve({ serviceUrl: null, hasApiKey: true, apiKeyHint: '1234', apiKeyAddress: null, locked: { serviceUrl: false, apiKey: false } }),
    'settings.save': fail,
    'connection.test': fail,
    'webhook.create': fail,
    'webhook.list': fail,
    'webhook.delete': fail,
    'contact.find': () => Promise.resolve(null),
    'contact.insights': fail,
    'contacts.insights': fail,
    'people.find': fail,
    'page.status': fail,
    'page.left': fail,
    'card.load': fail,
    'panel.focus': fail,
    'panel.warm': fail,
    'panel.cache.save': fail,
    'options.open': fail,
    'recordings.list': fail,
    'recording.get': fail,
    'recording.transcript': fail,
    'recording.insights': fail,
    'upload.prepare': fail,
    'upload.start': fail,
    'upload.cancel': fail,
    'upload.retry': fail,
    'upload.dismiss': fail,
    'upload.check': fail,
    ...overrides,
  };
}

describe('classifySender', () => {
  it('tells our pages, our content scripts and others apart', () => {
    expect(classifySender(fromOptions, self)).toBe('extension');
    expect(classifySender({ id: 'ext-id', url: 'chrome-extension://ext-id/sidepanel.html' }, self)).toBe('extension');
    expect(classifySender(fromContent, self)).toBe('content');
    expect(classifySender(fromOther, self)).toBe('foreign');
    expect(classifySender({ id: 'ext-id' }, self)).toBe('foreign');
  });
});

describe('createBroker', () => {
  it('ignores messages that are not ours', () => {
    const broker = createBroker(handlers(), self);
    expect(broker({ type: 'settings.get' }, fromOptions)).toBeUndefined();
    expect(broker('hello', fromOptions)).toBeUndefined();
    expect(broker({ primer: 1, type: 'no.such' }, fromOptions)).toBeUndefined();
  });

  it('answers our pages', async () => {
    const reply = await createBroker(handlers(), self)({ primer: 1, type: 'settings.get', payload: {} }, fromOptions);
    expect(reply).toEqual({ ok: true, data: expect.objectContaining({ hasApiKey: true, apiKeyHint: '1234' }) });
  });

  it('refuses extension-only messages from content scripts and everything from other extensions', async () => {
    const save = vi.fn();
    const broker = createBroker(handlers({ 'settings.save': save }), self);
    for (const type of ['settings.get', 'settings.save', 'connection.test', 'webhook.create', 'webhook.list', 'contact.find']) {
      const reply = await broker({ primer: 1, type, payload: {} }, fromContent);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(await broker({ primer: 1, type: 'contact.find', payload: { email: 'a@b.co' } }, fromOther)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(save).not.toHaveBeenCalled();
  });

  it('lets content scripts ask about the people on their page, in batches', async () => {
    const reply = await createBroker(handlers({ 'people.find': () => Promise.resolve([null]) }), self)({ primer: 1, type: 'people.find', payload: { people: [{ email: 'a@b.co' }] } }, fromContent);
    expect(reply).toEqual({ ok: true, data: [null] });
  });

  it('tells a handler the tab, frame and (Chrome) document that asked, and none of them for its own pages', async () => {
    const load = vi.fn(() => Promise.resolve({ loaded: true as const }));
    const broker = createBroker(handlers({ 'card.load': load }), self);
    await broker({ primer: 1, type: 'card.load', payload: {} }, { ...fromContent, frameId: 0, documentId: 'DOC-1' });
    await broker({ primer: 1, type: 'card.load', payload: {} }, { ...fromContent, frameId: 2 });
    await broker({ primer: 1, type: 'card.load', payload: {} }, { id: 'ext-id', url: 'chrome-extension://ext-id/sidepanel.html', documentId: 'DOC-2' });
    expect(load.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
      { sender: 'content', tabId: 9, frameId: 0, documentId: 'DOC-1' },
      { sender: 'content', tabId: 9, frameId: 2, documentId: null },
      { sender: 'extension', tabId: null, frameId: null, documentId: null },
    ]);
  });

  it('validates payloads before any handler runs', async () => {
    const find = vi.fn();
    const broker = createBroker(handlers({ 'contact.find': find }), self);
    expect(await broker({ primer: 1, type: 'contact.find', payload: { email: 5 } }, fromOptions)).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(find).not.toHaveBeenCalled();
  });

  it.each(['', '.', '..'])('refuses the id %j, which a request path would resolve to another route, before any handler runs', async (id) => {
    const called = vi.fn(() => Promise.reject(new Error('must not run')));
    const broker = createBroker(
      handlers({ 'contact.insights': called, 'contacts.insights': called, 'recording.get': called, 'webhook.delete': called, 'upload.retry': called }),
      self,
    );
    for (const [type, payload, from] of [
      ['contact.insights', { contactId: id }, fromContent],
      ['contacts.insights', { contactIds: ['c-1', id] }, fromOptions],
      ['recording.get', { id }, fromOptions],
      ['webhook.delete', { id }, fromOptions],
      ['upload.retry', { id }, fromOptions],
    ] as const) {
      expect(await broker({ primer: 1, type, payload }, from), type).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    }
    expect(called).not.toHaveBeenCalled();
  });

  it('turns handler errors into typed replies and checks replies against the protocol', async () => {
    const broker = createBroker(
      handlers({
        'contact.insights': () => Promise.reject(new ApiError('rate_limited', 'wait', { status: 429, retryAfterMs: 5000 })),
        // A bug returning the wrong shape must not leave the background.
        'contact.find': () => Promise.resolve({ contact: { id: 1 }, matchedBy: 'guess' } as never),
        'recording.get': () => Promise.reject(new Error('internal detail')),
      }),
      self,
    );
    expect(await broker({ primer: 1, type: 'contact.insights', payload: { contactId: 'c1' } }, fromContent)).toEqual({
      ok: false,
      error: { kind: 'rate_limited', message: 'wait', status: 429, code: null, retryAfterMs: 5000 },
    });
    expect(await broker({ primer: 1, type: 'contact.find', payload: { email: 'a@b.co' } }, fromOptions)).toMatchObject({ ok: false, error: { kind: 'invalid_response' } });
    const hidden = await broker({ primer: 1, type: 'recording.get', payload: { id: 'r' } }, fromOptions);
    expect(JSON.stringify(hidden)).not.toContain('internal detail');
  });
});
