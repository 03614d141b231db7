/** The options page as a user sees it: found by labels, roles and visible text only. */
import { expect, type BrowserContext, type Page } from 'playwright/test';
import { allowSiteForExtension } from '../../support/host-access';

export class OptionsPage {
  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {}

  static async open(context: BrowserContext, extensionId: string): Promise<OptionsPage> {
    const options = new OptionsPage(await context.newPage(), extensionId);
    await options.goto();
    return options;
  }

  async goto() {
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html`);
    await expect(this.serviceUrl).toBeVisible();
  }

  get serviceUrl() {
    return this.page.getByLabel('Service address', { exact: true });
  }

  get apiKey() {
    return this.page.getByLabel('API key', { exact: true });
  }

  get settingsSection() {
    return this.page.getByRole('region', { name: 'Service settings' });
  }

  get webhooksSection() {
    return this.page.getByRole('region', { name: 'Webhooks' });
  }

  /** The status region under "Test connection". */
  get connectionStatus() {
    return this.page.locator('.options-connection [role="status"]');
  }

  /**
   * Fills and saves like a user. The site is first allowed for the extension the way a user can on
   * chrome://extensions, because headless Chromium cannot click the permission prompt that Save
   * opens (see test/support/host-access.ts).
   */
  async saveSettings(serviceUrl: string, apiKey: string) {
    const pattern = `${new URL(serviceUrl).protocol}//${new URL(serviceUrl).hostname}/*`;
    await allowSiteForExtension(this.page.context(), this.extensionId, pattern);
    await this.serviceUrl.fill(serviceUrl);
    await this.apiKey.fill(apiKey);
    await this.settingsSection.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.settingsSection.getByText('Saved', { exact: true })).toBeVisible();
    // A Save with an address and a key tests the connection: wait for its answer, so its request
    // does not reach the service during the test (a fault the test sets next would meet it first,
    // and be counted as the page's). Seen in a clean-clone CI run of the refused-key test.
    await expect(this.connectionStatus).not.toBeEmpty();
    await expect(this.connectionStatus).not.toContainText('Testing the connection');
  }

  /**
   * Clicks Test connection and waits for its answer. The status may already hold the same answer
   * (Save tests the connection too): the click counts only once the page has said it is testing.
   */
  async testConnection() {
    await this.page.locator('.options-connection').evaluate((section) => {
      delete document.documentElement.dataset.testingSeen;
      const observer = new MutationObserver(() => {
        if (!section.textContent?.includes('Testing the connection')) return;
        document.documentElement.dataset.testingSeen = 'yes';
        observer.disconnect();
      });
      observer.observe(section, { subtree: true, childList: true, characterData: true });
    });
    await this.page.getByRole('button', { name: 'Test connection' }).click();
    await expect(this.page.locator('html')).toHaveAttribute('data-testing-seen', 'yes');
    await expect(this.connectionStatus).not.toContainText('Testing the connection');
    await expect(this.connectionStatus).not.toBeEmpty();
  }
}
