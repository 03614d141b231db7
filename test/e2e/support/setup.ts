/** Common set-up of end-to-end tests: Primer connected to the stand-in, a fixture page at its real address. */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright/test';
import { serveFixture, type StandIn } from './browser';
import { OptionsPage } from './options-page';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

/** Saves the stand-in's address and key on the options page, as a user does. */
export async function configure(context: BrowserContext, extensionId: string, standIn: StandIn): Promise<void> {
  const options = await OptionsPage.open(context, extensionId);
  await options.saveSettings(standIn.baseUrl, standIn.apiKey);
  await options.page.close();
}

/** Opens `file` (under test/fixtures) in a new tab, served at `url`. */
export async function openFixture(context: BrowserContext, file: string, url: string): Promise<Page> {
  await serveFixture(context, url, fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
  const page = await context.newPage();
  await page.goto(url);
  return page;
}
