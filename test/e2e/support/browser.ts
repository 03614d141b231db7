/**
 * Playwright fixtures for Primer: a fresh Chromium profile per test with the production build
 * loaded, its service worker and id, a per-worker stand-in service reset before each test, and a
 * network that only reaches 127.0.0.1 (plus pages served with `serveFixture`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, test as base, type BrowserContext, type Worker } from 'playwright/test';
import { createStandIn, type StandIn } from '../../stand-in/server.ts';

export type { StandIn };

const ROOT = path.resolve(import.meta.dirname, '../../..');
const EXTENSION_DIR = path.join(ROOT, '.output/chrome-mv3');
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** $CHROME_PATH, then Debian's Chromium, then Playwright's cache (its download does not work here). */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // No Playwright browser registered; nothing to add.
  }
  const found = candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found. Set CHROME_PATH, install Debian’s chromium, or run test/support/ensure-chromium.sh.',
    );
  }
  return found;
}

/** The production build; the tests never build it themselves. */
export function extensionDir(): string {
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No production build at ${EXTENSION_DIR}. Run "npx wxt build" first (npm run test:e2e does).`);
  }
  return EXTENSION_DIR;
}

/** Served fixture addresses per context, so the network block lets exactly those through. */
const servedFixtures = new WeakMap<BrowserContext, Set<string>>();

async function blockOutsideNetwork(context: BrowserContext): Promise<void> {
  servedFixtures.set(context, new Set());
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const isWeb = url.protocol === 'http:' || url.protocol === 'https:';
    if (!isWeb || LOCAL_HOSTS.has(url.hostname)) return route.fallback();
    if (servedFixtures.get(context)?.has(url.href)) return route.fallback();
    // Fixture routes are registered later, so Playwright asks them first; reaching here means the
    // address was not served (a sub-resource of a fixture, or anything else): refuse it.
    return route.abort('blockedbyclient');
  });
}

/**
 * Serves `html` at its real address (e.g. https://mail.google.com/mail/u/0/), so content scripts
 * match as they would in the wild. Only that exact URL is answered; nothing is widened.
 */
export async function serveFixture(context: BrowserContext, url: string, html: string): Promise<void> {
  const exact = new URL(url).href;
  servedFixtures.get(context)?.add(exact);
  await context.route(
    (candidate) => candidate.href === exact,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

interface Launched {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  userDataDir: string;
}

export async function launchWithExtension(): Promise<Launched> {
  const ext = extensionDir();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: false, // --headless=new below: the old headless mode cannot load extensions.
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
    ],
  });
  await blockOutsideNetwork(context);
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  return { context, serviceWorker, extensionId, userDataDir };
}

interface TestFixtures {
  launched: Launched;
  extensionId: string;
  serviceWorker: Worker;
  standIn: StandIn;
}

interface WorkerFixtures {
  standInServer: StandIn;
}

// The fixture callback is named `provide`, not Playwright's usual `use`: React's hook lint rule
// would take `use(...)` for React's `use` hook.
export const test = base.extend<TestFixtures, WorkerFixtures>({
  standInServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, provide) => {
      const server = await createStandIn({ port: 0 });
      await provide(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  standIn: async ({ standInServer }, provide) => {
    standInServer.reset();
    await provide(standInServer);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  launched: async ({}, provide, testInfo) => {
    const launched = await launchWithExtension();
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
    fs.rmSync(launched.userDataDir, { recursive: true, force: true });
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
