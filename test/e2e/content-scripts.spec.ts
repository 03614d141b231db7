/**
 * Content scripts in real Chromium with the production build: every fixture view is served at its
 * real address; Primer must look up exactly the people the view shows (no more, no fewer), mark
 * exactly the known contacts, show hover cards with the stand-in's data, execute no payload and
 * log no errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright/test';
import { SAMPLE_CONTACTS, SAMPLE_INSIGHTS, CONTACT_IDS } from '../stand-in/sample-data';
import type { ChromeLike } from '../support/chrome-like';
import { hoverCard, pageSeesCardRoot, type HoverCard } from '../support/hover-card';
import { cardAxeViolations } from './support/axe';
import { expect, serveFixture, test, type StandIn } from './support/browser';
import { openPanel, tabIdOf } from '../support/side-panel';
import { expectedPeople, peopleInView, type ExpectedView } from './support/people-in-view';
import { WHOLE_FAILURE_MS } from '../../lib/content/lookup';
import { configure } from './support/setup';
import { turnOnDeveloperMode } from '../support/host-access';

interface ExpectedPage { file: string; site: string; views: ExpectedView[] }

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const CARD_ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/card');
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as { pages: ExpectedPage[] };
/** The contact the client calibrates its e-mail lookup with (first of the list). */
const CALIBRATION_EMAIL = SAMPLE_CONTACTS[0]!.email.toLowerCase();

function html(file: string) {
  return fs.readFileSync(path.join(FIXTURES, file), 'utf8');
}

/**
 * What a view must produce: the addresses looked up and the labels of the markers, which name each
 * known person as the page shows them (name, else address), never as the service knows them.
 */
function expectationsFor(view: ExpectedView) {
  const emails = new Set<string>();
  const labels = new Set<string>();
  for (const surface of view.surfaces) {
    for (const person of surface.people) {
      emails.add(person.email);
      if (person.contactId) labels.add(`Primer briefing: ${person.name ?? person.email}`);
    }
    for (const person of surface.namesOnly) {
      if (person.contactIds.length === 1) labels.add(`Primer briefing: ${person.name} (matched by name)`);
    }
  }
  return { emails, labels };
}

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Primer set up, and a tab about to open Calendar's event popup fixture at its real address
 * (`url`); the page's errors are collected from the start. The caller navigates (and may listen
 * to the page first).
 */
async function calendarPopupTab(context: BrowserContext, extensionId: string, standIn: StandIn) {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'calendar/event-popup.html')!;
  const url = fixture.views[0]!.url;
  await serveFixture(context, url, html(fixture.file));
  const page = await context.newPage();
  return { page, url, errors: watchErrors(page) };
}

