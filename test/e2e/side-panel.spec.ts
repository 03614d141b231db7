/**
 * The side panel in Chromium with the production build, briefing what fixture pages (served at
 * their real addresses) show, with the stand-in's data: a whole meeting from a calendar event, a
 * person from a Gmail thread's hover card, the last briefing when the service is unreachable.
 * Screenshots go to test/artifacts/panel; time to briefing to test/artifacts/panel/timings.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright/test';
import { CONTACT_IDS, SAMPLE_INSIGHTS } from '../stand-in/sample-data';
import { expect, serveFixture, test, type StandIn } from './support/browser';
import { OptionsPage } from './support/options-page';
import { axeViolations, openPanel, tabIdOf, timeToBriefing } from './support/side-panel';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const ARTIFACTS = path.join(ROOT, 'test/artifacts/panel');
const CALENDAR_URL = 'https://calendar.google.com/calendar/u/0/r/week/2026/5/18';
const GMAIL_URL = 'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWDsKmvBqLwNkPdTrZhbVcQx';

const timings: Record<string, number> = {};
test.afterAll(() => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'timings.json');
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
  fs.writeFileSync(file, JSON.stringify({ ...previous, ...timings }, null, 2));
});

async function configure(context: BrowserContext, extensionId: string, standIn: StandIn) {
  const options = await OptionsPage.open(context, extensionId);
  await options.saveSettings(standIn.baseUrl, standIn.apiKey);
  await options.page.close();
}

async function openFixture(context: BrowserContext, file: string, url: string): Promise<Page> {
  await serveFixture(context, url, fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function screenshot(panel: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await panel.setViewportSize({ width: 360, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.screenshot({ path: path.join(ARTIFACTS, `${name}-${scheme}.png`), fullPage: true });
  }
  await panel.emulateMedia({ colorScheme: null });
}

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('from a calendar event, the panel briefs the whole meeting', async ({ context, extensionId, serviceWorker, standIn }) => {
  await configure(context, extensionId, standIn);
  const page = await openFixture(context, 'calendar/event-popup.html', CALENDAR_URL);
  await expect(page.getByRole('button', { name: 'Primer briefing: Maya Chen' })).toBeVisible({ timeout: 20_000 });

  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, page));
  const errors = watchErrors(panel);
  timings.meetingCold = await timeToBriefing(panel);
  await expect(panel.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();

  // What to avoid, and whom it concerns.
  const avoid = panel.getByRole('list', { name: 'Topics to avoid and whom they concern' });
  await expect(avoid).toContainText('layoffs');
  await expect(avoid.getByRole('listitem').filter({ hasText: 'the delayed Atlas migration' })).toContainText('Maya Chen');
  await expect(avoid.getByRole('listitem').filter({ hasText: 'layoffs' })).toContainText('Daniel Weiss');

  // Every pending action item, grouped by person; overdue ones marked.
  const mayaItems = panel.getByRole('list', { name: 'Pending action items: Maya Chen' });
  await expect(mayaItems.getByRole('listitem')).toHaveCount(SAMPLE_INSIGHTS[CONTACT_IDS.mayaChen]!.pending_action_items!.length);
  await expect(mayaItems.getByRole('listitem').first()).toContainText('Overdue');
  await expect(panel.getByRole('list', { name: 'Pending action items: Daniel Weiss' })).toContainText('Send cost comparison');

  // A short brief per known attendee, and the unknown ones listed as such.
  const attendees = panel.getByRole('region', { name: 'Attendees' });
  await expect(attendees.getByRole('heading', { level: 3 })).toHaveText(['Maya Chen', 'Daniel Weiss', 'Alex Kim', 'Jonas Berg']);
  const unknown = panel.getByRole('region', { name: /Not in Primer yet/ });
  await expect(unknown).toContainText('Riley Stone');
  await expect(unknown).toContainText('mallory@unknown.example');
  // The hostile display name is shown as text, never run.
  await expect(unknown).toContainText('<svg onload=window.__pwned=1>');
  expect(await panel.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();

  // From the meeting to one attendee, and back, by keyboard.
  await attendees.getByRole('button', { name: 'Full briefing: Daniel Weiss' }).press('Enter');
  await expect(panel.getByRole('heading', { level: 1, name: 'Daniel Weiss' })).toBeVisible();
  await panel.getByRole('button', { name: /Back to the meeting/ }).press('Enter');
  await expect(panel.getByRole('heading', { level: 1, name: 'Q3 roadmap review' })).toBeVisible();

  expect(await axeViolations(panel)).toEqual([]);
  await panel.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(panel)).toEqual([]);
  await screenshot(panel, 'meeting');
  expect(errors).toEqual([]);
});
