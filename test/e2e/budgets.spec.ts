/**
 * Stable budgets of the production build: what every page load of a supported site injects must
 * stay small (React and the card arrive only with the first card), the card bundle must not be
 * injected at all, the injected scripts carry V8's compile hint, and only the background carries
 * webextension-polyfill (wxt.config.ts: everything else runs on the browser’s own API); the Firefox
 * build has the same panel, command, popup and content scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'playwright/test';
import { ALL_FUNCTIONS_CALLED_ON_LOAD } from '../../lib/build/compile-hints';

const OUTPUT = path.resolve(import.meta.dirname, '../../.output/chrome-mv3');
/** 20 KB as 20,000 B, the stricter reading of "KB": the budget holds under both. */
const BUDGET_GZIP_BYTES = 20_000;

interface ManifestContentScript { matches: string[]; js?: string[]; css?: string[] }

test('each site injects at most 20 KB gzipped on page load, without React', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(OUTPUT, 'manifest.json'), 'utf8')) as { content_scripts: ManifestContentScript[] };
  expect(manifest.content_scripts.length).toBe(3);
  for (const script of manifest.content_scripts) {
    const files = [...(script.js ?? []), ...(script.css ?? [])];
    const code = files.map((file) => fs.readFileSync(path.join(OUTPUT, file)));
    const gzipped = gzipSync(Buffer.concat(code), { level: 9 }).length;
    console.log(`${script.matches.join(' ')}: ${files.join(', ')} = ${code.reduce((n, b) => n + b.length, 0)} B, ${gzipped} B gzipped`);
    expect(gzipped, script.matches.join(' ')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    const text = Buffer.concat(code).toString('utf8');
    expect(text).not.toContain('react.production');
    // Vite's build-time marker (lib/build/compile-hints.ts) is no part of what a page gets.
    expect(text).not.toContain('$vite$');
    // React 19's own markers (its element type and internals), and React 18's for older builds.
    expect(text).not.toMatch(/react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|__SECRET_INTERNALS|ReactCurrentOwner|react-dom/);
    // V8 compiles the whole script up front (lib/build/compile-hints.ts): the first scan runs it all.
    for (const file of script.js ?? []) {
      expect(fs.readFileSync(path.join(OUTPUT, file), 'utf8').startsWith(ALL_FUNCTIONS_CALLED_ON_LOAD), file).toBe(true);
    }
  }
  // The markers are React's own: the card's code, loaded on the first card, has them.
  const card = fs.readFileSync(path.join(OUTPUT, 'hover-card.js'), 'utf8');
  expect(card).toMatch(/react\.transitional\.element/);
  // The card builds only its own messages' schemas on the first hover (lib/messaging/card-protocol.ts).
  expect(card).toContain('contact.insights');
  expect(card).not.toMatch(/upload\.start|webhook\.create|recording\.transcript/);
});

test('only the background carries webextension-polyfill', () => {
  // The polyfill's own check, in its bundled code: present exactly where it is bundled.
  const POLYFILL_MARK = 'This script should only be loaded in a browser extension';
  const scripts = fs.readdirSync(OUTPUT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  const withPolyfill = scripts.filter((file) => fs.readFileSync(path.join(OUTPUT, file), 'utf8').includes(POLYFILL_MARK));
  expect(withPolyfill).toEqual(['background.js']);
});

/**
 * Firefox (built by `npm run test:e2e` with `wxt build -b firefox`): the same side panel app as
 * Firefox's sidebar, the same keyboard command and popup, the same content scripts, and none of
 * Chrome's own permissions (Firefox would refuse to install it).
 */
test('the Firefox build has the panel as its sidebar, the command, the popup and the content scripts', () => {
  const FIREFOX = path.resolve(import.meta.dirname, '../../.output/firefox-mv2');
  const firefox = JSON.parse(fs.readFileSync(path.join(FIREFOX, 'manifest.json'), 'utf8')) as Record<string, unknown> & {
    sidebar_action?: { default_panel?: string; browser_style?: boolean };
    options_ui?: { browser_style?: boolean };
    browser_action?: { default_popup?: string };
    commands?: Record<string, { suggested_key?: { default?: string } }>;
    permissions?: string[];
    content_scripts?: ManifestContentScript[];
  };
  const chrome = JSON.parse(fs.readFileSync(path.join(OUTPUT, 'manifest.json'), 'utf8')) as { content_scripts: ManifestContentScript[] };
  expect(firefox.sidebar_action?.default_panel).toBe('sidepanel.html');
  // Without Firefox's own stylesheet (browser_style, true by default in MV2): text stays selectable.
  expect(firefox.sidebar_action?.browser_style).toBe(false);
  expect(firefox.options_ui?.browser_style).toBe(false);
  expect(fs.existsSync(path.join(FIREFOX, 'sidepanel.html'))).toBe(true);
  expect(firefox.browser_action?.default_popup).toBe('popup.html');
  expect(firefox.commands?.['open-briefing']?.suggested_key?.default).toBe('Alt+Shift+P');
  expect(firefox.permissions).not.toContain('sidePanel');
  expect(firefox).not.toHaveProperty('minimum_chrome_version');
  expect(firefox.permissions).not.toContain('offscreen');
  expect((firefox.content_scripts ?? []).map((script) => script.matches).sort()).toEqual(chrome.content_scripts.map((script) => script.matches).sort());
  // Only the background carries the polyfill there too.
  const scripts = fs.readdirSync(FIREFOX, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(scripts.filter((file) => fs.readFileSync(path.join(FIREFOX, file), 'utf8').includes('This script should only be loaded in a browser extension'))).toEqual(['background.js']);
});

test('both builds hold as hosts only the sites their content scripts run on: Chrome to run them in tabs open before an install or update, Firefox to see its own tabs there', () => {
  const chrome = JSON.parse(fs.readFileSync(path.join(OUTPUT, 'manifest.json'), 'utf8')) as { permissions: string[]; host_permissions?: string[]; content_scripts: ManifestContentScript[] };
  expect(chrome.permissions).toContain('scripting');
  expect([...(chrome.host_permissions ?? [])].sort()).toEqual(chrome.content_scripts.flatMap((script) => script.matches).sort());
  const firefox = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../.output/firefox-mv2/manifest.json'), 'utf8')) as { permissions?: string[]; content_scripts: ManifestContentScript[] };
  // Firefox runs content scripts in open tabs itself.
  expect(firefox.permissions).not.toContain('scripting');
  // Its MV2 content scripts' matches are no host permission: without these, a site tab's address
  // is never told to the background, nor may the sidebar say Primer is allowed there.
  expect(firefox.permissions?.filter((permission) => permission.includes('://')).sort()).toEqual(firefox.content_scripts.flatMap((script) => script.matches).sort());
});

test('neither build runs in private windows, where what it looks up would be kept in the profile', () => {
  for (const dir of [OUTPUT, path.resolve(import.meta.dirname, '../../.output/firefox-mv2')]) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { incognito?: string };
    expect(manifest.incognito, dir).toBe('not_allowed');
  }
});

test('the Chrome build needs the Chrome that has the side panel calls it makes and keeps the key off redirects', () => {
  // sidePanel.open and runtime.getContexts: Chrome 116; Authorization dropped on a cross-origin redirect: 119.
  const chrome = JSON.parse(fs.readFileSync(path.join(OUTPUT, 'manifest.json'), 'utf8')) as { minimum_chrome_version?: string };
  expect(chrome.minimum_chrome_version).toBe('119');
});