test('a Calendar tab open across an update of Primer marks its people again without a reload, once each', async ({ context, extensionId, standIn, serviceWorker }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  await page.goto(url);
  const maya = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
  await expect(maya).toBeVisible({ timeout: 20_000 });
  const before = (await markerLabels(page)).sort();
  // An update: Chrome reloads the extension; the old script loses its background.
  await turnOnDeveloperMode(context);
  const restarted = context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`) });
  await serviceWorker.evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload()).catch(() => undefined);
  await restarted;
  // The new script marks the same people, once each: the old one stood down and took its markers,
  // and a second copy (Primer's own run in open tabs beside the browser's) stands down too.
  await expect.poll(async () => (await markerLabels(page)).sort(), { timeout: 20_000 }).toEqual(before);
  await expect(page.locator('[data-primer-marker]')).toHaveCount(before.length);
  expect(errors).toEqual([]);
});

async function markerLabels(page: Page): Promise<string[]> {
  return page.locator('[data-primer-marker]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

/**
 * Primer set up, Gmail's thread served, and the service refusing every contact lookup (a key
 * revoked): the page's whole message fails. Returns a new tab, not yet on the thread.
 */
async function gmailThreadWithKeyRefused(context: BrowserContext, extensionId: string, standIn: StandIn) {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((candidate) => candidate.file === 'gmail/thread.html')!;
  const view = fixture.views[0]!;
  await serveFixture(context, view.url, html(fixture.file));
  standIn.failNext({ path: '/api/v2/contacts', status: 401, times: 1_000 });
  return { page: await context.newPage(), view };
}

function emailsLookedUp(standIn: StandIn): Set<string> {
  return new Set(
    standIn.requests
      .filter((request) => request.path === '/api/v2/contacts' && request.query.email)
      .map((request) => request.query.email!.toLowerCase()),
  );
}

const STATIC_VIEWS = expected.pages.filter((page) => page.file !== 'gmail/spa.html');

for (const fixture of STATIC_VIEWS) {
  const view = fixture.views[0]!;
  test(`${fixture.file}: finds exactly the people shown and marks exactly the known contacts`, async ({ context, extensionId, serviceWorker, standIn }) => {
    test.setTimeout(90_000);
    await configure(context, extensionId, standIn);
    await serveFixture(context, view.url, html(fixture.file));
    const page = await context.newPage();
    const errors = watchErrors(page);
    // What the page's own scripts would receive from window.postMessage while Primer runs.
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __messages: unknown[] }).__messages = seen;
      window.addEventListener('message', (event) => seen.push(event.data));
    });
    await page.goto(view.url);

    const { emails, labels } = expectationsFor(view);
    await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 30_000 }).toEqual(labels);
    // Every address shown was looked up, and nothing else (the calibration sample aside).
    const looked = emailsLookedUp(standIn);
    for (const email of emails) expect(looked.has(email), `looked up ${email}`).toBe(true);
    for (const email of looked) expect(emails.has(email) || email === CALIBRATION_EMAIL, `unexpected lookup of ${email}`).toBe(true);
    // One request per distinct address; the calibration sample is also asked as stored and in
    // another case (lib/api/contact-finder.ts), so up to three for it.
    const perAddress = new Map<string, number>();
    for (const request of standIn.requests) {
      if (request.path !== '/api/v2/contacts' || !request.query.email) continue;
      const email = request.query.email.toLowerCase();
      perAddress.set(email, (perAddress.get(email) ?? 0) + 1);
    }
    for (const [email, count] of perAddress) expect(count, email).toBeLessThanOrEqual(email === CALIBRATION_EMAIL ? 3 : 1);
    // Each surface holds exactly its people, unknown and name-only ones included, as the side panel hears it.
    expect(await peopleInView(serviceWorker, await tabIdOf(serviceWorker, page))).toEqual(expectedPeople(view));

    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    // Primer posts nothing to the page's window (WXT's start-up message is switched off).
    expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
  });
}

/** One known person of a view (a name-matched one where the view has any): their marker's and card's names. */
function knownPersonOf(view: ExpectedView): { marker: string; card: string; id: string } {
  for (const surface of view.surfaces) {
    for (const person of surface.namesOnly) {
      const only = person.contactIds.length === 1 ? SAMPLE_CONTACTS.find((contact) => contact.id === person.contactIds[0]) : undefined;
      if (only) return { marker: `Primer briefing: ${person.name} (matched by name)`, card: `Briefing: ${only.name} (matched by name)`, id: only.id };
    }
  }
  for (const surface of view.surfaces) {
    for (const person of surface.people) {
      const contact = SAMPLE_CONTACTS.find((candidate) => candidate.id === person.contactId);
      if (contact) return { marker: `Primer briefing: ${person.name ?? person.email}`, card: `Briefing: ${contact.name}`, id: contact.id };
    }
  }
  throw new Error(`${view.view}: no known person`);
}

for (const fixture of STATIC_VIEWS.filter((page) => !page.file.includes('-large'))) {
  const view = fixture.views[0]!;
  const who = knownPersonOf(view);
  test(`${fixture.file}: focusing a known person's marker shows their card beside it, with the stand-in's briefing; Esc closes it and focus stays`, async ({ context, extensionId, standIn }) => {
    await configure(context, extensionId, standIn);
    await serveFixture(context, view.url, html(fixture.file));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(view.url);
    const marker = page.getByRole('button', { name: who.marker, exact: true }).first();
    await expect(marker).toBeAttached({ timeout: 20_000 });
    await marker.focus();
    const card = hoverCard(page, who.card);
    const { buttons } = await card.toContainText('Open briefing');
    expect(buttons[0]).toBe('Close briefing');
    // The briefing itself, not a loading, error or empty state: the person's tone from the stand-in.
    const tone = SAMPLE_INSIGHTS[who.id]?.preferred_tone;
    expect(typeof tone, `${who.card}: the sample data gives a tone`).toBe('string');
    await card.toContainText(`Tone${String(tone)}`);
    const [markerBox, cardBox] = [(await marker.boundingBox())!, await card.hostBox()];
    expect(cardBox.x >= markerBox.x + markerBox.width || cardBox.x + cardBox.width <= markerBox.x || cardBox.y >= markerBox.y + markerBox.height || cardBox.y + cardBox.height <= markerBox.y, 'card beside the marker, not over it').toBe(true);
    await page.keyboard.press('Escape');
    await card.toBeHidden();
    await expect(marker).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });
}

test('a hover card shows the stand-in’s briefing, by pointer and by keyboard, never covers the person, and keeps no closed view alive', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  // The card's code (React and all) is loaded with the first card, not with the page.
  const cardLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/hover-card.js') cardLoads.push(request.url());
  });
  await page.goto(url);

  const marker = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  expect(cardLoads).toEqual([]);
  const person = marker.locator('xpath=..');
  // The site's own hover card listens on the same element: it must still get every event.
  await person.evaluate((element) => {
    (window as unknown as { __siteHover: number }).__siteHover = 0;
    element.addEventListener('mouseover', () => (window as unknown as { __siteHover: number }).__siteHover++);
  });
  await person.hover();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __siteHover: number }).__siteHover)).toBeGreaterThan(0);
  // The card's shadow root is closed: read through the DevTools Protocol (test/support/hover-card.ts).
  const card = hoverCard(page, 'Briefing: Maya Chen');
  await card.toBeShown();
  expect(cardLoads).toHaveLength(1);
  // What the issue asks a card to show, from the stand-in's data: tone, topics to raise and to
  // avoid, the pending action items (with the overdue ones), the last conversation.
  const maya = SAMPLE_INSIGHTS[CONTACT_IDS.mayaChen]!;
  const pending = maya.pending_action_items ?? [];
  const today = new Date().toISOString().slice(0, 10);
  const overdue = pending.filter((item) => typeof item.due_date === 'string' && item.due_date.slice(0, 10) < today).length;
  expect(overdue).toBeGreaterThan(0);
  for (const text of [
    `Tone${String(maya.preferred_tone)}`,
    `Raise${String(maya.recent_topics?.[0])}`,
    `Avoid${String(maya.sensitive_topics?.[0])}`,
    `Pending${pending.length} action items · ${overdue} overdue`,
    'Last talk3 days ago',
  ]) {
    await card.toContainText(text);
  }
  // The briefing is on screen, and the page's own scripts cannot reach it: the host shows them no
  // shadow root and no text.
  expect(await pageSeesCardRoot(page)).toEqual({ host: true, shadowRoot: false, text: '' });

  const personBox = (await person.boundingBox())!;
  // The card's visible area is its host (which caps the height and scrolls when space is short).
  const cardBox = await card.hostBox();
  const overlaps =
    cardBox.x < personBox.x + personBox.width && personBox.x < cardBox.x + cardBox.width &&
    cardBox.y < personBox.y + personBox.height && personBox.y < cardBox.y + cardBox.height;
  expect(overlaps).toBe(false);

  await page.mouse.move(0, 0);
  await card.toBeHidden();

  await marker.focus();
  await card.toBeShown();
  await page.keyboard.press('Escape');
  await card.toBeHidden();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await card.toBeShown();
  await card.toHaveFocusOn('Close briefing');
  // Focus inside the card: the page still sees only the host, not what is focused in it.
  expect(await page.evaluate(() => ({ active: document.activeElement?.localName, root: document.activeElement?.shadowRoot ?? null }))).toEqual({ active: 'primer-hover-card', root: null });
  await page.keyboard.press('Escape');
  await card.toBeHidden();

  // The site closes the event: nothing of it may stay in memory because a card described it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const liveNodes = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'Nodes')!.value;
  };
  const withView = await liveNodes();
  const inView = await page.evaluate(() => document.querySelectorAll('#xDetDlg, #xDetDlg *').length);
  expect(inView).toBeGreaterThan(50);
  await page.evaluate(() => document.querySelector('#xDetDlg')!.remove());
  await expect.poll(liveNodes, { timeout: 10_000 }).toBeLessThan(withView - inView * 0.9);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

/**
 * The card passes axe-core (WCAG 2 A/AA: contrast, names, roles) in the light and the dark theme,
 * checked on the card alone, not on the fixture page around it; a screenshot of each is kept.
 */
async function expectCardAccessible(card: HoverCard, state: string) {
  const { page } = card;
  fs.mkdirSync(CARD_ARTIFACTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The card is as dark as the page behind its person (a site's dark theme), not as the system.
    await page.evaluate((dark) => {
      document.getElementById('dark-site')?.remove();
      if (!dark) return;
      const style = document.createElement('style');
      style.id = 'dark-site';
      style.textContent = 'html, body, body *:not(primer-hover-card) { background-color: #202124 !important; color: #e8eaed !important; }';
      document.body.append(style);
    }, scheme === 'dark');
    await expect(page.locator('primer-hover-card')).toHaveAttribute('data-primer-theme', scheme);
    await card.toBeShown();
    expect(await cardAxeViolations(page), `${state}, ${scheme} theme`).toEqual([]);
    const box = await card.hostBox();
    await page.screenshot({ path: path.join(CARD_ARTIFACTS, `${state}-${scheme}.png`), clip: { x: Math.max(0, box.x - 16), y: Math.max(0, box.y - 16), width: box.width + 32, height: box.height + 32 } });
  }
  await page.emulateMedia({ colorScheme: null });
  await page.evaluate(() => document.getElementById('dark-site')?.remove());
}

/** Elements a payload would make were its text parsed as markup (the fixtures have none of their own: check.ts). */
const PAYLOAD_ELEMENTS = 'img, svg, iframe, script:not([data-fixture-script]), [onerror], [onload], [onmouseover]';

/**
 * `typeof window.__pwned` in each of the page's isolated worlds, with the extension each belongs to
 * (Primer's content script is where the card is drawn), read through the DevTools Protocol:
 * Playwright evaluates in the main world only.
 */
async function pwnedInIsolatedWorlds(page: Page): Promise<{ extension: string; pwned: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  const isolated: number[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    if ((context.auxData as { type?: string } | undefined)?.type === 'isolated') isolated.push(context.id);
  });
  // Enabling reports every context that exists already, before it answers.
  await cdp.send('Runtime.enable');
  const seen: { extension: string; pwned: string }[] = [];
  for (const contextId of isolated) {
    const expression = 'JSON.stringify({ extension: String(globalThis.chrome?.runtime?.id), pwned: typeof window.__pwned })';
    const { result } = await cdp.send('Runtime.evaluate', { expression, contextId, returnByValue: true });
    seen.push(JSON.parse(String(result.value)) as { extension: string; pwned: string });
  }
  await cdp.detach();
  return seen;
}

/**
 * A known contact whose name, as the page shows it, carries an attribute break-out and an element
 * (sample data: Eve); her briefing's texts carry payloads too. Where the pages' hostile names were
 * all unknown people's, no marker or card ever rendered one.
 */
for (const file of ['gmail/thread.html', 'calendar/event-page.html', 'outlook/reading-pane.html']) {
  test(`${file}: a known contact whose name carries markup gets a marker and a card saying it as text, and nothing of it runs`, async ({ context, extensionId, standIn }) => {
    const view = expected.pages.find((candidate) => candidate.file === file)!.views[0]!;
    // With her address, or (Outlook) by that name alone, which matches her and no one else.
    const withAddress = view.surfaces.flatMap((surface) => surface.people).find((person) => person.contactId === CONTACT_IDS.eveMoreau);
    const nameOnly = view.surfaces.flatMap((surface) => surface.namesOnly).find((person) => person.contactIds.length === 1 && person.contactIds[0] === CONTACT_IDS.eveMoreau);
    const shown = withAddress ?? nameOnly;
    expect(shown?.name, `${file} shows Eve by a hostile name`).toMatch(/"><img src=x onerror=/);
    const matched = withAddress === undefined ? ' (matched by name)' : '';
    const eve = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.eveMoreau)!;
    const insights = SAMPLE_INSIGHTS[CONTACT_IDS.eveMoreau]!;
    await configure(context, extensionId, standIn);
    await serveFixture(context, view.url, html(file));
    const page = await context.newPage();
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(view.url);

    // The marker's accessible name holds the page's name for her, character for character.
    const label = `Primer briefing: ${shown!.name!}${matched}`;
    const marker = page.getByRole('button', { name: label, exact: true });
    await expect(marker).toBeAttached({ timeout: 20_000 });
    expect(await marker.getAttribute('aria-label')).toBe(label);
    expect(await page.locator(PAYLOAD_ELEMENTS).count()).toBe(0);

    await marker.focus();
    await page.keyboard.press('Enter');
    // The card names her as the service does (the same text here), matched by name where she was
    // (in its name and its badge), and shows her briefing's texts as text.
    const card = hoverCard(page, `Briefing: ${eve.name}${matched}`);
    await card.toHaveFocusOn('Close briefing');
    const texts = [eve.name, `Tone${String(insights.preferred_tone)}`, String(insights.recent_topics?.[1]), String(insights.sensitive_topics?.[0])];
    for (const text of matched ? [...texts, 'matched by name'] : texts) {
      await card.toContainText(text);
    }
    // Read inside the card's closed shadow root: no element was made from any of it.
    expect(await card.count(PAYLOAD_ELEMENTS)).toBe(0);
    expect(await pageSeesCardRoot(page)).toEqual({ host: true, shadowRoot: false, text: '' });
    expect(await page.locator(PAYLOAD_ELEMENTS).count()).toBe(0);

    await page.keyboard.press('Escape');
    await card.toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    // Nor in Primer's content script's world, where the card was drawn.
    const worlds = await pwnedInIsolatedWorlds(page);
    expect(worlds.map(({ extension }) => extension)).toContain(extensionId);
    expect(worlds.filter(({ pwned }) => pwned !== 'undefined')).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('a page that defined a custom element under the card’s name gets no way into the card (ElementInternals)', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  // Before any of the page's or Primer's code: the element's class runs on every element of that
  // name, and attachInternals() hands over a closed shadow root attached to it afterwards.
  await page.addInitScript(() => {
    const grabbed: ElementInternals[] = [];
    (window as unknown as { __grabbed: ElementInternals[] }).__grabbed = grabbed;
    customElements.define(
      'primer-hover-card',
      class extends HTMLElement {
        constructor() {
          super();
          grabbed.push(this.attachInternals());
        }
      },
    );
  });
  await page.goto(url);
  const marker = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await marker.focus();
  // The card is up, its briefing drawn.
  const host = page.locator('xpath=//*[starts-with(local-name(), "primer-hover-card")]');
  await expect(host).toBeVisible();
  await expect.poll(() => host.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(100);
  // Nothing of it reached the page's class: the card took a name the page could not know.
  expect(await page.evaluate(() => (window as unknown as { __grabbed: ElementInternals[] }).__grabbed.map((internals) => internals.shadowRoot?.textContent ?? null))).not.toContainEqual(expect.any(String));
  expect(await host.evaluate((element) => element.localName)).toMatch(/^primer-hover-card-[0-9a-f]{8}$/);
  expect(errors).toEqual([]);
});

test('the hover card passes axe-core in light and dark: a briefing, the service refusing the key, a person matched by name', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  // The key is refused for briefings (the page's lookups still work): Daniel's card says so.
  standIn.failNext({ path: '/api/v2/insights/contact/*', status: 401, times: 1_000 });
  await page.goto(url);
  const daniel = page.getByRole('button', { name: 'Primer briefing: Daniel Weiss' });
  await expect(daniel).toBeVisible({ timeout: 20_000 });
  await daniel.focus();
  const refused = hoverCard(page, 'Briefing: Daniel Weiss');
  await refused.toContainText('The service did not accept Primer’s API key');
  expect((await refused.state())?.buttons).toContain('Open Primer options');
  await expectCardAccessible(refused, 'key-refused');
  await page.keyboard.press('Escape');
  await refused.toBeHidden();
  standIn.clearFaults();

  await page.getByRole('button', { name: 'Primer briefing: Maya Chen' }).focus();
  const loaded = hoverCard(page, 'Briefing: Maya Chen');
  await loaded.toContainText('Raise');
  await expectCardAccessible(loaded, 'briefing');
  await page.keyboard.press('Escape');

  // Outlook shows only a name: the card says the contact was matched by it.
  const fixture = expected.pages.find((candidate) => candidate.file === 'outlook/reading-pane.html')!;
  const outlookUrl = fixture.views[0]!.url;
  await serveFixture(context, outlookUrl, html(fixture.file));
  const outlook = await context.newPage();
  const outlookErrors = watchErrors(outlook);
  await outlook.goto(outlookUrl);
  const byName = outlook.getByRole('button', { name: 'Primer briefing: Daniel Weiss (matched by name)' });
  await expect(byName).toBeVisible({ timeout: 20_000 });
  await byName.focus();
  const named = hoverCard(outlook, 'Briefing: Daniel Weiss');
  await named.toContainText('matched by name');
  await expectCardAccessible(named, 'matched-by-name');
  expect(errors).toEqual([]);
  expect(outlookErrors).toEqual([]);
});

test('focus moved by keyboard to a person below the fold shows their card, not closed by the scroll that brings them into view', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'gmail/thread-large.html')!;
  const view = fixture.views[0]!;
  await serveFixture(context, view.url, html(fixture.file));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(view.url);
  const markers = page.locator('[data-primer-marker]');
  await expect.poll(() => markers.count(), { timeout: 30_000 }).toBeGreaterThan(100);
  // A first card (its code loads once), then one far down the page, as Tab would reach it.
  const first = markers.first();
  await first.focus();
  const firstName = (await first.getAttribute('aria-label'))!.replace('Primer briefing: ', '');
  await hoverCard(page, `Briefing: ${firstName}`).toBeShown();
  await page.keyboard.press('Escape');
  const far = markers.last();
  expect(await far.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight)).toBe(true);
  await far.focus();
  const farName = (await far.getAttribute('aria-label'))!.replace('Primer briefing: ', '');
  const card = hoverCard(page, `Briefing: ${farName}`);
  await card.toBeShown();
  await page.waitForTimeout(500);
  await card.toBeShown();
  await expect(far).toBeFocused();
  expect(errors).toEqual([]);
});

test('the hover card reflows at 200 % and 400 % zoom: in a window of 640 × 360 and 320 × 256 CSS px, nothing in it is cut off and it stays in the window', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  fs.mkdirSync(CARD_ARTIFACTS, { recursive: true });
  // A 1280 × 720 window at 200 %, a 1280 × 1024 one at 400 % (WCAG 1.4.10's 320 px).
  for (const [zoom, viewport] of [[200, { width: 640, height: 360 }], [400, { width: 320, height: 256 }]] as const) {
    await page.setViewportSize(viewport);
    await page.goto(url);
    const marker = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
    await expect(marker).toBeAttached({ timeout: 20_000 });
    await marker.focus();
    const card = hoverCard(page, 'Briefing: Maya Chen');
    await card.toContainText('Raise');
    const box = await card.hostBox();
    await page.screenshot({ path: path.join(CARD_ARTIFACTS, `zoom-${zoom}.png`) });
    expect(box.x, `${zoom} %: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${zoom} %: right edge`).toBeLessThanOrEqual(viewport.width);
    expect(await card.overflow(), `${zoom} %: cut off at the card's sides`).toEqual([]);
    await page.keyboard.press('Escape');
  }
  expect(errors).toEqual([]);
});

