/**
 * A service address that is not the service, the way a user meets it: something else answers on
 * 127.0.0.1 (a server answering 404 to everything, a web site answering every path with a page, a
 * server answering nothing, a sign-in page every path is sent to).
 * Test connection says so with the next step; a Gmail thread gets no markers, its toolbar button
 * `off` with the cause, the popup and the side panel the same; once the user saves the right address,
 * the open page's people are marked and the button clears, without a reload.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright/test';
import { expect, serveFixture, test, type StandIn } from './support/browser';
import type { ExpectedView } from './support/people-in-view';
import { OptionsPage } from './support/options-page';
import { openPanel, tabIdOf } from './support/side-panel';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const GMAIL_URL = 'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWDsKmvBqLwNkPdTrZhbVcQx';
/** The thread's known contacts (test/fixtures/expected.json), as the markers name them: as the page shows them. */
const THREAD_LABELS = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as { pages: { file: string; views: ExpectedView[] }[] }).pages
  .find((page) => page.file === 'gmail/thread.html')!
  .views[0]!.surfaces.flatMap((surface) => surface.people)
  .filter((person) => person.contactId !== null)
  .map((person) => `Primer briefing: ${person.name ?? person.email}`);

interface Impostor {
  status: number;
  body: string;
  /** Every other path redirects here first (a sign-in page). */
  signIn?: string;
}

/** What answers at the wrong address. */
const IMPOSTORS: Record<string, Impostor> = {
  // A server with no such routes: Express's own 404 page, for every path.
  'answers 404 to everything': { status: 404, body: '<!DOCTYPE html><html><head><title>Error</title></head><body><pre>Cannot GET /api/v2/contacts</pre></body></html>' },
  // A typical web site (or a single-page app's catch-all): the same page for every path, with 200.
  'answers every path with a web page': { status: 200, body: '<!doctype html><html><head><title>Acme</title></head><body><h1>Welcome to Acme</h1></body></html>' },
  // A server that answers nothing, with or without the key (a service with no contacts may answer its
  // list so, but refuses it without the key).
  'answers nothing (204) to everything': { status: 204, body: '' },
  // A company's single sign-on in front of everything: a redirect to its sign-in page.
  'redirects every path to a sign-in page': { status: 200, body: '<!doctype html><html><head><title>Sign in</title></head><body><form><input name="user"></form></body></html>', signIn: '/login' },
};

async function startImpostor({ status, body, signIn }: Impostor): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((request, response) => {
    if (signIn && !request.url?.startsWith(signIn)) {
      response.writeHead(302, { location: `${signIn}?next=${encodeURIComponent(request.url ?? '/')}` });
      response.end();
      return;
    }
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function markerLabels(page: Page): Promise<string[]> {
  return page.locator('[data-primer-marker]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

/** The tab's toolbar button, as the existing badge test reads it: through the service worker. */
function toolbarButton(serviceWorker: Worker, tabId: number) {
  return () =>
    serviceWorker.evaluate(async (id) => {
      const action = (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string>; getTitle(d: object): Promise<string> } } }).chrome.action;
      return { text: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
    }, tabId);
}

/**
 * The popup as it opens over `page`: Playwright cannot click the toolbar, so its page is loaded in a
 * tab behind `page`, in the same window, where the popup's "active tab of this window" is `page`.
 */
async function popupOver(context: BrowserContext, page: Page, extensionId: string, tabId: number): Promise<Page> {
  const popup = await context.newPage();
  await page.bringToFront();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const seen = await popup.evaluate(async () => {
    const tabs = (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number }[]> } } }).chrome.tabs;
    return (await tabs.query({ active: true, currentWindow: true }))[0]?.id ?? null;
  });
  expect(seen, 'the popup’s active tab is the Gmail tab').toBe(tabId);
  return popup;
}

async function manifestTitle(serviceWorker: Worker): Promise<string | undefined> {
  return serviceWorker.evaluate(
    () => (globalThis as unknown as { chrome: { runtime: { getManifest(): { action?: { default_title?: string } } } } }).chrome.runtime.getManifest().action?.default_title,
  );
}

