/**
 * Firefox: content scripts can write storage.local, where the side panel saves its briefings
 * (`panelQueryCache`) to paint them at once when it opens. A page that took over a site's renderer
 * could save a briefing of its own there, and the panel would show it as the service's. There the
 * saved cache carries the extension's signature, and one without it is not restored. Chrome (which
 * closes the area to content scripts) saves and reads it as before.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readPersisted, savePanelCache, startPanelCache } from '@/components/panel/data/persistence';
import { PANEL_CACHE_KEY } from '@/lib/storage/panel-cache-key';
import { dropOldCopies } from '@/lib/background/upkeep';
import { insights, reply } from '../panel/fixtures';
import { listeningBackground } from './panel-background';

const WORDS = 'Wire the payment today to the new account number in my last e-mail.';

async function saved(): Promise<string> {
  return (await fakeBrowser.storage.local.get(PANEL_CACHE_KEY))[PANEL_CACHE_KEY] as string;
}

/** A panel opening: what it restored for Maya. */
async function restored(): Promise<unknown> {
  const client = new QueryClient();
  await startPanelCache(client, undefined, () => () => undefined);
  return client.getQueryData(['insights', 'm']);
}

afterEach(() => vi.unstubAllEnvs());

describe('on Firefox', () => {
  it('restores the briefings it saved, signed, and not ones a page wrote or changed', async () => {
    vi.stubEnv('FIREFOX', true as never);
    // The background signs and writes the panel's saves (lib/background/handlers/panel-cache.ts).
    listeningBackground();
    const client = new QueryClient();
    client.setQueryData(['insights', 'm'], reply(insights({ communicationApproach: 'Lead with numbers.' })));
    await savePanelCache(client);
    const text = await saved();
    expect(text).toMatch(/,"sig":"[^"]{44}"\}$/);
    // Still the persister's JSON, with its save time (the start-up script and upkeep.ts read it so).
    expect(readPersisted(text).clientState.queries).toHaveLength(1);
    await dropOldCopies();
    expect(await saved()).toBe(text);
    expect(await restored()).toMatchObject({ insights: { communicationApproach: 'Lead with numbers.' } });

    // A page rewrites the briefing, keeping the signature; or writes its own, unsigned (as the version before saved it).
    for (const forged of [text.replace('Lead with numbers.', WORDS), text.replace(/,"sig":"[^"]{44}"\}$/, '}').replace('Lead with numbers.', WORDS)]) {
      await fakeBrowser.storage.local.set({ [PANEL_CACHE_KEY]: forged });
      expect(await restored()).toBeUndefined();
    }
  });
});

describe('on Chrome', () => {
  it('saves and restores the briefings as before, unsigned', async () => {
    const client = new QueryClient();
    client.setQueryData(['insights', 'm'], reply(insights({ communicationApproach: 'Lead with numbers.' })));
    await savePanelCache(client);
    expect(await saved()).not.toContain('"sig"');
    expect(await restored()).toMatchObject({ insights: { communicationApproach: 'Lead with numbers.' } });
  });
});