test('Alt+Down on a row of Calendar’s guest tree moves focus into its card, the row says so, and Tab out of the card comes back to the row', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' })).toBeAttached({ timeout: 20_000 });
  const row = page.getByRole('treeitem', { name: 'Maya Chen, Organizer, Accepted' });
  const card = hoverCard(page, 'Briefing: Maya Chen');
  await row.focus();
  await card.toBeShown();
  await expect(row).toHaveAccessibleDescription('Press Alt+Down to open the Primer briefing card.');
  await page.keyboard.press('Alt+ArrowDown');
  await card.toHaveFocusOn('Close briefing');
  const { buttons } = await card.toContainText('Raise');
  expect(buttons).toEqual(['Close briefing', 'Open briefing', 'Brief the whole meeting']);
  await page.keyboard.press('Tab');
  await card.toHaveFocusOn('Open briefing');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await card.toBeHidden();
  await expect(row).toBeFocused();
  // Back in, and out the other way; Esc too gives focus back to the row.
  await page.keyboard.press('Alt+ArrowDown');
  await card.toHaveFocusOn('Close briefing');
  await page.keyboard.press('Shift+Tab');
  await card.toBeHidden();
  await expect(row).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await card.toHaveFocusOn('Close briefing');
  await page.keyboard.press('Escape');
  await card.toBeHidden();
  await expect(row).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('in a Gmail message header, the address printed after the sender’s name opens the sender’s card too', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'gmail/thread.html')!;
  const url = fixture.views[0]!.url;
  await serveFixture(context, url, html(fixture.file));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' }).first()).toBeAttached({ timeout: 20_000 });
  const printed = page.locator('span.go', { hasText: 'maya.chen@example.com' }).first();
  await printed.hover();
  const maya = hoverCard(page, 'Briefing: Maya Chen');
  await maya.toBeShown();
  await page.mouse.move(0, 0);
  await maya.toBeHidden();
  expect(errors).toEqual([]);
});

