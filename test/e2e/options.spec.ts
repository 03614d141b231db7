import { OptionsPage } from './support/options-page';
import type { ChromeLike } from '../support/chrome-like';
import { expect, test } from './support/browser';

test('a user connects Primer to the service and sets up a webhook', async ({
  context,
  extensionId,
  serviceWorker,
  standIn,
}) => {
  const options = await OptionsPage.open(context, extensionId);

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
  });

  await test.step('a wrong key is reported as such', async () => {
    await options.apiKey.fill('wrong-key-0000');
    await options.testConnection();
    await expect(options.connectionStatus).toContainText('The service did not accept this API key');
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
  });

  await test.step('a service that cannot list webhooks is explained', async () => {
    standIn.setDialect({ webhookManagement: 'create-only' });
    await options.page.reload();
    await expect(
      options.page.getByText(
        'This service does not let Primer list or delete webhooks — manage them in the service’s own dashboard.',
      ),
    ).toBeVisible();
  });
});
