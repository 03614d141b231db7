/**
 * Points Primer at a service the way a user does: site access allowed on chrome://extensions
 * (headless Chromium cannot click the permission prompt Save opens, see host-access.ts), then the
 * options page's Service address, API key and Save. For the benchmarks and the demo; the e2e tests
 * use their page object (test/e2e/support/options-page.ts), which asserts each step.
 */
import type { Page } from 'playwright';
import type { Launched } from './chromium.ts';
import { allowSiteForExtension } from './host-access.ts';

export interface ServiceAddress {
  baseUrl: string;
  apiKey: string;
}

/** Saves the settings and returns the options page, still open. */
export async function configurePrimer(launched: Launched, service: ServiceAddress): Promise<Page> {
  const origin = new URL(service.baseUrl);
  await allowSiteForExtension(launched.context, launched.extensionId, `${origin.protocol}//${origin.hostname}/*`);
  const page = await launched.context.newPage();
  await page.goto(`chrome-extension://${launched.extensionId}/options.html`);
  await page.getByLabel('Service address', { exact: true }).fill(service.baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(service.apiKey);
  const settings = page.getByRole('region', { name: 'Service settings' });
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await settings.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
  // A Save that completes the setup tests the connection: wait for its answer, so its request does
  // not reach the service during the test (a fault the test sets next would meet it first).
  const connection = settings.locator('.options-connection');
  await connection.locator('p').first().waitFor({ timeout: 15_000 });
  await connection.getByText('Testing the connection…').waitFor({ state: 'detached', timeout: 15_000 });
  return page;
}