test('Alt+Down on Gmail’s list row or compose chip opens its card with focus in it; focus on a list row alone opens none', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'gmail/compose.html')!;
  const url = fixture.views[0]!.url;
  await serveFixture(context, url, html(fixture.file));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' })).toBeAttached({ timeout: 20_000 });
  const listRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Primer briefing: Maya Chen' }) });
  const maya = hoverCard(page, 'Briefing: Maya Chen');
  await listRow.focus();
  await expect(listRow).toHaveAccessibleDescription('Press Alt+Down to open the Primer briefing card.');
  await page.waitForTimeout(500);
  expect(await maya.isShown()).toBe(false);
  await page.keyboard.press('Alt+ArrowDown');
  await maya.toHaveFocusOn('Close briefing');
  await page.keyboard.press('Escape');
  await maya.toBeHidden();
  await expect(listRow).toBeFocused();

  const chip = page.getByRole('option', { name: 'Sofia Alvarez' });
  const sofia = hoverCard(page, 'Briefing: Sofia Alvarez');
  await chip.focus();
  await sofia.toBeShown();
  await expect(chip).toHaveAccessibleDescription('Press Alt+Down to open the Primer briefing card.');
  await page.keyboard.press('Alt+ArrowDown');
  await sofia.toHaveFocusOn('Close briefing');
  await page.keyboard.press('Shift+Tab');
  await sofia.toBeHidden();
  await expect(chip).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('Tab past the hover card’s last control, or Shift+Tab before its first, closes it and gives focus back to the marker', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  await page.goto(url);
  const marker = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  const card = hoverCard(page, 'Briefing: Maya Chen');
  await marker.focus();
  await page.keyboard.press('Enter');
  await card.toHaveFocusOn('Close briefing');
  const { buttons } = await card.toContainText('Raise');
  expect(buttons).toEqual(['Close briefing', 'Open briefing', 'Brief the whole meeting']);
  await page.keyboard.press('Tab');
  await card.toHaveFocusOn('Open briefing');
  await page.keyboard.press('Tab');
  await card.toHaveFocusOn('Brief the whole meeting');
  // Not on to the browser's own controls (the card's host is the page's last element).
  await page.keyboard.press('Tab');
  await card.toBeHidden();
  await expect(marker).toBeFocused();
  // Shift+Tab from the first control: not to the page's last control.
  await page.keyboard.press('Enter');
  await card.toHaveFocusOn('Close briefing');
  await page.keyboard.press('Shift+Tab');
  await card.toBeHidden();
  await expect(marker).toBeFocused();
  expect(errors).toEqual([]);
});

