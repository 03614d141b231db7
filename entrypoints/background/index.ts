/**
 * Background service worker: the only holder of the API key. It answers the typed messages of
 * lib/messaging/protocol.ts and nothing else; it never logs settings or replies.
 */
import { browser, defineBackground } from '#imports';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { ServiceContext } from '@/lib/background/service-context';
import { sealedApiKeyItem, serviceUrlItem } from '@/lib/storage/items';

const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export default defineBackground(() => {
  const context = new ServiceContext({ cacheStore: storageCacheStore });
  const broker = createBroker(createHandlers(context), {
    id: browser.runtime.id,
    origin: browser.runtime.getURL('/'),
  });
  browser.runtime.onMessage.addListener(broker);

  // Settings may change from another options tab or from enterprise policy.
  const reset = () => void context.reset();
  serviceUrlItem.watch(reset);
  sealedApiKeyItem.watch(reset);
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === 'managed') reset();
  });

  void context.cache.prune(CACHE_MAX_AGE_MS);
});
