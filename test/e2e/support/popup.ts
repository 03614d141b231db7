/** The toolbar popup as a user sees it, opened as a page (Playwright cannot click the toolbar). */
import { expect, type BrowserContext, type Locator, type Page } from 'playwright/test';

export class PopupPage {
  constructor(readonly page: Page) {}

  static async open(context: BrowserContext, extensionId: string): Promise<PopupPage> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const popup = new PopupPage(page);
    await expect(popup.uploadButton).toBeVisible();
    return popup;
  }

  get recording() {
    return this.page.getByLabel('Recording', { exact: true });
  }
  get title() {
    return this.page.getByLabel('Title', { exact: true });
  }
  get meetingDate() {
    return this.page.getByLabel('Meeting date', { exact: true });
  }
  get speakers() {
    return this.page.getByLabel('Speakers expected (optional)', { exact: true });
  }
  get uploadButton() {
    return this.page.getByRole('button', { name: 'Upload', exact: true });
  }
  get recent() {
    return this.page.getByRole('region', { name: 'Recent uploads' });
  }

  /** The row of the upload titled `title` in "Recent uploads". */
  item(title: string): Locator {
    return this.recent.getByRole('listitem').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  async pick(name: string, buffer: Buffer, mimeType = 'audio/wav') {
    await this.recording.setInputFiles({ name, mimeType, buffer });
  }
}