test('the hover card never covers the marker after the person’s button (Outlook, short window)', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'outlook/reading-pane.html')!;
  const url = fixture.views[0]!.url;
  await serveFixture(context, url, html(fixture.file));
  const page = await context.newPage();
  const errors = watchErrors(page);
  // Too short for the card above or below Grace Liu: it goes beside her.
  await page.setViewportSize({ width: 1800, height: 330 });
  await page.goto(url);
  const marker = page.getByRole('button', { name: 'Primer briefing: Grace Liu' });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await marker.focus();
  const card = hoverCard(page, 'Briefing: Grace Liu');
  await card.toContainText('Raise');
  // The marker (and its focus ring) stays in sight, also once the card has its briefing and is placed again.
  const markerOnTop = () =>
    marker.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit === element || element.contains(hit);
    });
  await expect.poll(markerOnTop).toBe(true);
  const [markerBox, cardBox] = [(await marker.boundingBox())!, await card.hostBox()];
  expect(cardBox.x >= markerBox.x + markerBox.width || cardBox.x + cardBox.width <= markerBox.x || cardBox.y >= markerBox.y + markerBox.height || cardBox.y + cardBox.height <= markerBox.y).toBe(true);
  expect(errors).toEqual([]);
});

test('the hover card keeps off the site’s own hover card on the same person, whichever opens first', async ({ context, extensionId, standIn }) => {
  const { page, url, errors } = await calendarPopupTab(context, extensionId, standIn);
  await page.goto(url);
  const marker = page.getByRole('button', { name: 'Primer briefing: Maya Chen' });
  await expect(marker).toBeVisible({ timeout: 20_000 });
  const person = marker.locator('xpath=..');
  const siteCard = page.getByRole('dialog', { name: 'Site people card' });
  const ours = page.locator('primer-hover-card');
  const box = async (locator: typeof ours) => (await locator.boundingBox())!;
  const apart = async () => {
    const [a, b, p] = [await box(ours), await box(siteCard), await box(person)];
    const overlap = (x: typeof a, y: typeof a) => x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
    return !overlap(a, b) && !overlap(a, p);
  };

  for (const siteDelayMs of [900, 100]) {
    // The site opens its own card on the person, where Primer's would go: over Primer's card when
    // that is open already, else on the side of the person Primer prefers (below when it fits).
    await person.evaluate((element, delay) => {
      element.addEventListener(
        'mouseover',
        () =>
          setTimeout(() => {
            document.querySelector('[aria-label="Site people card"]')?.remove();
            const card = document.createElement('div');
            card.setAttribute('role', 'dialog');
            card.setAttribute('aria-label', 'Site people card');
            const at = element.getBoundingClientRect();
            const primer = document.querySelector('primer-hover-card')?.getBoundingClientRect();
            const open = primer && primer.width > 0 && primer.left >= 0 ? primer : null;
            const height = 340;
            const top = open ? open.top : innerHeight - at.bottom - 16 >= height ? at.bottom + 4 : Math.max(0, at.top - 4 - height);
            card.style.cssText = `position:fixed;left:${open ? open.left : at.left}px;top:${top}px;width:320px;height:${open ? open.height : height}px;background:#fff;border:1px solid #888;z-index:5`;
            card.textContent = 'The site’s own card';
            document.body.append(card);
          }, delay),
        { once: true },
      );
    }, siteDelayMs);
    await person.hover();
    await expect(ours).toBeVisible();
    await expect(siteCard).toBeVisible();
    await expect.poll(apart, { message: `site card after ${siteDelayMs} ms` }).toBe(true);
    await page.mouse.move(0, 0);
    await hoverCard(page, 'Briefing: Maya Chen').toBeHidden();
    await page.evaluate(() => document.querySelector('[aria-label="Site people card"]')?.remove());
  }
  expect(errors).toEqual([]);
});

