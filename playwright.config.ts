import { defineConfig } from 'playwright/test';

// End-to-end tests load the production build (.output/chrome-mv3) into Debian's Chromium; see
// test/e2e/support/browser.ts. One worker: each test starts its own browser profile.
export default defineConfig({
  testDir: 'test/e2e',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    screenshot: 'only-on-failure',
  },
});