for (const [behaviour, answer] of Object.entries(IMPOSTORS)) {
  test(`a service address where something else ${behaviour}: Test connection, the toolbar button, the popup and the side panel say so, and saving the right address marks the open page without a reload`, async ({
    context,
    extensionId,
    serviceWorker,
    standIn,
  }) => {
    test.setTimeout(120_000);
    const impostor = await startImpostor(answer);
    try {
      await wrongThenRight({ context, extensionId, serviceWorker, standIn }, impostor.baseUrl);
    } finally {
      impostor.server.closeAllConnections();
      await new Promise((resolve) => impostor.server.close(resolve));
    }
  });
}

async function wrongThenRight(
  { context, extensionId, serviceWorker, standIn }: { context: BrowserContext; extensionId: string; serviceWorker: Worker; standIn: StandIn },
  wrongUrl: string,
) {
  const origin = new URL(wrongUrl).origin;
  // 1. The user enters the wrong address, with their key; Test connection says what is there and what to do.
  const options = await OptionsPage.open(context, extensionId);
  await options.saveSettings(wrongUrl, standIn.apiKey);
  await options.testConnection();
  await expect(options.connectionStatus).toContainText('This address answers, but it is not the Conversation Intelligence Service');
  await expect(options.connectionStatus).toContainText('Enter the address of the service’s API');
  await options.page.close();

  // 2. A Gmail thread: no markers, and its toolbar button says why.
  await serveFixture(context, GMAIL_URL, fs.readFileSync(path.join(FIXTURES, 'gmail/thread.html'), 'utf8'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(GMAIL_URL);
  const tabId = await tabIdOf(serviceWorker, page);
  const button = toolbarButton(serviceWorker, tabId);
  const notService = `${origin} does not answer as Primer’s service`;
  await expect.poll(button, { timeout: 30_000 }).toEqual({ text: 'off', title: `Primer: ${notService} — check the service address in Primer’s options` });
  expect(await markerLabels(page)).toEqual([]);

  // 3. The popup opened over that tab says the same, with the way to the options.
  const popup = await popupOver(context, page, extensionId, tabId);
  const note = popup.getByText(`Markers are off on this page: ${notService}. Check the service address in Primer’s options.`);
  await expect(note).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Open Primer options' })).toBeVisible();
  await popup.close();

  // 4. The side panel on that page blames the address, once, not the contacts.
  const panel = await openPanel(context, extensionId, tabId);
  // Views left with Back stay in the page, hidden: only what is shown counts.
  const wrongAddress = panel.getByText('Something other than Primer’s service answers at the service address').filter({ visible: true });
  await expect(wrongAddress).toBeVisible({ timeout: 20_000 });
  await expect(wrongAddress).toHaveCount(1);
  await expect(panel.getByText(/no longer has this contact|no longer in Primer/)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Find them by e-mail' })).toHaveCount(0);
  // A person looked up by e-mail there meets the same address, not "Not in Primer yet".
  const search = panel.getByRole('search');
  await search.getByLabel('Find a person by e-mail').fill('maya.chen@example.com');
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: 'maya.chen@example.com' })).toBeVisible();
  await expect(wrongAddress).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText('Not in Primer yet.', { exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: /^Back/ }).click();
  await expect(wrongAddress).toBeVisible();

  // 5. From the panel's Open Primer options, the user saves the right address: the open page is
  // marked and its button cleared, the panel briefs the thread, all without a reload.
  const optionsOpened = context.waitForEvent('page', (opened) => opened.url().startsWith(`chrome-extension://${extensionId}/options.html`));
  await panel.getByRole('button', { name: 'Open Primer options' }).click();
  const fixed = new OptionsPage(await optionsOpened, extensionId);
  await expect(fixed.serviceUrl).toBeVisible();
  await expect(fixed.serviceUrl).toHaveValue(wrongUrl);
  await fixed.saveSettings(standIn.baseUrl, standIn.apiKey);
  await expect(fixed.connectionStatus).toContainText('Connected');
  await fixed.page.close();
  await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 20_000 }).toEqual(new Set(THREAD_LABELS));
  await expect.poll(button).toEqual({ text: '', title: await manifestTitle(serviceWorker) });
  await expect(panel.getByRole('heading', { level: 1, name: /^Q3 roadmap review/ })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('region', { name: 'People' })).toContainText('Daniel Weiss');
  await expect(wrongAddress).toHaveCount(0);
  expect(errors).toEqual([]);
}
