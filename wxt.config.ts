import { defineConfig } from 'wxt';

// The service's origin and the upload origin are unknown until the user enters them, so host
// access is optional and requested at run time (options page, upload popup). Nothing broad is
// granted at install.
export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  imports: false,
  manifest: {
    name: 'Primer — meeting briefings',
    description:
      'Briefings on the people you meet or write to, inside Google Calendar, Gmail and Outlook on the web.',
    permissions: ['storage', 'alarms'],
    optional_host_permissions: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'],
    storage: { managed_schema: 'managed_schema.json' },
  },
});
