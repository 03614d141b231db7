import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { BATCH_DELAY_MS } from '@/lib/content/observer';
import { startPrimer } from '@/lib/content/runtime';
import { SETTLE_MS } from '@/lib/content/self-check';
import { fakeAdapter } from './fake-adapter';
import { DEFAULT_PREFERENCES, preferencesItem } from '@/lib/storage/preferences';

const adapter = fakeAdapter({ ownAddresses: () => ['me@example.com'] });

interface Envelope { type: string; payload: { people?: { email?: string }[] } }

describe('startPrimer', () => {
  let ctx: ContentScriptContext;
  let messages: Envelope[];

  beforeEach(() => {
    vi.useFakeTimers();
    messages = [];
    document.body.innerHTML = '<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="me@example.com">Me</span></div>';
    // The fake browser answers through sendResponse (returning true), as Chrome's callback API does.
    fakeBrowser.runtime.onMessage.addListener((message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
      const envelope = message as Envelope;
      messages.push(envelope);
      if (envelope.type === 'people.find') {
        const data = envelope.payload.people!.map((p) =>
          p.email === 'maya@example.com' ? { contact: { id: 'm', name: 'Maya', email: p.email, company: null, title: null }, matchedBy: 'email' } : null,
        );
        sendResponse({ ok: true, data });
      } else sendResponse({ ok: true, data: { recorded: true } });
      return true;
    });
    ctx = new ContentScriptContext('test');
  });
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  const settle = async (ms = BATCH_DELAY_MS) => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
  };
  const markers = () => document.querySelectorAll('[data-primer-marker]').length;

  it('marks known people on start and on changes, never asking about the user', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(1);
    const asked = messages.filter((m) => m.type === 'people.find').flatMap((m) => m.payload.people);
    expect(asked).toEqual([{ email: 'maya@example.com' }]);

    const more = document.createElement('div');
    more.className = 's';
    more.innerHTML = '<span data-mail="maya@example.com">Maya again</span>';
    document.body.append(more);
    await settle();
    expect(markers()).toBe(2);
    // Maya was known already: no second question.
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(1);
  });

  it('reports the page status once settled', async () => {
    await startPrimer(ctx, adapter);
    await settle(SETTLE_MS);
    expect(messages.find((m) => m.type === 'page.status')?.payload).toMatchObject({ site: 'gmail', recognised: true, people: 1, known: 1 });
  });

  it('follows the per-site switch live, and asks again when the service settings change', async () => {
    await startPrimer(ctx, adapter);
    await settle();
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
    await settle();
    expect(markers()).toBe(0);
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(1);
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://other.example.com' });
    await settle();
    expect(markers()).toBe(1);
    expect(messages.filter((m) => m.type === 'people.find')).toHaveLength(2);
  });

  it('does nothing on a switched-off site and cleans up when invalidated', async () => {
    await preferencesItem.setValue({ ...DEFAULT_PREFERENCES, sites: { ...DEFAULT_PREFERENCES.sites, gmail: false } });
    await startPrimer(ctx, adapter);
    await settle();
    expect(markers()).toBe(0);
    await preferencesItem.setValue(DEFAULT_PREFERENCES);
    await settle();
    expect(markers()).toBe(1);
    ctx.notifyInvalidated();
    expect(markers()).toBe(0);
  });
});
