/**
 * The toolbar popup: open the briefing, upload a recording, follow recent uploads. Uploads run in
 * the background (lib/upload), so this page only starts them and shows what storage says.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from '#imports';
import { Button } from '@/components/ui/Button';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { administratorSetupProblem } from '@/lib/format/administrator-setup';
import { LiveRegion } from '@/components/ui/Message';
import { focusLost } from '@/components/panel/focus-landing';
import { sendRequest } from '@/lib/messaging/send';
import type { SettingsView } from '@/lib/messaging/protocol';
import { watchSettings } from '@/lib/storage/settings-change';
import { openBriefingShortcut, openPanel, opensAnywhere } from '@/lib/panel/open';
import type { UploadDraft } from '@/lib/upload/draft';
import { isSending } from '@/lib/upload/record';
import { LookupProblemNote } from './LookupProblemNote';
import { ServiceAccessNote } from './ServiceAccessNote';
import { privateWindowBlock, uploadBlockedText } from './upload-blocked';
import { formInTab, useActiveTabProblem } from './useActiveTabProblem';
import { UploadForm, type StartedUpload } from './UploadForm';
import { UploadList } from './UploadList';
import { useDraft } from './useDraft';
import { useLiveProcessing, useUploads } from './useUploads';

/**
 * Ready, or what is missing in words (a key is only sent to the address it was saved for), or that
 * the background did not answer (nothing to set up: the options would not help).
 */
type Setup = 'loading' | 'ready' | { missing: string } | { unanswered: string };

/**
 * The setup, and whether the settings changed since this page read its draft. The form goes while
 * Primer is not set up (the key removed) and a new one comes once it is again (another account's
 * key, perhaps): the draft's contacts are still the old settings' ids, and the new form must not
 * offer them.
 */
