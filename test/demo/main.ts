/**
 * `npm run demo`: Primer's main job on this machine, with nothing to set up by hand.
 *
 * Starts the local stand-in of the service with the sample data, opens Chromium with the
 * production build, points Primer at the stand-in through its options page (as a user would),
 * and opens a sample Google Calendar event served at its real address. With a display it leaves
 * the browser open until you close it or press Ctrl-C; without one (or with --headless) it saves
 * screenshots and prints their paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { createStandIn, type StandIn } from '../stand-in/server.ts';
import { launchWithExtension, serveFixture, type Launched } from '../support/chromium.ts';
import { wavTone } from '../support/audio.ts';
import { configurePrimer } from '../support/configure-primer.ts';
import { hoverCard } from '../support/hover-card.ts';
import { openPanel, screenshotPanel, tabIdOf, timeToBriefing } from '../support/side-panel.ts';
import { DEMO_EVENT, DEMO_THREAD } from './sample-event.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(ROOT, 'test/artifacts/demo');

async function startStandIn(): Promise<StandIn> {
  try {
    return await createStandIn({ port: 8787, storagePort: 8788, processingStepMs: 1500 });
  } catch {
    // The usual ports are taken (another demo running?): any free port does.
    return createStandIn({ processingStepMs: 1500 });
  }
}

/** Saves the address and key on the options page and waits for "Connected". */
async function configure(launched: Launched, standIn: StandIn): Promise<Page> {
  const page = await configurePrimer(launched, standIn);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.locator('.options-connection [role="status"]').getByText('Connected').waitFor({ timeout: 15_000 });
  return page;
}

async function main(): Promise<void> {
  const headless = process.argv.includes('--headless') || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);
  let standIn: StandIn | null = null;
  let launched: Launched | null = null;
  let stopping: Promise<void> | null = null;
  /** Closes the browser and the stand-in and removes the profile; once, however it is reached. */
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await launched?.context.close().catch(() => undefined);
      await standIn?.close();
      launched?.cleanUp();
    })());
  // Ctrl-C is this script's to handle from the start (Playwright's own handler would exit before
  // the clean-up), also while the stand-in or the browser is still starting.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
  try {
    standIn = await startStandIn();
    console.log(`Stand-in service: ${standIn.baseUrl} (API key ${standIn.apiKey}); uploads go to ${standIn.storageUrl}`);
    launched = await launchWithExtension({ headless, handleSignals: false });
  } catch (error) {
    await stop();
    throw error;
  }
  await run(headless, standIn, launched, stop);
}

/** Sets Primer up, opens the sample pages, and (without a display) saves the screenshots. */
async function run(headless: boolean, standIn: StandIn, launched: Launched, stop: () => Promise<void>): Promise<void> {
  try {
    const options = await configure(launched, standIn);
    console.log('Primer is connected to the stand-in service.');
    await serveFixture(launched.context, DEMO_EVENT.url, DEMO_EVENT.html);
    const calendar = await launched.context.newPage();
    await calendar.goto(DEMO_EVENT.url);
    await calendar.bringToFront();
    console.log(`Sample calendar event open at ${DEMO_EVENT.url}`);
    // Known guests get a marker; resting the pointer on one opens the hover card.
    const marker = calendar.locator('[data-primer-marker]').first();
    await marker.waitFor({ timeout: 20_000 });
    await marker.locator('xpath=..').hover();
    // The card's shadow root is closed (the page cannot read it): read through the DevTools Protocol.
    await hoverCard(calendar, /^Briefing:/).toContainText('Raise', { timeout: 10_000 });
    // A Gmail thread in a second tab: its sender and recipients are marked the same way.
    await serveFixture(launched.context, DEMO_THREAD.url, DEMO_THREAD.html);
    const gmail = await launched.context.newPage();
    await gmail.goto(DEMO_THREAD.url);
    await gmail.locator('[data-primer-marker]').first().waitFor({ timeout: 20_000 });
    console.log(`Sample Gmail thread open at ${DEMO_THREAD.url}`);
    await calendar.bringToFront();

    if (!headless) {
      console.log('Click “Open briefing” on a card, or press Alt+Shift+P, for the side panel briefing.');
      console.log('Primer’s toolbar button opens the upload popup: drop an audio recording on it.');
      console.log('Close the browser or press Ctrl-C to stop.');
      await new Promise<void>((resolve) => launched.context.once('close', () => resolve()));
      await stop();
      return;
    }
    // The side panel's briefing of the whole meeting (its page, opened for the calendar's tab).
    const panel = await openPanel(launched.context, launched.extensionId, await tabIdOf(launched.serviceWorker, calendar));
    await timeToBriefing(panel);
    fs.mkdirSync(SHOTS, { recursive: true });
    const shots = [
      { page: options, file: path.join(SHOTS, '1-options-connected.png') },
      { page: calendar, file: path.join(SHOTS, '2-calendar-event-hover-card.png') },
    ];
    for (const shot of shots) await shot.page.screenshot({ path: shot.file, fullPage: true });
    shots.push({ page: panel, file: path.join(SHOTS, '3-side-panel-meeting-briefing.png') });
    await screenshotPanel(panel, shots[2]!.file, 380);
    // A recording uploaded through the toolbar popup (its page), followed to "Ready".
    const popup = await launched.context.newPage();
    await popup.setViewportSize({ width: 380, height: 640 });
    await popup.goto(`chrome-extension://${launched.extensionId}/popup.html`);
    await popup.getByLabel('Recording', { exact: true }).setInputFiles({ name: 'Q3 roadmap review.wav', mimeType: 'audio/wav', buffer: wavTone(20) });
    await popup.getByRole('button', { name: 'Upload', exact: true }).click();
    await popup.getByRole('listitem', { name: 'Q3 roadmap review: Ready' }).waitFor({ timeout: 30_000 });
    shots.push({ page: popup, file: path.join(SHOTS, '4-popup-recording-uploaded.png') });
    await popup.screenshot({ path: shots[3]!.file, fullPage: true });
    // The panel beside the Gmail thread: the sender's and recipients' briefings.
    const threadPanel = await openPanel(launched.context, launched.extensionId, await tabIdOf(launched.serviceWorker, gmail));
    await timeToBriefing(threadPanel);
    shots.push({ page: threadPanel, file: path.join(SHOTS, '5-side-panel-gmail-thread.png') });
    await screenshotPanel(threadPanel, shots[4]!.file, 380);
    console.log('No display: ran headless. Screenshots:');
    for (const shot of shots) console.log(`  ${shot.file}`);
    await stop();
  } catch (error) {
    await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
