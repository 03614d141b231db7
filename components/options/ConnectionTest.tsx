/**
 * "Test connection": asks the background to try the typed (unsaved) values, falling back to the
 * saved ones, and says plainly what happened.
 */
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { browser } from '#imports';
import { sendRequest } from '@/lib/messaging/send';
import type { RequestOf } from '@/lib/messaging/protocol';
import { Button } from '@/components/ui/Button';
import { LiveRegion } from '@/components/ui/Message';
import { connectionHeadline } from './connection-messages';
import { errorMessage } from './error-message';
import { requestHostPermission } from './host-permission';

export interface ConnectionDraft {
  payload: RequestOf<'connection.test'>;
  /** Host permission pattern of the address being tested, for the "Grant access" button. */
  permissionPattern: string | null;
  /** The address or key tested differs from what is saved. */
  unsaved: boolean;
}

/** What the form may ask of the test without a click. */
export interface ConnectionTestHandle {
  /** Runs a test (after a save). */
  test: (draft: ConnectionDraft) => void;
  /** Forgets the last result: the address or key it was for was edited. */
  reset: () => void;
}

interface Props {
  /** Reads the form; returns null when the typed address is invalid (the form shows why). */
  prepare: () => ConnectionDraft | null;
  ref?: Ref<ConnectionTestHandle>;
}

export function ConnectionTest({ prepare, ref }: Props) {
  const [lastDraft, setLastDraft] = useState<ConnectionDraft | null>(null);
  const [permissionRefused, setPermissionRefused] = useState(false);
  const testRef = useRef<HTMLButtonElement>(null);
  const test = useMutation({
    mutationFn: (payload: RequestOf<'connection.test'>) => sendRequest('connection.test', payload),
  });

  useImperativeHandle(ref, () => ({
    test: (draft: ConnectionDraft) => {
      setLastDraft(draft);
      setPermissionRefused(false);
      test.mutate(draft.payload);
    },
    // A result (and its Grant access) stayed after an edit: it spoke of the address before it,
    // and Grant access asked for that address's host and tested the old values again.
    reset: () => {
      if (lastDraft === null && test.isIdle) return;
      setLastDraft(null);
      setPermissionRefused(false);
      test.reset();
    },
  }));

  // Access to the host taken away (chrome://extensions): "Connected" is no longer true, and the
  // options page's note above now says so. The result goes, as after an edit.
  const connectedTo = test.data?.ok ? lastDraft?.permissionPattern : null;
  const resetTest = test.reset;
  useEffect(() => {
    if (!connectedTo) return;
    const removed = ({ origins }: { origins?: string[] }) => {
      if (!origins?.includes(connectedTo)) return;
      setLastDraft(null);
      resetTest();
    };
    browser.permissions.onRemoved.addListener(removed);
    return () => browser.permissions.onRemoved.removeListener(removed);
  }, [connectedTo, resetTest]);

  function run() {
    const draft = prepare();
    if (!draft) return;
    setLastDraft(draft);
    setPermissionRefused(false);
    // Asked in this click (the browser needs its gesture; no prompt when access is held already):
    // a first test of a typed address otherwise only said "no permission" and needed a second
    // click on Grant access. Refused, the test still runs and says so, with Grant access.
    const asking = draft.permissionPattern ? requestHostPermission(draft.permissionPattern) : Promise.resolve(true);
    void asking.then(() => test.mutate(draft.payload));
  }

  async function grantAccess() {
    const pattern = lastDraft?.permissionPattern;
    if (!pattern || !lastDraft) return;
    // First thing in the click handler, so the browser sees the user's gesture.
    const granted = await requestHostPermission(pattern);
    if (!granted) {
      setPermissionRefused(true);
      return;
    }
    setPermissionRefused(false);
    // Grant access goes as the test starts: focus goes to the test's own button, not to the document.
    testRef.current?.focus();
    test.mutate(lastDraft.payload);
  }

  const result = test.data;
  let body: ReactNode = null;
  let tone: 'neutral' | 'success' | 'error' = 'neutral';
  if (test.isPending) {
    body = <p>Testing the connection…</p>;
  } else if (test.isError) {
    tone = 'error';
    body = <p>{errorMessage(test.error)}</p>;
  } else if (result) {
    tone = result.ok ? 'success' : 'error';
    const headline = connectionHeadline(result);
    const detail = result.ok ? null : result.message.trim();
    body = (
      <>
        <p>
          <strong>{headline}</strong>
        </p>
        {detail && detail !== headline ? <p>{detail}</p> : null}
        {!result.ok && result.reason === 'bad_key' ? <p>Check the key, or create a new one in the service.</p> : null}
        {/* "Connected" read as done: the tab was closed with nothing saved, and the sites stayed blank. */}
        {result.ok && lastDraft?.unsaved ? <p>These values are not saved yet: choose Save to use them.</p> : null}
        {permissionRefused ? <p>Access was not granted, so Primer cannot contact the service.</p> : null}
      </>
    );
  }

  const needsPermission = !test.isPending && result && !result.ok && result.reason === 'no_permission';

  return (
    <div className="options-connection">
      <Button ref={testRef} variant="secondary" onClick={run} busy={test.isPending}>
        Test connection
      </Button>
      <LiveRegion tone={tone}>{body}</LiveRegion>
      {needsPermission && lastDraft?.permissionPattern ? (
        <Button className="options-grant" onClick={() => void grantAccess()}>
          Grant access
        </Button>
      ) : null}
    </div>
  );
}
