/**
 * Starting Chromium with Primer's production build, for the end-to-end tests and `npm run demo`:
 * finding the browser, a fresh profile, a network that only reaches 127.0.0.1 (plus pages served
 * at their real addresses with `serveFixture`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXTENSION_DIR = path.join(ROOT, '.output/chrome-mv3');
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Playwright's cached Chromium builds, newest revision last (any revision: ensure-chromium.sh accepts them too). */
function cachedChromiums(): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), '.cache/ms-playwright');
  try {
    return fs
      .readdirSync(cache)
      .filter((name) => name.startsWith('chromium-'))
      .sort()
      .flatMap((name) => ['chrome-linux64', 'chrome-linux'].map((dir) => path.join(cache, name, dir, 'chrome')));
  } catch {
    return [];
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * $CHROME_PATH, then Debian's Chromium, then Playwright's cache (its download does not work here):
 * the order of test/support/ensure-chromium.sh, so what it found is what is started.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // No Playwright browser registered; nothing to add.
  }
  candidates.push(...cachedChromiums().reverse());
  const found = candidates.find((candidate): candidate is string => !!candidate && isExecutable(candidate));
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
  // Requests never carry the fragment (Gmail's views live in it), so match without it.
  const address = new URL(url);
  address.hash = '';
  const exact = address.href;
  servedFixtures.get(context)?.add(exact);
  await context.route(
    (candidate) => candidate.href === exact,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

/**
 * Serves `html` at its real address for one page only (a page route: the context's other pages,
 * the side panel among them, are not intercepted). Only that exact URL is answered.
 */
export async function servePage(page: Page, url: string, html: string): Promise<void> {
  const address = new URL(url);
  address.hash = '';
  const exact = address.href;
  await page.route(
    (candidate) => candidate.href === exact,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

export interface Launched {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  userDataDir: string;
  /** Removes the profile (and the build copy made for test pages); call after closing the context. */
  cleanUp: () => void;
}

export interface LaunchOptions {
  headless?: boolean;
  /**
   * Refuse every request that is not to loopback (default true). The block is a context-wide
   * `context.route`, i.e. CDP request interception; a benchmark that times large request bodies
   * can turn it off (the browser is still only pointed at the stand-in, on loopback).
   */
  blockNetwork?: boolean;
  /**
   * How the outside network is refused. `route` (default): the context-wide route above, which
   * intercepts every request of every page, extension pages included. `resolver`: no host name
   * but loopback resolves (`--host-resolver-rules`), and nothing is intercepted; fixture pages are
   * then served with `servePage`, a route on that one page. For timing extension pages.
   */
  networkBlock?: 'route' | 'resolver';
  /**
   * Test-only pages (file name → contents) added to a copy of the production build, which is then
   * the one loaded; .output itself is never changed, so no test page ships.
   */
  testPages?: Record<string, string>;
  /**
   * Whether Playwright watches the background service worker's requests (default true: a
   * context-wide route then applies to them too). Watching them costs about a millisecond per
   * request (CDP network events for each), which a test timing the background's calls should not
   * pay: false sets Playwright's opt-out (PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK, read when the
   * worker is attached) until `cleanUp`. Only with `networkBlock: 'resolver'`, which blocks the
   * outside network without routes.
   */
  watchServiceWorkerNetwork?: boolean;
  /**
   * Whether Playwright closes the browser on Ctrl-C / SIGTERM / SIGHUP itself (default true). Its
   * handler exits the process before a caller's own can remove the profile: the demo handles them.
   */
  handleSignals?: boolean;
}

/** Loopback only: every other host name (and address) fails to resolve. */
const LOOPBACK_ONLY_RESOLVER = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]';

function buildWithTestPages(pages: Record<string, string>): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-build-'));
  fs.cpSync(extensionDir(), copy, { recursive: true });
  for (const [name, contents] of Object.entries(pages)) {
    if (name.includes('/') || name.includes('..') || fs.existsSync(path.join(copy, name))) throw new Error(`Test page ${name} would overwrite the build`);
    fs.writeFileSync(path.join(copy, name), contents);
  }
  return copy;
}

const SW_NETWORK_OPT_OUT = 'PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK';

/**
 * How long a launch waits for the options tab a first install opens (lib/background/first-run.ts).
 * Every launch is a first install (a fresh profile), so the tab comes; on a loaded machine it came
 * after more than 3 s, and a tab left open made `openOptionsPage` focus it instead of opening one.
 */
const WELCOME_TAB_WAIT_MS = 20_000;

/**
 * Closes the options tab Primer opens on its first install, as a user would once done with it: the
 * tests and the demo open their own pages and expect no other tab to take the front. Nothing is
 * waited for once it is closed; a build that opens none would cost WELCOME_TAB_WAIT_MS, and says so.
 */
async function closeWelcomeTab(context: BrowserContext, extensionId: string): Promise<void> {
  const welcome = `chrome-extension://${extensionId}/options.html`;
  const deadline = Date.now() + WELCOME_TAB_WAIT_MS;
  while (Date.now() < deadline) {
    const tab = context.pages().find((page) => page.url().startsWith(welcome));
    if (tab) {
      await tab.close().catch(() => undefined);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.warn(`Primer opened no options tab within ${WELCOME_TAB_WAIT_MS} ms of its install.`);
}

export async function launchWithExtension({ headless = true, blockNetwork = true, networkBlock = 'route', testPages, watchServiceWorkerNetwork = true, handleSignals = true }: LaunchOptions = {}): Promise<Launched> {
  if (!watchServiceWorkerNetwork && blockNetwork && networkBlock === 'route') {
    throw new Error('A context-wide route must see the service worker’s requests: unwatched only with networkBlock "resolver".');
  }
  const optOutBefore = process.env[SW_NETWORK_OPT_OUT];
  if (!watchServiceWorkerNetwork) process.env[SW_NETWORK_OPT_OUT] = '1';
  const restoreOptOut = () => {
    if (optOutBefore === undefined) delete process.env[SW_NETWORK_OPT_OUT];
    else process.env[SW_NETWORK_OPT_OUT] = optOutBefore;
  };
  const ext = testPages ? buildWithTestPages(testPages) : extensionDir();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: false, // --headless=new below: the old headless mode cannot load extensions.
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
    args: [
      ...(headless ? ['--headless=new'] : []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
      ...(blockNetwork && networkBlock === 'resolver' ? [LOOPBACK_ONLY_RESOLVER] : []),
    ],
  });
  if (blockNetwork && networkBlock === 'route') await blockOutsideNetwork(context);
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  await closeWelcomeTab(context, extensionId);
  const cleanUp = () => {
    restoreOptOut();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    if (ext !== EXTENSION_DIR) fs.rmSync(ext, { recursive: true, force: true });
  };
  return { context, serviceWorker, extensionId, userDataDir, cleanUp };
}
