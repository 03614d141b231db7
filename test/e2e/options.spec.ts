import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright/test';
import { OptionsPage } from './support/options-page';
import type { ChromeLike } from '../support/chrome-like';
import { expectAccessible as expectAccessibleIn, reflowProblems, screenshotWhole, setBrowserFontSize, wordsBrokenInside } from './support/axe';
import { expect, test } from './support/browser';

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/options');

/**
 * Nothing on the page is loading: the settings, the sites' choices and the webhook list load
 * separately (each says "Loading …" meanwhile), and a check or screenshot is of the whole page.
 */
const loaded = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Loading .+…$/ })).toHaveCount(0);

/** The page's error states, for the reflow checks: a refused key, a webhook form sent empty. */
async function showErrorStates(options: OptionsPage) {
  await options.apiKey.fill('wrong-key-0000');
  await options.testConnection();
  await expect(options.connectionStatus).toContainText('The service did not accept this API key');
  await options.webhooksSection.getByRole('button', { name: 'Create webhook' }).click();
  await expect(options.webhooksSection.getByText('Choose at least one event.')).toBeVisible();
  await loaded(options.page);
}

/** axe-core finds nothing on the page in the light and the dark theme; a screenshot of each is kept. */
const expectAccessible = async (page: Page, state: string) => {
  await loaded(page);
  await expectAccessibleIn(page, ARTIFACTS, state);
};

test('a user connects Primer to the service and sets up a webhook', async ({
  context,
  extensionId,
  serviceWorker,
  standIn,
}) => {
  const options = await OptionsPage.open(context, extensionId);
  await expectAccessible(options.page, 'not-set-up');

  await test.step('save the service address and key', async () => {
    await options.saveSettings(standIn.baseUrl, standIn.apiKey);
    await expect(options.apiKey).toHaveValue('');
    await expect(options.settingsSection).toContainText(`A key ending in …${standIn.apiKey.slice(-4)} is saved`);
    // Save's own permissions.request is what gave the extension the host.
    const granted = await serviceWorker.evaluate(() =>
      (globalThis as unknown as { chrome: ChromeLike }).chrome.permissions.contains({ origins: ['http://127.0.0.1/*'] }),
    );
    expect(granted).toBe(true);
  });

  await test.step('test the connection', async () => {
    await options.testConnection();
    await expect(options.connectionStatus).toContainText('Connected');
    await expectAccessible(options.page, 'connected');
  });

  await test.step('a wrong key is reported as such', async () => {
    await options.apiKey.fill('wrong-key-0000');
    await options.testConnection();
    await expect(options.connectionStatus).toContainText('The service did not accept this API key');
    await expectAccessible(options.page, 'key-refused');
    await options.apiKey.fill('');
  });

  const hookUrl = 'http://127.0.0.1:9/hook';
  await test.step('create a webhook with two events', async () => {
    const webhooks = options.webhooksSection;
    await webhooks.getByLabel('Webhook URL').fill(hookUrl);
    await webhooks.getByRole('checkbox', { name: 'Transcript ready' }).check();
    await webhooks.getByRole('checkbox', { name: 'New insights' }).check();
    await webhooks.getByRole('button', { name: 'Create webhook' }).click();
    const created = options.page.locator('.options-created');
    await expect(created.getByRole('heading', { name: 'Webhook created' })).toBeVisible();
    await expect(created).toContainText(hookUrl);
    await expect(created).toContainText('recording.processing.completed');
    await expect(created).toContainText('insights.generated');
    await expect(created.getByLabel('Signing secret')).not.toHaveValue('');
    await expect(created).toContainText('Copy this secret now — it will not be shown again');
    await expectAccessible(options.page, 'webhook-created');
  });

  await test.step('the list shows the new webhook', async () => {
    const list = options.page.locator('.options-webhook-list');
    await expect(list.getByText(hookUrl, { exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: `Delete webhook ${hookUrl}` })).toBeVisible();
  });

  await test.step('delete it after confirming', async () => {
    const list = options.page.locator('.options-webhook-list');
    await list.getByRole('button', { name: `Delete webhook ${hookUrl}` }).click();
    await list.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(list.getByText('The webhook was deleted.')).toBeVisible();
    await expect(list.getByText(hookUrl, { exact: true })).toHaveCount(0);
    await expectAccessible(options.page, 'webhook-deleted');
  });

  await test.step('a service that cannot list webhooks is explained', async () => {
    standIn.setDialect({ webhookManagement: 'create-only' });
    await options.page.reload();
    await expect(
      options.page.getByText(
        'This service does not let Primer list or delete webhooks — manage them in the service’s own dashboard.',
      ),
    ).toBeVisible();
    await expectAccessible(options.page, 'webhooks-create-only');
  });
});

test('the options page reflows at 320 px wide with text at 200 %, no word split across lines', async ({ context, extensionId, standIn }) => {
  const options = await OptionsPage.open(context, extensionId);
  const { page } = options;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // The narrowest a window is asked to reflow at (WCAG 1.4.10), and Chrome's side panel width.
  await page.setViewportSize({ width: 320, height: 800 });
  await options.saveSettings(standIn.baseUrl, standIn.apiKey);
  await loaded(page);
  await setBrowserFontSize(page, 32);
  expect(await wordsBrokenInside(page), 'connected: words split across lines').toEqual([]);
  await setBrowserFontSize(page, 16);
  await showErrorStates(options);
  await setBrowserFontSize(page, 32);
  await screenshotWhole(page, path.join(ARTIFACTS, 'narrowest-errors-text-32.png'));
  expect(await reflowProblems(page)).toEqual([]);
  expect(await wordsBrokenInside(page), 'words split across lines').toEqual([]);
});

test('the options page reflows at 360 px wide, with text at 200 % too, in its error states and with a new webhook’s secret', async ({ context, extensionId, standIn }) => {
  const options = await OptionsPage.open(context, extensionId);
  const { page } = options;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await options.saveSettings(standIn.baseUrl, standIn.apiKey);
  await showErrorStates(options);
  const webhooks = options.webhooksSection;
  for (const fontSize of [16, 32]) {
    await setBrowserFontSize(page, fontSize);
    await screenshotWhole(page, path.join(ARTIFACTS, `narrow-errors-text-${fontSize}.png`));
    expect(await reflowProblems(page), `errors, text ${fontSize} px`).toEqual([]);
    // The sites' and events' names and hints wrap between words ("Googl / e Calen / dar" when the
    // page's, the section's and the fieldset's margins, grown with the text, left them 140 px).
    expect(await wordsBrokenInside(page), `errors, text ${fontSize} px: words split across lines`).toEqual([]);
  }
  await expectAccessible(page, 'narrow-errors-text-32');
  // A webhook created: its id, address, events and secret (long unbroken strings) fit.
  await setBrowserFontSize(page, 16);
  await webhooks.getByLabel('Webhook URL').fill('https://hooks.example.com/primer/a-rather-long-path/that-does-not-break');
  for (const name of ['Processing started', 'Transcript ready', 'New insights', 'Contact changed']) await webhooks.getByRole('checkbox', { name }).check();
  await webhooks.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.locator('.options-created').getByLabel('Signing secret')).not.toHaveValue('');
  for (const fontSize of [16, 32]) {
    await setBrowserFontSize(page, fontSize);
    await screenshotWhole(page, path.join(ARTIFACTS, `narrow-webhook-text-${fontSize}.png`));
    expect(await reflowProblems(page), `webhook created, text ${fontSize} px`).toEqual([]);
  }
});