function useSetup(): { setup: Setup; settingsChanged: boolean; serviceUrl: string | null } {
  const [setup, setSetup] = useState<Setup>('loading');
  const [serviceUrl, setServiceUrl] = useState<string | null>(null);
  const [settingsChanged, setSettingsChanged] = useState(false);
  useEffect(() => {
    let live = true;
    let asked = 0;
    const read = () => {
      // Only the last reading counts: two saves in a row may be answered out of order.
      const reading = ++asked;
      const current = () => live && reading === asked;
      sendRequest('settings.get', {})
        .then((settings) => {
          if (!current()) return;
          setSetup(settings.serviceUrl && settings.hasApiKey ? 'ready' : { missing: setupMissing(settings) });
          setServiceUrl(settings.serviceUrl);
        })
        // Not "not set up": a user who is set up was sent to enter the key again.
        .catch(() => current() && setSetup({ unanswered: 'Primer’s background did not answer. Close this window and open it again.' }));
    };
    read();
    // Read again when the options change them (the form in a tab stays open meanwhile): set up
    // there, the form appears; the key removed, it says so. Not 'loading' meanwhile: a form that
    // stays ready keeps the recording picked in it.
    const unwatch = watchSettings(() => {
      setSettingsChanged(true);
      read();
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return { setup, settingsChanged, serviceUrl };
}

function setupMissing(settings: SettingsView | null): string {
  const administrator = settings ? administratorSetupProblem(settings) : null;
  if (administrator) return `Primer cannot connect. ${administrator}`;
  if (settings?.serviceUrl) return `Primer is not set up yet: enter the API key for ${settings.serviceUrl} first.`;
  return 'Primer is not set up yet: add the service address and your API key first.';
}

/** The window this popup belongs to, known before any click (the side panel must open from the click itself). */
function useWindowId(): number | null {
  const [windowId, setWindowId] = useState<number | null>(null);
  useEffect(() => {
    void browser.windows
      .getCurrent()
      .then((window) => setWindowId(window.id ?? null))
      .catch(() => undefined);
  }, []);
  return windowId;
}

/**
 * Closes the toolbar popup once the panel is open. Not the upload form in a tab (its address names
 * the page it is about, `?tab=`: file-in-tab.ts, openUploadFor): the tab would go, and the
 * recording picked in it with it.
 */
function closeIfPopup(): void {
  if (!formInTab()) window.close();
}

export function PopupApp({ draft: loadingDraft }: { draft: Promise<UploadDraft> }) {
  const { setup, settingsChanged, serviceUrl } = useSetup();
  const problem = useActiveTabProblem();
  // The tab's lookups found no address or key for it (settings changed since they were read):
  // an upload would fail the same way, so the section says what the setup needs, as above.
  const missing = typeof setup === 'object' && 'missing' in setup ? setup.missing : problem?.problem === 'not_configured' ? setupMissing(null) : null;
  const unanswered = typeof setup === 'object' && 'unanswered' in setup ? setup.unanswered : null;
  const draft = useDraft(loadingDraft);
  const uploads = useUploads();
  const windowId = useWindowId();
  const [started, setStarted] = useState<StartedUpload | null>(null);
  // Said while that upload is being sent: once it is processing, failed or cancelled, its row (and
  // its announcements) say so, and "Uploading …" above them would contradict it.
  const startedRecord = started ? uploads?.find((record) => record.id === started.id) : undefined;
  const stillSending = started !== null && (startedRecord === undefined || isSending(startedRecord));
  useLiveProcessing(uploads);

  const formShown = unanswered === null && missing === null && !!draft && setup === 'ready';
  /**
   * The form was there (the user may have been filling it in) before the settings changed under it
   * (the form in a tab, the key removed in the options): what replaces it says why, at once. On a
   * first opening it is just what the section shows.
   */
  const [hadForm, setHadForm] = useState(false);
  if (formShown && !hadForm) setHadForm(true);
  const uploadHeadingRef = useRef<HTMLHeadingElement>(null);
  // The form going with the focus in it: the focus goes to the section's heading, over why it went,
  // not to the document (the next Tab would start over at the top).
  const landFocusWhenFormGone = useCallback((box: HTMLDivElement | null) => {
    if (!box) return undefined;
    return () => {
      // Still in the document here: React lets go of a ref before it removes the element.
      if (!box.contains(box.ownerDocument.activeElement)) return;
      queueMicrotask(() => {
        if (focusLost(box.ownerDocument)) uploadHeadingRef.current?.focus();
      });
    };
  }, []);

  const [openFailed, setOpenFailed] = useState<string | null>(null);
  const openBriefing = () => {
    setOpenFailed(null);
    const warm = (target: { windowId?: number }) => {
      // The background starts asking for the briefing while the panel's page loads.
      if (target.windowId !== undefined) sendRequest('panel.warm', { windowId: target.windowId }).catch(() => undefined);
    };
    // Firefox's sidebar needs no window, and the click counts only until the first wait: opened now.
    const anywhere = opensAnywhere() ? openPanel({}) : null;
    // Clicked before the window was known: ask for it now (the click still counts as the user's in Chrome).
    const where = windowId !== null ? Promise.resolve({ windowId }) : browser.windows.getCurrent().then((current) => ({ windowId: current.id }));
    void where
      .then((target) => {
        const opening = anywhere ?? openPanel(target);
        warm(target);
        return opening;
      })
      .catch(() => anywhere ?? false)
      .then((opened) => (opened ? closeIfPopup() : openBriefingShortcut().then((keys) => setOpenFailed(cannotOpenText(keys)))));
  };

  return (
    <main className="popup">
      <header className="popup__bar">
        <h1 className="popup__brand">Primer</h1>
        <Button variant="secondary" onClick={openBriefing}>
          Open briefing
        </Button>
      </header>
      {openFailed ? (
        <p className="ui-message ui-message--error" role="alert">
          {openFailed}
        </p>
      ) : null}
      <LookupProblemNote problem={problem} />
      {/* Once: the tab's own lookups said it already. Only once set up: until then the setup is what is missing. */}
      {setup === 'ready' && problem?.problem !== 'no_access' ? <ServiceAccessNote serviceUrl={serviceUrl} /> : null}

      <section className="popup__section" aria-labelledby="upload-heading">
        <h2 id="upload-heading" ref={uploadHeadingRef} tabIndex={-1}>
          Upload a recording
        </h2>
        {unanswered !== null ? (
          <p className="ui-message ui-message--error" role={hadForm ? 'alert' : undefined}>
            {unanswered}
          </p>
        ) : missing !== null ? (
          <div className="ui-message ui-message--error">
            <p role={hadForm ? 'alert' : undefined}>{missing}</p>
            <OpenOptionsButton />
          </div>
        ) : formShown ? (
          // Keyed: the message's own div in its place is a new element, so this one's ref lets go before the form goes.
          <div key="form" ref={landFocusWhenFormGone}>
            <UploadForm
              draft={draft}
              onStarted={setStarted}
              blocked={uploadBlockedText(problem) ?? privateWindowBlock()}
              uploads={uploads ?? []}
              contactsStaleFromStart={settingsChanged}
            />
          </div>
        ) : (
          <p className="ui-hint">Loading…</p>
        )}
        <LiveRegion tone="success">{started && stillSending ? `Uploading “${started.title}”. You can close this window; the upload goes on.` : null}</LiveRegion>
      </section>

      <section className="popup__section" aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent uploads</h2>
        {uploads ? <UploadList uploads={uploads} labelledBy="recent-heading" /> : <p className="ui-hint">Loading…</p>}
      </section>
    </main>
  );
}

/** What to do when the browser would not open the panel from the popup: the keys as the user has them set. */
export function cannotOpenText(shortcut: string | null): string {
  return shortcut
    ? `The briefing panel could not be opened from here. Press ${shortcut} on the page instead.`
    : 'The briefing panel could not be opened from here. Give Primer’s “Open the Primer briefing for this page” a key in the browser’s extension shortcuts, or open it from a person’s card on the page.';
}
