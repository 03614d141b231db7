import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pageStatusHandlers, readPageStatus } from '@/lib/background/handlers/page-status';

describe('page.status', () => {
  const handle = pageStatusHandlers()['page.status'];

  it('badges a tab whose layout is not recognised, and clears it once recognised', async () => {
    expect(await handle({ site: 'gmail', recognised: false, people: 0, known: 0, view: '' }, { sender: 'content', tabId: 7 })).toEqual({ recorded: true });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe('!');
    expect(await readPageStatus(7)).toMatchObject({ site: 'gmail', recognised: false });
    await handle({ site: 'gmail', recognised: true, people: 4, known: 2, view: 'thread:Hi' }, { sender: 'content', tabId: 7 });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe('');
    expect(await readPageStatus(7)).toMatchObject({ recognised: true, people: 4, known: 2 });
    expect(await readPageStatus(8)).toBeNull();
  });

  it('records nothing without a tab', async () => {
    expect(await handle({ site: 'outlook', recognised: false, people: 0, known: 0, view: '' }, { sender: 'content', tabId: null })).toEqual({ recorded: false });
  });
});
