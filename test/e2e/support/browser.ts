/**
 * Playwright fixtures for Primer: a fresh Chromium profile per test with the production build
 * loaded, its service worker and id, a per-worker stand-in service reset before each test.
 */
import fs from 'node:fs';
import { test as base, type Worker } from 'playwright/test';
import { createStandIn } from '../../stand-in/server.ts';
import { launchWithExtension, type Launched, type LaunchOptions } from '../../support/chromium.ts';

export { serveFixture, servePage } from '../../support/chromium.ts';
export type StandIn = Awaited<ReturnType<typeof createStandIn>>;

interface TestFixtures {
  /** Set per file or group with `test.use({ primerLaunch: … })`. */
  primerLaunch: LaunchOptions;
  launched: Launched;
  extensionId: string;
  serviceWorker: Worker;
  standIn: StandIn;
}

interface WorkerFixtures {
  standInServer: StandIn;
  /** Set per file with `test.use({ standInOptions: … })`. */
  standInOptions: Parameters<typeof createStandIn>[0];
}

// The fixture callback is named `provide`, not Playwright's usual `use`: React's hook lint rule
// would take `use(...)` for React's `use` hook.
export const test = base.extend<TestFixtures, WorkerFixtures>({
  standInOptions: [{}, { scope: 'worker', option: true }],
  standInServer: [
    async ({ standInOptions }, provide) => {
      const server = await createStandIn({ port: 0, ...standInOptions });
      await provide(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  standIn: async ({ standInServer }, provide) => {
    standInServer.reset();
    await provide(standInServer);
  },
  primerLaunch: [{}, { option: true }],
  launched: async ({ primerLaunch }, provide, testInfo) => {
    const launched = await launchWithExtension(primerLaunch);
    await provide(launched);
    if (testInfo.status !== testInfo.expectedStatus) {
      // Our own screenshots: this context is not made by Playwright's browser fixture.
      for (const [index, page] of launched.context.pages().entries()) {
        const file = testInfo.outputPath(`failure-page-${index}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        if (fs.existsSync(file)) await testInfo.attach(`page ${index}`, { path: file, contentType: 'image/png' });
      }
    }
    await launched.context.close();
    launched.cleanUp();
  },
  context: async ({ launched }, provide) => {
    await provide(launched.context);
  },
  extensionId: async ({ launched }, provide) => {
    await provide(launched.extensionId);
  },
  serviceWorker: async ({ launched }, provide) => {
    await provide(launched.serviceWorker);
  },
});

export const expect = test.expect;
