/**
 * The API key must stay behind the background: not in plain text in any storage area an extension
 * page (or content script) can read, not reachable from a web page, and only ever sent in the
 * Authorization header. Content scripts cannot read storage.local at all.
 */
import { OptionsPage } from './support/options-page';
import type { ChromeLike } from '../support/chrome-like';
import { expect, serveFixture, test } from './support/browser';

const GMAIL_URL = 'https://mail.google.com/mail/u/0/';
const GMAIL_FIXTURE = `<!doctype html>
<html lang="en"><head><title>Inbox - Gmail</title></head>
<body>
  <div role="main">
    <h2 class="hP">Quarterly review</h2>
    <table><tr><td class="gF"><span class="gD" email="ada@example.com" name="Ada Lovelace">Ada Lovelace</span></td></tr></table>
    <div class="a3s">Hello, see you on Thursday.</div>
  </div>
</body></html>`;

test('the API key never leaves the background in readable form', async ({ context, extensionId, standIn }) => {
  const key = standIn.apiKey;
  const options = await OptionsPage.open(context, extensionId);
  await options.saveSettings(standIn.baseUrl, key);
  await options.testConnection();
  await expect(options.connectionStatus).toContainText('Connected');

  await test.step('no storage area holds the key in plain text', async () => {
    const dump = await options.page.evaluate(async () => {
      const api = (globalThis as unknown as { chrome: ChromeLike }).chrome;
      const [local, sync, session] = await Promise.all([
        api.storage.local.get(null),
        api.storage.sync.get(null),
        api.storage.session.get(null),
      ]);
      return { local, sync, session };
    });
    // Something was saved (the address at least), so this is not vacuously true.
    expect(JSON.stringify(dump.local)).toContain('127.0.0.1');
    for (const [area, items] of Object.entries(dump)) {
      const text = JSON.stringify(items);
      expect(text, `storage.${area}`).not.toContain(key);
      expect(text, `storage.${area} (base64)`).not.toContain(Buffer.from(key).toString('base64'));
    }
  });

  await test.step('a web page cannot reach the extension or see the key', async () => {
    await serveFixture(context, GMAIL_URL, GMAIL_FIXTURE);
    const page = await context.newPage();
    await page.goto(GMAIL_URL);
    // Give content scripts time to run and ask the background for the sender's briefing.
    await page.waitForTimeout(1500);

    const reach = await page.evaluate(async (id) => {
      const api = (globalThis as unknown as { chrome?: ChromeLike }).chrome;
      const runtimeId = api?.runtime?.id;
      let message: string;
      try {
        if (!api?.runtime?.sendMessage) message = 'no chrome.runtime.sendMessage';
        else message = `answered: ${JSON.stringify(await api.runtime.sendMessage(id, { primer: 1, type: 'settings.get', payload: {} }))}`;
      } catch (error) {
        message = `failed: ${String(error)}`;
      }
      return { runtimeId: runtimeId ?? null, message };
    }, extensionId);
    expect(reach.runtimeId).toBeNull();
    expect(reach.message).not.toMatch(/^answered/);

    expect(await page.content()).not.toContain(key);
    const localStorageText = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(localStorageText).not.toContain(key);
    const cookies = await context.cookies(GMAIL_URL);
    expect(JSON.stringify(cookies)).not.toContain(key);
  });

  await test.step('Primer’s own content script cannot read the key or ask for settings', async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const worlds: { id: number; name: string }[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
      const aux = created.auxData as { type?: string } | undefined;
      // Playwright has isolated worlds of its own; Chromium names an extension's after the extension.
      if (aux?.type === 'isolated' && created.name.startsWith('Primer')) worlds.push({ id: created.id, name: created.name });
    });
    await cdp.send('Runtime.enable');
    await page.goto(GMAIL_URL);
    await expect.poll(() => worlds.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const world = worlds.at(-1)!;
    // Evaluated inside the content script's isolated world: it has chrome.storage and messaging.
    const result = await cdp.send('Runtime.evaluate', {
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
      expression: `(async () => {
        // storage.local is closed to content scripts (lib/background/storage-access.ts): briefings,
        // transcripts and upload addresses are there. Only storage.sync is theirs.
        let local;
        try { local = 'read: ' + JSON.stringify(await chrome.storage.local.get(null)); }
        catch (error) { local = 'refused: ' + error; }
        const stored = JSON.stringify(await chrome.storage.sync.get(null));
        let reply;
        try { reply = JSON.stringify(await chrome.runtime.sendMessage({ primer: 1, type: 'settings.get', payload: {} })); }
        catch (error) { reply = 'failed: ' + error; }
        // The content scripts' own port is checked the same way.
        const portReply = await new Promise((resolve) => {
          const port = chrome.runtime.connect({ name: 'primer-content' });
          port.onMessage.addListener((answer) => { resolve(JSON.stringify(answer)); port.disconnect(); });
          port.onDisconnect.addListener(() => resolve('disconnected'));
          port.postMessage({ id: 7, message: { primer: 1, type: 'settings.get', payload: {} } });
        });
        return { hasStorage: stored.length > 2, stored, local, reply, portReply };
      })()`,
    });
    expect(result.exceptionDetails).toBeUndefined();
    const value = result.result.value as { hasStorage: boolean; stored: string; local: string; reply: string; portReply: string };
    expect(value.local).toMatch(/^refused: /);
    // What content scripts do read: the signal the save sent them, and nothing of the key's.
    expect(value.hasStorage).toBe(true);
    expect(value.stored).toContain('settingsSavedAt');
    expect(value.stored).not.toContain('apiKeySealed');
    expect(value.stored).not.toContain(key);
    expect(value.stored).not.toContain(Buffer.from(key).toString('base64'));
    expect(value.reply).toContain('"kind":"forbidden"');
    expect(value.reply).not.toContain(key);
    expect(value.portReply).toContain('"id":7');
    expect(value.portReply).toContain('"kind":"forbidden"');
    expect(value.portReply).not.toContain(key);
    await page.close();
  });

  await test.step('the key travels only in the Authorization header', () => {
    // The stand-in logs path and query of every request, and `authorized` only when the
    // Authorization header carried a known key (it accepts the key nowhere else).
    const api = standIn.requests.filter((request) => request.server === 'api');
    expect(api.length).toBeGreaterThan(0);
    for (const request of api) {
      const where = `${request.method} ${request.path}`;
      expect(decodeURIComponent(request.path), where).not.toContain(key);
      expect(JSON.stringify(request.query), where).not.toContain(key);
      if (request.status >= 200 && request.status < 300) expect(request.authorized, where).toBe(true);
      // Nor in a second header of its own (X-Api-Key and the like) or a cookie beside it.
      expect(request.headerNames.filter((name) => /key|token|secret|cookie|auth/i.test(name) && name !== 'authorization'), where).toEqual([]);
    }
    expect(api.some((request) => request.authorized)).toBe(true);
  });
});
