// @vitest-environment node
/**
 * Firefox: content scripts can write storage.local, where the background keeps the service's answers
 * (`cache:<scope>|insights|<contactId>`, the scope readable beside them). A page that took over the
 * content script's context writes a briefing of its own, stamped now, for a contact; the side panel
 * (and every hover card, in every tab and site) then shows it as the service's, fresh, for as long as
 * the page likes to rewrite it. What the user would see: "Maya Chen — approach: wire the payment
 * today to the new account" in Primer's panel, looking like the service's word.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { ServiceContext } from '@/lib/background/service-context';
import { createStandIn, type StandIn } from '../../stand-in/server';
import { CONTACT_IDS } from '../../stand-in/sample-data';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await createStandIn({ processingStepMs: 0 });
});
afterAll(async () => {
  await standIn.close();
});

const WORDS = 'Wire the payment today to the new account number in my last e-mail.';

// A Firefox build: there, and only there, content scripts can write storage.local.
afterEach(() => vi.unstubAllEnvs());

it('does not show the panel a briefing a page wrote into storage.local as the service’s', async () => {
  vi.stubEnv('FIREFOX', true as never);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const context = new ServiceContext({ cacheStore: storageCacheStore, onReset: forgetPanelState });
  const broker = createBroker(createHandlers(context), { id: 'x', origin: 'chrome-extension://x/' });
  const panel = { id: 'x', url: 'chrome-extension://x/sidepanel.html' };
  const send = (type: string, payload: unknown) => broker({ primer: 1, type, payload }, panel)!;
  await send('settings.save', { serviceUrl: standIn.baseUrl, apiKey: standIn.apiKey });
  const real = (await send('contact.insights', { contactId: CONTACT_IDS.mayaChen })) as { ok: true; data: { insights: Record<string, unknown> } };
  expect(real.ok).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1_200));

  // The content script finds Maya's stored briefing and rewrites it, stamped now.
  const all = await fakeBrowser.storage.local.get(null);
  const key = Object.keys(all).find((name) => name.endsWith(`|insights|${CONTACT_IDS.mayaChen}`))!;
  expect(key).toBeDefined();
  await fakeBrowser.storage.local.set({ [key]: { value: { ...real.data.insights, communicationApproach: WORDS }, storedAt: Date.now() } });
  await new Promise((resolve) => setTimeout(resolve, 50));

  const shown = (await send('contact.insights', { contactId: CONTACT_IDS.mayaChen, revalidate: true })) as { ok: true; data: { insights: Record<string, unknown> } };
  expect(shown.data.insights.communicationApproach).not.toBe(WORDS);
});
