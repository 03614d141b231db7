/**
 * Background service worker: the only holder of the API key. It answers the typed messages of
 * lib/messaging/protocol.ts and nothing else; it never logs settings or replies.
 */
import { browser, defineBackground } from '#imports';
import { createBroker, servePort } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { listenForCommands } from '@/lib/background/commands';
import { openOptionsOnInstall } from '@/lib/background/first-run';
import { runInOpenTabsOnInstall } from '@/lib/background/open-tabs';
import { remindUntilSetUp } from '@/lib/background/setup-reminder';
import { forgetFocusOnNavigation } from '@/lib/background/handlers/panel';
import { LookupHealth } from '@/lib/background/lookup-health';
import { panelHeadStart } from '@/lib/background/panel-head-start';
import { forgetPanelState } from '@/lib/background/panel-reset';
import { forgetChoicesOnSwitchOff } from '@/lib/background/switched-off';
import { forgetLeftOutOnChange } from '@/lib/background/forget-excluded';
import { ServiceContext } from '@/lib/background/service-context';
import { migrateUnboundKey } from '@/lib/background/settings';
import { closeLocalStorageToPages, movePreferencesToSync } from '@/lib/background/storage-access';
import { createUploadService, createUploadTransport, UPLOAD_POLL_ALARM } from '@/lib/background/uploads';
import { OFFSCREEN_TIDY_ALARM } from '@/lib/upload/transport';
import { scheduleUpkeep, upkeep, UPKEEP_ALARM } from '@/lib/background/upkeep';
import { receiveHandOvers } from '@/lib/upload/hand-over-receiver';
import { watchSettings } from '@/lib/storage/settings-change';

export default defineBackground(() => {
  // First: a key saved by an earlier version is bound to its address before anything can change
  // that address (every read of the settings waits for this).
  migrateUnboundKey().catch(() => undefined);
  // Content scripts read only storage.sync: storage.local (briefings, transcripts, upload
  // addresses) is closed to them, and preferences an earlier version kept there move over.
  void closeLocalStorageToPages();
  movePreferencesToSync().catch(() => undefined);
  // A new user is shown where to start (registered at once: the install event comes on this start).
  openOptionsOnInstall();
  // Until it is set up, the toolbar button says so on every tab (the options page may be closed).
  remindUntilSetUp();
  // Chrome: tabs of the sites open before this install or update get Primer's scripts now.
  if (!import.meta.env.FIREFOX) runInOpenTabsOnInstall();
  // Why pages' lookups fail, on their toolbar button; forgotten with the settings it was about.
  const lookupHealth = new LookupHealth();
  lookupHealth.watchTabs();
  lookupHealth.watchAccess();
  // The side panel's saved briefings and chosen people came from the settings in effect too.
  const context = new ServiceContext({
    cacheStore: storageCacheStore,
    onReset: async () => {
      await Promise.all([forgetPanelState(), lookupHealth.forgetAll()]);
    },
    // Saved again unchanged: a refused key's word goes all the same (the user saves once it works).
    onResave: () => lookupHealth.forgetAll(),
  });
  const { transport, local } = createUploadTransport();
  const uploads = createUploadService(context, transport);
  // Firefox: no offscreen document; the popup hands recordings to this page.
  if (local) receiveHandOvers({ held: local.held, start: (id, file, meta) => uploads.start(id, file, meta) });
  const broker = createBroker(createHandlers(context, uploads, lookupHealth), {
    id: browser.runtime.id,
    origin: browser.runtime.getURL('/'),
  });
  // Returning the reply's promise is how runtime.onMessage answers asynchronously.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  browser.runtime.onMessage.addListener(broker);
  // Content scripts talk over one port per page (cheaper for the page than one-off messages).
  browser.runtime.onConnect.addListener(servePort(broker));

  // Settings may change from another options tab or from enterprise policy (a save from the
  // options page has reset already: its echo here changes nothing).
  watchSettings(() => {
    context.resetIfSettingsChanged().catch(() => undefined);
  });

  // Hourly: the local contact index kept fresh, the cache kept within its age and size, old uploads forgotten.
  void scheduleUpkeep().catch(() => undefined);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === UPKEEP_ALARM) void upkeep(context, uploads);
    if (alarm.name === UPLOAD_POLL_ALARM) uploads.poll().catch(() => undefined);
    // The offscreen document held open for a popup's hand-over: closed if nothing uses it.
    if (alarm.name === OFFSCREEN_TIDY_ALARM) transport.tidy().catch(() => undefined);
  });
  // Uploads cut off by a stopped worker or a restart go on; processing is watched again. A failure
  // (the records could not be read) waits for the worker's next start, never left unhandled.
  uploads.resume().catch(() => undefined);
  // Chrome starts the worker with the browser only for an event it listens to: this one makes the
  // start above (uploads cut off by closing the browser go on) run then, not whenever a page or the
  // popup next wakes it.
  browser.runtime.onStartup.addListener(() => undefined);
  // Access granted for an upload's storage host (the popup's prompt closed the popup): it goes on.
  browser.permissions.onAdded.addListener(() => {
    uploads.accessGranted().catch(() => undefined);
  });

  // The side panel: remembered focus per tab (forgotten as its page goes, or its site is switched
  // off, or the person is left out), and the keyboard command that opens it. What the cache kept
  // of people left out since goes too.
  forgetFocusOnNavigation();
  forgetChoicesOnSwitchOff();
  forgetLeftOutOnChange(context);
  listenForCommands(panelHeadStart(context).tab);
});
