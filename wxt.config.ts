import { defineConfig } from 'wxt';
import { ALL_SITE_MATCHES } from './lib/sites/matches';

/**
 * The service's origin and the upload origin are unknown until the user enters them, so host
 * access to them is optional and requested at run time (options page, upload popup). Nothing broad
 * is granted at install: the only hosts granted up front are the three supported sites, through
 * their content scripts.
 */
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  imports: false,
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Primer — meeting briefings',
    description:
      'Briefings on the people you meet or write to, inside Google Calendar, Gmail and Outlook on the web.',
    // sidePanel: Chrome's side panel (Firefox's sidebar_action needs no permission). offscreen:
    // Chrome sends recordings from an offscreen document (Firefox's background page does it).
    // notifications: "recording processed" / "processing failed".
    permissions: ['storage', 'alarms', 'notifications', ...(browser === 'firefox' ? [] : ['sidePanel', 'offscreen'])],
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
              // Addresses and names on the page are sent to the service the user configured.
              data_collection_permissions: { required: ['personallyIdentifyingInfo'] },
            },
          },
        }
      : {}),
  }),
});
