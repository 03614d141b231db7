/** Tabs of the sites open before an install or update get Primer's content scripts (Chrome runs them only in pages loaded after). */
import { describe, expect, it, vi } from 'vitest';
import { runInOpenTabs } from '@/lib/background/open-tabs';

const MANIFEST = {
  content_scripts: [
    { matches: ['https://calendar.google.com/*'], css: ['content-scripts/calendar.css'], js: ['content-scripts/calendar.js'] },
    { matches: ['https://mail.google.com/*'], css: ['content-scripts/gmail.css'], js: ['content-scripts/gmail.js'] },
  ],
};

function fakeApi(tabsBySite: Record<string, { id?: number; discarded?: boolean }[]>, failing = new Set<number>()) {
  const calls: string[] = [];
  const api = {
    runtime: { getManifest: () => MANIFEST },
    tabs: { query: vi.fn(({ url }: { url: string[] }) => Promise.resolve(tabsBySite[url[0]!] ?? [])) },
    scripting: {
      insertCSS: vi.fn(({ target, files }: { target: { tabId: number }; files: string[] }) => {
        calls.push(`css ${target.tabId} ${files.join()}`);
        return Promise.resolve();
      }),
      executeScript: vi.fn(({ target, files }: { target: { tabId: number }; files: string[] }) => {
        if (failing.has(target.tabId)) return Promise.reject(new Error('Cannot access contents of the page'));
        calls.push(`js ${target.tabId} ${files.join()}`);
        return Promise.resolve([]);
      }),
    },
  };
  return { api: api as unknown as Parameters<typeof runInOpenTabs>[0], calls, query: api.tabs.query };
}

describe('runInOpenTabs', () => {
  it('runs each site’s scripts and styles, as the manifest lists them, in its open tabs only', async () => {
    const { api, calls, query } = fakeApi({ 'https://calendar.google.com/*': [{ id: 4 }], 'https://mail.google.com/*': [{ id: 7 }, { id: 9 }] });
    expect(await runInOpenTabs(api)).toBe(3);
    expect(query.mock.calls.map(([filter]) => filter)).toEqual([{ url: ['https://calendar.google.com/*'] }, { url: ['https://mail.google.com/*'] }]);
    expect(calls).toEqual([
      'css 4 content-scripts/calendar.css',
      'js 4 content-scripts/calendar.js',
      'css 7 content-scripts/gmail.css',
      'js 7 content-scripts/gmail.js',
      'css 9 content-scripts/gmail.css',
      'js 9 content-scripts/gmail.js',
    ]);
  });

  it('leaves out discarded tabs (they load the page again, scripts and all) and goes on past a tab it cannot reach', async () => {
    const { api, calls } = fakeApi({ 'https://mail.google.com/*': [{ id: 1, discarded: true }, { id: 2 }, { id: 3 }, {}] }, new Set([2]));
    expect(await runInOpenTabs(api)).toBe(1);
    expect(calls.filter((call) => call.startsWith('js'))).toEqual(['js 3 content-scripts/gmail.js']);
  });
});

describe('runInOpenTabs and the windows a site draws into (Outlook’s pop-out: about:blank)', () => {
  it('runs a script the manifest runs in about:blank there too: in the windows its site’s tabs opened, whose address is no site’s', async () => {
    const outlook = { matches: ['https://outlook.office.com/*'], match_about_blank: true, css: ['content-scripts/outlook.css'], js: ['content-scripts/outlook.js'] };
    const calls: string[] = [];
    const all = [
      { id: 1, url: 'https://outlook.office.com/mail/' },
      // Outlook's pop-out, opened by tab 1: its address (about:blank) is not shown.
      { id: 2, openerTabId: 1 },
      // A link from Outlook opened on a site Primer may read: not Outlook's window.
      { id: 3, openerTabId: 1, url: 'https://calendar.google.com/calendar/u/0/r' },
      // Opened by a tab of another site.
      { id: 4, openerTabId: 9 },
    ];
    const api = {
      runtime: { getManifest: () => ({ content_scripts: [outlook] }) },
      tabs: { query: ({ url }: { url?: string[] }) => Promise.resolve(url ? all.filter((tab) => tab.url?.startsWith('https://outlook.office.com/')) : all) },
      scripting: {
        insertCSS: () => Promise.resolve(),
        executeScript: ({ target }: { target: { tabId: number } }) => {
          calls.push(`js ${target.tabId}`);
          return Promise.resolve([]);
        },
      },
    } as unknown as Parameters<typeof runInOpenTabs>[0];
    expect(await runInOpenTabs(api)).toBe(2);
    expect(calls).toEqual(['js 1', 'js 2']);
  });
});
