/**
 * The side panel and the toolbar popup at their narrow widths, with the browser's text at 200 %
 * (WCAG 1.4.4, 1.4.10: nothing cut off or needing sideways scrolling), and states of theirs the
 * flow tests do not check with axe-core: the panel's notice that something other than Primer's
 * service answers at its address, the popup's upload form held back by a refused key.
 * Screenshots go to test/artifacts/reflow.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Worker } from 'playwright/test';
import { expectAccessible as expectAccessibleIn, reflowProblems, screenshotWhole, setBrowserFontSize, textNotScaled, textSizes, wordsBrokenInside } from './support/axe';
import { expect, test } from './support/browser';
import { configure, openFixture } from './support/setup';
import { PopupPage } from './support/popup';
import { openPanel, tabIdOf } from './support/side-panel';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARTIFACTS = path.join(ROOT, 'test/artifacts/reflow');
const CALENDAR_URL = 'https://calendar.google.com/calendar/u/0/r/week/2026/5/18';
const GMAIL_URL = 'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWDsKmvBqLwNkPdTrZhbVcQx';

/** axe-core finds nothing in the light and the dark theme; a screenshot of each. */
const expectAccessible = (page: Page, name: string) => expectAccessibleIn(page, ARTIFACTS, name);

/**
 * Waits until nothing is loading (a skeleton, a busy region) and the page keeps the same elements
 * for a moment: the two text readings must be of the same page (a meeting's recordings and notes
 * arrive after its attendees).
 */
async function settled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => (document.querySelector('[data-loading], [aria-busy="true"]') ? -1 : document.getElementsByTagName('*').length));
        const same = now !== -1 && now === last;
        last = now;
        return same;
      },
      { intervals: [250], timeout: 15_000, message: 'the page stops changing' },
    )
    .toBe(true);
}

/**
 * Nothing cut off or scrolling sideways at this width, with text at 100 % and at 200 %, and all
 * text twice as large at 200 % (the browser's font size setting reaches all of it); a screenshot of each.
 */
async function expectReflow(page: Page, name: string, width: number) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width, height: 900 });
  await settled(page);
  const sizes = [];
  for (const fontSize of [16, 32]) {
    await setBrowserFontSize(page, fontSize);
    await screenshotWhole(page, path.join(ARTIFACTS, `${name}-${width}-text-${fontSize}.png`));
    expect(await reflowProblems(page), `${name} at ${width} px, text ${fontSize} px`).toEqual([]);
    // Wrapped, not torn: "Refres / h", "convers / ation" when the padding of nested boxes, grown
    // with the text, left a word less room than its own width.
    expect(await wordsBrokenInside(page), `${name} at ${width} px, text ${fontSize} px: words split across lines`).toEqual([]);
    sizes.push(await textSizes(page));
  }
  expect(textNotScaled(sizes[0]!, sizes[1]!), `${name}: text that keeps its size when the browser's is doubled`).toEqual([]);
  await setBrowserFontSize(page, 16);
}

test('the side panel reflows at 320 px with text at 200 %: a meeting and a person', async ({ context, extensionId, serviceWorker, standIn }) => {
  test.setTimeout(90_000);
  await configure(context, extensionId, standIn);
  const page = await openFixture(context, 'calendar/event-popup.html', CALENDAR_URL);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' })).toBeVisible({ timeout: 20_000 });
  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, page));
  await expect(panel.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Attendees' })).toContainText('Daniel Weiss');
  await expectReflow(panel, 'panel-meeting', 320);

  await panel.getByRole('region', { name: 'Attendees' }).getByRole('button', { name: 'Full briefing: Maya Chen' }).click();
  await expect(panel.getByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
  await expect(panel.getByRole('region', { name: /Recent recordings/ })).toBeVisible();
  await expectReflow(panel, 'panel-person', 320);

  // With text at 200 % the search bar is about 340 px tall: stuck at the top, it hid half the panel
  // over the whole briefing. In a panel that text makes short it scrolls away with the page.
  await setBrowserFontSize(panel, 32);
  await panel.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await panel.evaluate(() => document.querySelector('.panel-bar')!.getBoundingClientRect().bottom);
  expect(bar, 'the bar’s bottom edge, scrolled to the end of a briefing with text at 200 %').toBeLessThanOrEqual(0);
  await setBrowserFontSize(panel, 16);
});