test('Gmail as a single-page app: views come and go, each holds exactly its people, marks follow, nothing is left behind', async ({ context, extensionId, serviceWorker, standIn }) => {
  test.setTimeout(90_000);
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'gmail/spa.html')!;
  const viewNamed = (name: string) => fixture.views.find((view) => view.view === name)!;
  const inbox = viewNamed('inbox');
  const thread = viewNamed('thread');
  const composing = viewNamed('inbox+compose');
  await serveFixture(context, inbox.url, html(fixture.file));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(inbox.url);
  const tabId = await tabIdOf(serviceWorker, page);
  const visibleLabels = () =>
    page.locator('[data-primer-marker]:visible').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  const shown: ExpectedView[] = [];
  /** The view in front: exactly its people read (unknown ones too), exactly its known ones marked, nobody else looked up. */
  const expectView = async (view: ExpectedView, step: string) => {
    shown.push(view);
    await expect.poll(() => peopleInView(serviceWorker, tabId), { timeout: 20_000, message: `people in view: ${step}` }).toEqual(expectedPeople(view));
    await expect.poll(async () => new Set(await visibleLabels()), { timeout: 20_000, message: `markers: ${step}` }).toEqual(expectationsFor(view).labels);
    const allowed = new Set([CALIBRATION_EMAIL, ...shown.flatMap((seen) => [...expectationsFor(seen).emails])]);
    for (const email of emailsLookedUp(standIn)) expect(allowed.has(email), `${step}: unexpected lookup of ${email}`).toBe(true);
    for (const email of expectationsFor(view).emails) expect(emailsLookedUp(standIn).has(email), `${step}: looked up ${email}`).toBe(true);
  };
  type Fixture = { openThread(options?: { phasedMs: number }): Promise<void>; openCompose(): Promise<void>; back(): Promise<void> };
  const act = (action: 'thread' | 'phased-thread' | 'compose' | 'back') =>
    page.evaluate((which) => {
      const fixture = (window as unknown as { __fixture: Fixture }).__fixture;
      if (which === 'thread') return fixture.openThread();
      // The header first, its messages 400 ms later, as Gmail renders a thread it is still fetching.
      if (which === 'phased-thread') return fixture.openThread({ phasedMs: 400 });
      return which === 'compose' ? fixture.openCompose() : fixture.back();
    }, action);

  await expectView(inbox, 'inbox');
  await act('thread');
  await expectView(thread, 'thread');

  // Gmail updates the hidden list while a thread is open: read while hidden, it shows no one (its
  // marks go); shown again by its inline style, it must be read again.
  await page.evaluate(() => {
    const sender = document.querySelector('#fixture-list [email]')!;
    sender.setAttribute('email', sender.getAttribute('email')!);
  });
  await expect.poll(() => page.locator('#fixture-list [data-primer-marker]').count(), { timeout: 20_000 }).toBe(0);
  await act('back');
  await expectView(inbox, 'back to the inbox');

  await act('phased-thread');
  await expectView(thread, 'a thread whose messages come late');
  await act('back');
  await expectView(inbox, 'back to the inbox again');

  await act('compose');
  await expectView(composing, 'a new message over the inbox');
  await act('back');
  await expectView(inbox, 'the message closed');
  // Closed views leave no marks behind, hidden ones included.
  expect(await page.locator('[data-primer-marker]').count()).toBe(await page.locator('[data-primer-marker]:visible').count());
  expect(errors).toEqual([]);
});

/**
 * Shows a fixture's view in the page already open, as a single-page app does: the address changes
 * by `history.pushState` (no load: the content script stays) and the site renders the new view into
 * the same document.
 */
async function showView(page: Page, markup: string, url: string): Promise<void> {
  await page.evaluate(
    ({ markup, url }) => {
      const next = new DOMParser().parseFromString(markup, 'text/html');
      history.pushState(null, '', url);
      document.title = next.title;
      for (const style of document.head.querySelectorAll('style')) style.remove();
      for (const style of next.head.querySelectorAll('style')) document.head.append(document.adoptNode(style));
      document.body.replaceChildren(...[...next.body.childNodes].map((node) => document.adoptNode(node)));
    },
    { markup, url },
  );
}

/** Every view of a site's fixtures in one document, in turn; on `host` instead of the fixtures' own. */
const SPA_TOURS: { site: string; files: string[]; host?: string }[] = [
  { site: 'Google Calendar', files: ['calendar/event-popup.html', 'calendar/event-page.html', 'calendar/event-large.html', 'calendar/event-popup.html'] },
  { site: 'Outlook (outlook.office365.com)', files: ['outlook/reading-pane.html', 'outlook/compose.html', 'outlook/calendar-event.html', 'outlook/reading-pane.html'], host: 'outlook.office365.com' },
  { site: 'Outlook (outlook.live.com)', files: ['outlook/calendar-event.html', 'outlook/reading-pane.html'], host: 'outlook.live.com' },
  { site: 'Outlook (outlook.cloud.microsoft)', files: ['outlook/reading-pane.html', 'outlook/calendar-event.html'], host: 'outlook.cloud.microsoft' },
];

for (const tour of SPA_TOURS) {
  test(`${tour.site} as a single-page app: each view in turn in one document, reads exactly its people and marks exactly its known ones`, async ({ context, extensionId, serviceWorker, standIn }) => {
    test.setTimeout(120_000);
    await configure(context, extensionId, standIn);
    const views = tour.files.map((file) => {
      const view = expected.pages.find((page) => page.file === file)!.views[0]!;
      const url = new URL(view.url);
      if (tour.host) url.host = tour.host;
      return { file, view, url: url.href };
    });
    await serveFixture(context, views[0]!.url, html(views[0]!.file));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(views[0]!.url);
    const tabId = await tabIdOf(serviceWorker, page);
    for (const [index, { file, view, url }] of views.entries()) {
      if (index > 0) await showView(page, html(file), url);
      const step = `${file} (view ${index + 1})`;
      await expect.poll(() => peopleInView(serviceWorker, tabId), { timeout: 20_000, message: `people on ${step}` }).toEqual(expectedPeople(view));
      await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 20_000, message: `markers on ${step}` }).toEqual(expectationsFor(view).labels);
      // Nobody looked up but the people of the views shown so far.
      const allowed = new Set([CALIBRATION_EMAIL, ...views.slice(0, index + 1).flatMap((shown) => [...expectationsFor(shown.view).emails])]);
      for (const email of emailsLookedUp(standIn)) expect(allowed.has(email), `${step}: unexpected lookup of ${email}`).toBe(true);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });
}

test('one lookup per distinct address, however many tabs show it', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((page) => page.file === 'gmail/thread.html')!;
  const view = fixture.views[0]!;
  await serveFixture(context, view.url, html(fixture.file));
  const pages = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
  await Promise.all(pages.map((page) => page.goto(view.url)));
  const { labels } = expectationsFor(view);
  for (const page of pages) await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 20_000 }).toEqual(labels);
  const perAddress = new Map<string, number>();
  for (const request of standIn.requests) {
    if (request.path === '/api/v2/contacts' && request.query.email) {
      perAddress.set(request.query.email, (perAddress.get(request.query.email) ?? 0) + 1);
    }
  }
  for (const [email, count] of perAddress) expect(count, email).toBe(email === CALIBRATION_EMAIL ? count : 1);
  expect(Math.max(...[...perAddress].filter(([email]) => email !== CALIBRATION_EMAIL).map(([, count]) => count))).toBe(1);
});

test('people left unmarked because the service refused the page’s lookups are marked once the window is focused again, without a reload or a change to the page', async ({ context, extensionId, standIn }) => {
  const { page, view } = await gmailThreadWithKeyRefused(context, extensionId, standIn);
  const errors = watchErrors(page);
  await page.goto(view.url);
  const refused = () => standIn.requests.filter((request) => request.path === '/api/v2/contacts' && request.status === 401).length;
  await expect.poll(refused, { timeout: 20_000 }).toBeGreaterThan(0);
  standIn.clearFaults();
  // The service is back, but the page has not changed: nothing asks again on its own (no polling).
  await page.waitForTimeout(2_000);
  expect(await markerLabels(page)).toEqual([]);
  // The user comes back to the window: the thread is read again and its known people are marked.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 20_000 }).toEqual(expectationsFor(view).labels);
  expect(errors).toEqual([]);
});

