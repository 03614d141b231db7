import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { eagerCompile } from './lib/build/compile-hints';
import { ALL_SITE_MATCHES } from './lib/sites/matches';

/**
 * The service's origin and the upload origin are unknown until the user enters them, so host
 * access to them is optional and requested at run time (options page, upload popup). Nothing broad
 * is granted at install: the only hosts granted up front are the three supported sites (their
 * content scripts, and as host permissions in Chrome: open-tabs.ts).
 */
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The browser's own `browser`/`chrome` namespace (what `wxt/browser` is without the polyfill),
 * used by the content scripts and the extension's pages: Chrome's MV3 and Firefox's APIs return
 * promises, and every call they make works the same. Only the background keeps the polyfill, for
 * its promise-returning `runtime.onMessage` listeners. The polyfill would add its code to every
 * page of the three sites, and in Chrome its module interop reads every API namespace as a script
 * starts (each one then built lazily by Chrome: about 1-4 ms of start-up on the large fixtures, and
 * on each opening of the side panel).
 */
const NATIVE_BROWSER = fileURLToPath(import.meta.resolve('@wxt-dev/browser'));

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  imports: false,
  // Lazily loaded chunks (the recording view, the upload button) are files of the extension, read
  // from disk: Vite's helper that first adds a <link rel=modulepreload> per dependency to the page
  // saves no round trip here, and cost the panel's first render several milliseconds on a meeting.
  // The pages' own <link rel=modulepreload> tags and a lazy chunk's CSS are kept. The exception is
  // the side panel's live code (app.tsx), which its page's module imports once a saved briefing is
  // on screen: the helper has its chunks fetched together then, not one after the other.
  vite: () => ({
    build: { modulePreload: { resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || /(^|\/)app-[^/]+\.js$/.test(file) ? deps : []) } },
  }),
  hooks: {
    'vite:build:extendConfig': (entrypoints, config) => {
      // Every build but the background's: content scripts, the hover card's and the panel's
      // start-up scripts, and the pages (one build).
      if (entrypoints.some((entrypoint) => entrypoint.type === 'background')) return;
      const alias = config.resolve?.alias ?? [];
      const entries = Array.isArray(alias) ? alias : Object.entries(alias).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
      // First match wins: this one goes before the polyfill module's `wxt/browser` alias.
      config.resolve = { ...config.resolve, alias: [{ find: /^wxt\/browser$/, replacement: NATIVE_BROWSER }, ...entries] };
      // The injected scripts run nearly all their code in the first scan: compile it up front.
      if (entrypoints.every((entrypoint) => entrypoint.type === 'content-script')) config.plugins = [...(config.plugins ?? []), eagerCompile()];
    },
  },
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Primer — meeting briefings',
    description:
      'Briefings on the people you meet or write to, inside Google Calendar, Gmail and Outlook on the web.',
    // sidePanel: Chrome's side panel (Firefox's sidebar_action needs no permission). offscreen:
    // Chrome sends recordings from an offscreen document (Firefox's background page does it).
    // notifications: "recording processed" / "processing failed".
    // scripting, and the sites as host permissions (the hosts its content scripts hold already,
    // so nothing more to allow): Chrome runs Primer's scripts in the sites' tabs open before an
    // install or update (lib/background/open-tabs.ts); Firefox does it itself.
    permissions: ['storage', 'alarms', 'notifications', ...(browser === 'firefox' ? [] : ['sidePanel', 'offscreen', 'scripting'])],
    // Firefox too: there (MV2) the content scripts' matches are no host permission, and without
    // one the background is never told a site tab's address (a reload read as leaving the site),
    // nor may the panel say Primer is allowed there. Its install prompt names the sites already.
    host_permissions: ALL_SITE_MATCHES,
    // Not in private windows: every address looked up there would be kept in the profile's storage
    // (the cache, up to 30 days), which the user expects a private window to leave nothing in.
    incognito: 'not_allowed',
    commands: {
      'open-briefing': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: 'Open the Primer briefing for this page',
      },
    },
    // MV2 (Firefox) has no optional_host_permissions: origins go with the optional permissions.
    ...(manifestVersion === 3 ? { optional_host_permissions: OPTIONAL_HOSTS } : { optional_permissions: OPTIONAL_HOSTS }),
    // Chrome's enterprise policy schema (Firefox reads policies.json instead).
    storage: { managed_schema: 'managed_schema.json' },
    // The toolbar button carries the self-check badge ("this page's layout is not recognised").
    action: { default_title: 'Primer' },
    // The hover card's code (React included) is loaded by the content scripts on the first card
    // only, so it must be reachable from exactly the supported sites.
    web_accessible_resources: [{ resources: ['hover-card.js'], matches: ALL_SITE_MATCHES }],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'primer@primer.example',
              strict_min_version: '115.0',
              // What goes to the service the user configured (Mozilla's taxonomy,
              // extensionworkshop.com/documentation/develop/firefox-builtin-data-consent):
              // the addresses and names of the people on the page (personallyIdentifyingInfo);
              // uploaded meeting recordings, the audio of a call (personalCommunications: "data
              // from phone calls and conference calls", and e-mails: an upload's title may be the
              // subject of the e-mail in view); and the upload's title and date as the form takes
              // them from the event or e-mail shown on the page (websiteContent: text visible on
              // a website).
              data_collection_permissions: { required: ['personallyIdentifyingInfo', 'personalCommunications', 'websiteContent'] },
            },
          },
        }
      : {
          // sidePanel.open (the card's "Open briefing", the keyboard command) and
          // runtime.getContexts came in Chrome 116: older versions would install a panel that
          // never opens. 119: the first to drop a request's Authorization header when a redirect
          // takes it to another origin (older ones sent the API key on to wherever the service
          // address redirected, even over http).
          minimum_chrome_version: '119',
        }),
  }),
});