test('the side panel reflows at 320 px with text at 200 %: a person opened from a mail thread', async ({ context, extensionId, serviceWorker, standIn }) => {
  test.setTimeout(90_000);
  await configure(context, extensionId, standIn);
  const thread = await openFixture(context, 'gmail/thread.html', GMAIL_URL);
  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, thread));
  await panel.getByRole('button', { name: /^Full briefing: / }).first().click({ timeout: 20_000 });
  // The longest way back's label: "← Back to the conversation" tore its last word at 200 %.
  await expect(panel.getByRole('button', { name: 'Back to the conversation' })).toBeVisible();
  await expect(panel.getByRole('region', { name: /Recent recordings/ })).toBeVisible();
  // The panel's own sizes, not the shared stylesheet's (linked after it in the built page): its
  // 15 px text and the way back's small padding (a primary button's 16 px and 1rem won before).
  const sizes = await panel.evaluate(() => ({
    text: getComputedStyle(document.body).fontSize,
    back: getComputedStyle(document.querySelector('.back')!).paddingInlineStart,
  }));
  expect(sizes).toEqual({ text: '15px', back: '11.2px' });
  await expectReflow(panel, 'panel-thread-person', 320);
});

test('the side panel’s notice that something other than Primer’s service answers at its address passes axe-core and reflows at 320 px with text at 200 %', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  // The address answers, but not as the service: a 404 where the contact list should be.
  standIn.failNext({ path: '/api/v2/contacts', status: 404, times: 1_000 });
  const thread = await openFixture(context, 'gmail/thread.html', GMAIL_URL);
  const notice = await openPanel(context, extensionId, await tabIdOf(serviceWorker, thread));
  await expect(notice.getByText('Something other than Primer’s service answers at the service address')).toBeVisible({ timeout: 20_000 });
  // The notice comes with the first failed lookup; the rest of the view may still be loading.
  await settled(notice);
  await expectAccessible(notice, 'panel-not-the-service');
  await expectReflow(notice, 'panel-not-the-service', 320);
});

/**
 * Chrome sizes a popup to its content, up to 800 × 600 px, and makes it wider by a scrollbar's
 * width when the content is taller than that: as wide as the body plus the scrollbar here too.
 */
async function popupViewport(page: Page): Promise<number> {
  const body = await page.evaluate(() => document.body.getBoundingClientRect().width);
  const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
  return Math.round(body + scrollbar);
}

/** Records for the popup's own tab what the background records for a tab whose lookups the service refused. */
async function recordKeyRefused(serviceWorker: Worker, tabId: number, service: string) {
  await serviceWorker.evaluate(
    ([key, value]) => (globalThis as unknown as { chrome: { storage: { session: { set(items: object): Promise<void> } } } }).chrome.storage.session.set({ [key]: value }),
    [`lookupProblem:${tabId}`, { problem: 'key_refused', service }] as const,
  );
}

test('the popup reflows with text at 200 %, and its upload form held back by a refused key passes axe-core', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  const popup = await PopupPage.open(context, extensionId);
  const { page } = popup;
  // Opened as a page, the popup is its own active tab: the refused key is recorded for that tab.
  await recordKeyRefused(serviceWorker, await tabIdOf(serviceWorker, page), standIn.baseUrl);
  await expect(page.getByText('Uploads need a working API key, and the service refused this one.')).toBeVisible();
  await expect(page.getByText('Markers are off on this page: the service refused the API key.')).toBeVisible();
  await page.setViewportSize({ width: 380, height: 600 });
  // Its recent uploads are read apart from the tab's problem.
  await settled(page);
  await expectAccessible(page, 'popup-key-refused');
  await expectReflow(page, 'popup-key-refused', await popupViewport(page));
});

test('the upload form opened in a tab of its own reflows at 320 px with text at 200 %', async ({ context, extensionId, standIn }) => {
  await configure(context, extensionId, standIn);
  const page = await context.newPage();
  // As the side panel opens it where no popup can open (and Firefox for its file choice).
  await page.goto(`chrome-extension://${extensionId}/popup.html?tab=`);
  await expect(page.getByRole('heading', { name: 'Recent uploads' })).toBeVisible();
  await expectReflow(page, 'popup-in-tab', 320);
});