test('a page whose lookups the service refuses says so on its toolbar button, which clears itself once lookups work again', async ({ context, extensionId, serviceWorker, standIn }) => {
  const { page, view } = await gmailThreadWithKeyRefused(context, extensionId, standIn);
  await page.goto(view.url);
  const tabId = await tabIdOf(serviceWorker, page);
  const button = () =>
    serviceWorker.evaluate(async (id) => {
      const action = (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string>; getTitle(d: object): Promise<string> } } }).chrome.action;
      return { text: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
    }, tabId);
  await expect
    .poll(button, { timeout: 20_000 })
    .toEqual({ text: 'off', title: 'Primer: the service refused the API key — open Primer’s options to enter a valid key' });
  // A reload (the browser resets the tab's badge with the page): until the new page's lookups (held
  // here) report, the button and the popup's record of the tab agree, whichever they say.
  const refused = () => standIn.requests.filter((request) => request.path === '/api/v2/contacts' && request.status === 401).length;
  const refusedBefore = refused();
  standIn.clearFaults();
  standIn.failNext({ path: '/api/v2/contacts', status: 401, times: 1_000, delayMs: 6_000 });
  await page.reload();
  const recorded = () =>
    serviceWorker.evaluate(async (key) => {
      const session = (globalThis as unknown as { chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } } }).chrome.storage.session;
      return (await session.get(key))[key] !== undefined;
    }, `lookupProblem:${tabId}`);
  await page.waitForTimeout(1_000);
  expect(refused()).toBe(refusedBefore);
  // The reload is handled in steps (the browser resets the badge; the background's tabs.onUpdated
  // removes the record, then clears the badge: lookup-health.ts #forgetTab), and the two are read
  // one after the other: they must agree in one reading, taken again until they do (still well
  // inside the 6 s the lookups are held).
  await expect
    .poll(async () => ((await button()).text === 'off') === (await recorded()), { message: 'the toolbar button and the recorded problem agree', timeout: 4_000 })
    .toBe(true);
  // The new page's refused lookups say it again.
  await expect.poll(refused, { timeout: 20_000 }).toBeGreaterThan(refusedBefore);
  await expect.poll(button, { timeout: 20_000 }).toMatchObject({ text: 'off' });
  expect(await recorded()).toBe(true);
  // The key works again; the user comes back to the window a moment later (a wholly failed
  // message is not asked again within WHOLE_FAILURE_MS: lib/content/lookup.ts), the page's lookups
  // work, the badge goes.
  standIn.clearFaults();
  await page.waitForTimeout(WHOLE_FAILURE_MS + 500);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(async () => new Set(await markerLabels(page)), { timeout: 20_000 }).toEqual(expectationsFor(view).labels);
  const manifestTitle = await serviceWorker.evaluate(
    () => (globalThis as unknown as { chrome: { runtime: { getManifest(): { action?: { default_title?: string } } } } }).chrome.runtime.getManifest().action?.default_title,
  );
  await expect.poll(button).toEqual({ text: '', title: manifestTitle });
});

test('the per-site switch and excluded domains apply at once, without reload, and an open card goes with its mark', async ({ context, extensionId, serviceWorker, standIn }) => {
  const { page, url } = await calendarPopupTab(context, extensionId, standIn);
  await page.goto(url);
  await expect.poll(() => markerLabels(page), { timeout: 20_000 }).toContain('Primer briefing: Maya Chen');

  const setPreferences = (value: unknown) =>
    serviceWorker.evaluate((v) => (globalThis as unknown as { chrome: { storage: { sync: { set(x: object): Promise<void> } } } }).chrome.storage.sync.set({ preferences: v }), value);
  // A card open at that moment goes with its mark.
  await page.getByRole('button', { name: 'Primer briefing: Maya Chen' }).focus();
  const card = hoverCard(page, 'Briefing: Maya Chen');
  await card.toBeShown();
  await setPreferences({ sites: { 'google-calendar': false, gmail: true, outlook: true }, excludedDomains: [], ownAddresses: [] });
  await expect.poll(() => markerLabels(page)).toEqual([]);
  await card.toBeHidden();
  await setPreferences({ sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['example.com'], ownAddresses: [] });
  // Everyone known but the people at example.com (and its subdomains) comes back: exactly them,
  // so a page read again without the exclusion would show Maya too.
  const view = expected.pages.find((fixture) => fixture.file === 'calendar/event-popup.html')!.views[0]!;
  const outside = view.surfaces.flatMap((surface) => surface.people.filter((person) => person.contactId && !/@(?:[^@]+\.)?example\.com$/i.test(person.email)));
  expect(outside.map((person) => person.name)).toContain('Daniel Weiss');
  expect(view.surfaces.some((surface) => surface.people.some((person) => person.email === 'maya.chen@example.com'))).toBe(true);
  await expect
    .poll(async () => new Set(await markerLabels(page)), { timeout: 20_000 })
    .toEqual(new Set(outside.map((person) => `Primer briefing: ${person.name ?? person.email}`)));
});

test('a supported site whose layout is not recognised says so on the toolbar badge and in the panel, until the site is switched off', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  const url = 'https://mail.google.com/mail/u/0/#inbox';
  await serveFixture(context, url, '<!doctype html><html><body><p>Gmail has changed everything.</p></body></html>');
  const page = await context.newPage();
  await page.goto(url);
  const status = () =>
    serviceWorker.evaluate(async () => {
      const chrome = (globalThis as unknown as { chrome: ChromeLike }).chrome;
      const all = await chrome.storage.session.get(null);
      return Object.entries(all).find(([key]) => key.startsWith('pageStatus:'))?.[1] ?? null;
    });
  await expect.poll(status, { timeout: 15_000 }).toMatchObject({ site: 'gmail', recognised: false });
  const tabId = await tabIdOf(serviceWorker, page);
  // What the toolbar button shows for this tab: its badge, and the tooltip that says why.
  const badge = () =>
    serviceWorker.evaluate(async (tab) => {
      const chrome = (globalThis as unknown as { chrome: { action: { getBadgeText(d: { tabId: number }): Promise<string>; getTitle(d: { tabId: number }): Promise<string> } } }).chrome;
      return { text: await chrome.action.getBadgeText({ tabId: tab }), title: await chrome.action.getTitle({ tabId: tab }) };
    }, tabId);
  await expect.poll(badge).toEqual({ text: '!', title: 'Primer: this page’s layout is not recognised' });
  const panel = await openPanel(context, extensionId, tabId);
  await expect(panel.getByRole('heading', { level: 1, name: 'This page’s layout is not recognised' })).toBeVisible();
  // Switched off in the options: the badge's report is cleared, and the panel says why it shows no one.
  await serviceWorker.evaluate(() =>
    (globalThis as unknown as { chrome: { storage: { sync: { set(x: object): Promise<void> } } } }).chrome.storage.sync.set({
      preferences: { sites: { 'google-calendar': true, gmail: false, outlook: true }, excludedDomains: [], ownAddresses: [] },
    }),
  );
  await expect.poll(status).toMatchObject({ site: 'gmail', recognised: true });
  await expect.poll(async () => (await badge()).text).toBe('');
  await expect(panel.getByRole('heading', { level: 1, name: 'Primer is switched off for Gmail' })).toBeVisible();
});

/**
 * Primer set up, Outlook's reading pane open, and the message popped out as OWA's pop-out does: an
 * empty window (about:blank) it opens, then draws the message into from its own page. Returns the
 * pop-out once Primer has marked its people. With `signedInAs`, the Outlook page's account manager
 * shows that person, and the pop-out is drawn without it (OWA draws only the message into it):
 * they are the user, and marked nowhere.
 */
async function outlookPopout(context: BrowserContext, extensionId: string, standIn: StandIn, signedInAs?: { name: string; email: string }) {
  await configure(context, extensionId, standIn);
  const fixture = expected.pages.find((candidate) => candidate.file === 'outlook/reading-pane.html')!;
  const view = fixture.views[0]!;
  let page = html(fixture.file);
  if (signedInAs) {
    // The account manager only: "Primer Tester" among the To recipients stays someone else.
    page = page
      .replace(/(Account manager for |mectrl_header_text">|mectrl_currentAccount_primary" class="mectrl_name mectrl_truncate">)Primer Tester/g, `$1${signedInAs.name}`)
      .replace('me@primer-user.example', signedInAs.email);
    expect(page).not.toMatch(/Account manager for Primer Tester|me@primer-user/);
  }
  await serveFixture(context, view.url, page);
  const outlook = await context.newPage();
  await outlook.goto(view.url);
  await expect.poll(() => markerLabels(outlook), { timeout: 20_000 }).not.toEqual([]);
  const [popout] = await Promise.all([
    context.waitForEvent('page'),
    outlook.evaluate((withAccount) => {
      const win = window.open('', 'primer-popout', 'popup,width=900,height=700');
      if (!win) throw new Error('no pop-out window');
      win.document.title = 'Message';
      const copy = document.body.cloneNode(true) as HTMLElement;
      for (const marker of copy.querySelectorAll('[data-primer-marker]')) marker.remove();
      if (!withAccount) copy.querySelector('#O365_NavHeader')!.remove();
      setTimeout(() => win.document.body.append(...[...copy.childNodes].map((node) => win.document.importNode(node, true))), 300);
    }, !signedInAs),
  ]);
  const errors = watchErrors(popout);
  await expect.poll(() => popout.evaluate(() => location.href)).toBe('about:blank');
  const { labels } = expectationsFor(view);
  if (signedInAs) expect(labels.delete(`Primer briefing: ${signedInAs.name}`)).toBe(true);
  await expect.poll(async () => new Set(await markerLabels(popout)), { timeout: 20_000 }).toEqual(labels);
  return { popout, errors };
}

test('an Outlook message popped out into a window Outlook draws into (about:blank) has its people marked, with their cards', async ({ context, extensionId, standIn }) => {
  const { popout, errors } = await outlookPopout(context, extensionId, standIn);
  await popout.getByRole('button', { name: 'Primer briefing: Daniel Weiss (matched by name)' }).focus();
  await hoverCard(popout, 'Briefing: Daniel Weiss').toContainText('matched by name');
  expect(errors).toEqual([]);
});

test('an Outlook pop-out drawn without the account button leaves the user out: the Outlook page that opened it shows who they are', async ({ context, extensionId, standIn }) => {
  // The user is a known contact, and in the message's Cc.
  const grace = SAMPLE_CONTACTS.find((contact) => contact.id === CONTACT_IDS.graceLiu)!;
  const { popout, errors } = await outlookPopout(context, extensionId, standIn, grace);
  await expect(popout.getByText('Grace Liu <grace.liu@example.org>')).toBeVisible();
  await expect(popout.locator('#O365_MainLink_Me, [id^="mectrl_"]')).toHaveCount(0);
  // Neither marked nor sent to the service.
  expect(await markerLabels(popout)).not.toContain('Primer briefing: Grace Liu');
  expect(emailsLookedUp(standIn).has(grace.email)).toBe(false);
  expect(errors).toEqual([]);
});

test('Open briefing on a card in a popped-out Outlook window, which has no side panel, says so rather than close as if the panel opened', async ({ context, extensionId, standIn, serviceWorker }) => {
  const { popout, errors } = await outlookPopout(context, extensionId, standIn);
  await popout.getByRole('button', { name: 'Primer briefing: Daniel Weiss (matched by name)' }).focus();
  await popout.keyboard.press('Enter');
  const card = hoverCard(popout, 'Briefing: Daniel Weiss');
  await card.toContainText('matched by name');
  await card.click('Open briefing');
  // Chrome's sidePanel.open resolves for a tab of a popup window, and shows no panel there.
  await card.toContainText('Primer’s briefing panel cannot open in a pop-out window');
  expect(await serviceWorker.evaluate(() => (globalThis as unknown as { chrome: { runtime: { getContexts(filter: object): Promise<unknown[]> } } }).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] }))).toEqual([]);
  expect(errors).toEqual([]);
});

test('an Outlook pop-out open across an update of Primer marks its people again, once each', async ({ context, extensionId, standIn, serviceWorker }) => {
  const { popout, errors } = await outlookPopout(context, extensionId, standIn);
  const before = (await markerLabels(popout)).sort();
  // The old script's markers, told from the new one's: they go with it.
  await popout.locator('[data-primer-marker]').evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute('data-test-old', '')));
  // An update: Chrome reloads the extension; the old script stands down and takes its markers.
  await turnOnDeveloperMode(context);
  const restarted = context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`) });
  await serviceWorker.evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload()).catch(() => undefined);
  await restarted;
  await expect(popout.locator('[data-test-old]')).toHaveCount(0, { timeout: 20_000 });
  // Its address (about:blank) is no site's: Primer runs its script there as the manifest does.
  await expect.poll(async () => (await markerLabels(popout)).sort(), { timeout: 20_000 }).toEqual(before);
  await expect(popout.locator('[data-primer-marker]')).toHaveCount(before.length);
  await popout.getByRole('button', { name: 'Primer briefing: Daniel Weiss (matched by name)' }).focus();
  await hoverCard(popout, 'Briefing: Daniel Weiss').toContainText('matched by name');
  expect(errors).toEqual([]);
});
