/**
 * Service address and API key. Saving first asks for host access to the address (inside the
 * click, as browsers require a user gesture), then hands the values to the background, which
 * stores them; this page never keeps the key. A saved key is only sent to the address it was saved
 * for: a new address is saved or tested only with its own key typed in (the background drops the
 * saved key for a new address anyway, and never sends it there).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanApiKey } from '@/lib/api/api-key';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { sendRequest } from '@/lib/messaging/send';
import type { RequestOf, SettingsView } from '@/lib/messaging/protocol';
import { Button } from '@/components/ui/Button';
import { LockNote } from '@/components/ui/LockNote';
import { LiveRegion, type Tone } from '@/components/ui/Message';
import { TextField } from '@/components/ui/TextField';
import { useRefusalSaid } from '@/components/ui/useRefusalSaid';
import { ApiKeyField } from './ApiKeyField';
import { ConnectionTest, type ConnectionDraft, type ConnectionTestHandle } from './ConnectionTest';
import { errorMessage } from './error-message';
import { requestHostPermission } from './host-permission';
import { ServiceAccessNote } from './ServiceAccessNote';
import { settingsKey, webhooksKey } from './queries';

interface SaveRequest {
  payload: RequestOf<'settings.save'>;
  done: string;
  /** The form's own Save (not Remove key): it says what is still missing, and tests what it completed. */
  form?: boolean;
}

/** What a connection test of the saved settings speaks of. */
function testedAs(view: SettingsView): string {
  return `${view.serviceUrl}\n${view.hasApiKey}\n${view.apiKeyHint}`;
}

export function ServiceSettingsForm({ settings }: { settings: SettingsView }) {
  const queryClient = useQueryClient();
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  /** What the user typed, or null while the field shows the saved address (also as saved elsewhere). */
  const [typedUrl, setTypedUrl] = useState<string | null>(null);
  const [showUrlError, setShowUrlError] = useState(false);
  const [key, setKey] = useState('');
  /** The address shown when the key was typed (or the user last changed it): the one the key is for. */
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: Tone; text: string } | null>(null);
  const connectionTest = useRef<ConnectionTestHandle>(null);
  // Enter in the refused field itself: focusing it again would read nothing.
  const { pointAt, region: refusalSaid } = useRefusalSaid();
  // Saved settings changed (Remove key, another tab): "Connected" spoke of the ones before. A
  // test this form starts of what its Save completed is of the new ones (testSaved).
  const savedAs = testedAs(settings);
  const resultFor = useRef(savedAs);
  useEffect(() => {
    if (resultFor.current === savedAs) return;
    resultFor.current = savedAs;
    connectionTest.current?.reset();
  }, [savedAs]);

  const urlLocked = settings.locked.serviceUrl;
  const url = urlLocked ? (settings.serviceUrl ?? '') : (typedUrl ?? settings.serviceUrl ?? '');
  const urlCheck = normaliseBaseUrl(url);
  // An administrator's address that is not valid is said at once: nothing here can change it.
  const urlError = urlLocked ? (urlCheck.ok ? null : 'The address your administrator set is not valid: ask them to correct it.') : showUrlError && !urlCheck.ok ? urlCheck.message : null;
  /** Where the user's saved key may be sent: the address it was saved for, and no other. */
  const keyAddress = settings.locked.apiKey ? null : settings.apiKeyAddress;

  const save = useMutation({
    mutationFn: ({ payload }: SaveRequest) => sendRequest('settings.save', payload),
    onSuccess: (view, { payload, done, form }) => {
      queryClient.setQueryData(settingsKey, view);
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
      setKey('');
      setKeyError(null);
      if (!form) {
        setStatus({ tone: 'success', text: done });
        // Remove key goes with the key: focus goes to the (now empty) key field, not to the document.
        if (payload.apiKey === null) keyRef.current?.focus();
        return;
      }
      // Remove key leaves an address typed but not saved as it is; Save shows what was saved.
      setTypedUrl(null);
      // "Saved" alone read as "done": an address saved without its key briefs no one yet.
      if (view.locked.apiKey && !view.hasApiKey) {
        setStatus({
          tone: 'neutral',
          text: `${done}. Your administrator set the API key but not this address, and Primer sends that key only to an address they set: ask them to set the service address too.`,
        });
        return;
      }
      if (view.serviceUrl !== null && !view.hasApiKey) {
        setStatus({ tone: 'neutral', text: `${done}. Primer still needs the API key for ${view.serviceUrl} to show briefings.` });
        keyRef.current?.focus();
        return;
      }
      setStatus({ tone: 'success', text: done });
      // A mistyped key or address was otherwise found out only when the sites stayed blank.
      testSaved(view);
    },
    onError: (error) => setStatus({ tone: 'error', text: errorMessage(error) }),
  });

  function rejectUrl(message: string) {
    if (urlLocked) {
      // Nothing the user can fix here: the policy value itself is missing or wrong.
      setStatus({ tone: 'error', text: 'The service address set by your administrator is missing or not valid.' });
      return;
    }
    setShowUrlError(true);
    pointAt(urlRef.current, message);
  }

  /**
   * No key was typed and none is saved for this address: saving or testing would go without it. A
   * first Save may keep the address alone (it says the key is still needed); a test cannot run, and
   * asked the browser for access to the host before saying so under its button.
   */
  function rejectMissingKey({ testing = false } = {}): boolean {
    if (!urlCheck.ok || urlCheck.baseUrl === keyAddress || key.trim() !== '') return false;
    if (keyAddress === null && (!testing || settings.locked.apiKey)) return false;
    const message = `Enter the API key for ${urlCheck.baseUrl}.`;
    setKeyError(message);
    pointAt(keyRef.current, message);
    return true;
  }

  /**
   * The typed key as it will be sent (undefined: none typed), or null when it cannot be a key (a
   * character a copy changed or added): said at the field, which takes the focus.
   */
  function typedKey(): string | undefined | null {
    if (settings.locked.apiKey || key.trim() === '') return undefined;
    // Another tab (or a policy) changed the address under the typed key: it may be another service's key.
    if (keyFor !== null && keyFor !== url) {
      const message = `The service address was changed to ${urlCheck.ok ? urlCheck.baseUrl : url} elsewhere while you typed this key: check it, then Save again.`;
      setKeyError(message);
      setKeyFor(url);
      pointAt(keyRef.current, message);
      return null;
    }
    const cleaned = cleanApiKey(key);
    if (cleaned.ok) return cleaned.key;
    setKeyError(cleaned.message);
    pointAt(keyRef.current, cleaned.message);
    return null;
  }

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setStatus(null);
    if (!urlCheck.ok) {
      rejectUrl(urlCheck.message);
      return;
    }
    if (rejectMissingKey()) return;
    const apiKey = typedKey();
    if (apiKey === null) return;
    // Before anything else awaits: the permission prompt needs this submit's user gesture.
    const granted = await requestHostPermission(urlCheck.permissionPattern);
    if (!granted) {
      setStatus({
        tone: 'error',
        text: `Nothing was saved: Primer needs your permission to contact ${urlCheck.origin}. Choose “Save” again and allow access when the browser asks.`,
      });
      return;
    }
    const payload: RequestOf<'settings.save'> = {};
    if (!urlLocked) payload.serviceUrl = urlCheck.baseUrl;
    if (apiKey !== undefined) payload.apiKey = apiKey;
    save.mutate({ payload, done: 'Saved', form: true });
  }

  function removeKey() {
    if (save.isPending) return;
    setStatus(null);
    save.mutate({ payload: { apiKey: null }, done: 'The API key was removed.' });
  }

  function prepareTest(): ConnectionDraft | null {
    const payload: RequestOf<'connection.test'> = {};
    let permissionPattern: string | null = null;
    // An emptied field is refused as Save refuses it: the test went to the saved address the
    // field no longer showed, with a key typed for another. An administrator's missing address
    // is the background's to explain.
    if (!urlLocked || url.trim() !== '') {
      if (!urlCheck.ok) {
        rejectUrl(urlCheck.message);
        return null;
      }
      if (rejectMissingKey({ testing: true })) return null;
      if (!urlLocked) payload.serviceUrl = urlCheck.baseUrl;
      permissionPattern = urlCheck.permissionPattern;
    }
    const apiKey = typedKey();
    if (apiKey === null) return null;
    if (apiKey !== undefined) payload.apiKey = apiKey;
    const unsaved = (payload.serviceUrl !== undefined && payload.serviceUrl !== settings.serviceUrl) || payload.apiKey !== undefined;
    return { payload, permissionPattern, unsaved };
  }

  /** Tests the settings in effect (after a save completed them, or access to them was allowed). */
  function testSaved(view: SettingsView) {
    const saved = view.serviceUrl !== null && view.hasApiKey ? normaliseBaseUrl(view.serviceUrl) : null;
    if (!saved?.ok) return;
    resultFor.current = testedAs(view);
    connectionTest.current?.test({ payload: {}, permissionPattern: saved.permissionPattern, unsaved: false });
  }

  return (
    <form className="options-form" noValidate onSubmit={(event) => void handleSave(event)}>
      <ServiceAccessNote serviceUrl={settings.serviceUrl} onAllowed={() => testSaved(settings)} />
      <TextField
        ref={urlRef}
        label="Service address"
        type="url"
        inputMode="url"
        value={url}
        onValueChange={(value) => {
          setTypedUrl(value);
          // The user's own change keeps the typed key paired with the address they see.
          setKeyFor(value);
          setKeyError(null);
          setStatus(null);
          connectionTest.current?.reset();
        }}
        onBlur={() => setShowUrlError(url.trim() !== '')}
        placeholder="https://api.example.com"
        autoComplete="url"
        spellCheck={false}
        readOnly={urlLocked}
        error={urlError}
        hint="The address of your Conversation Intelligence Service. It must start with https:// (http is allowed for localhost)."
        badge={urlLocked ? <LockNote /> : null}
      />
      <ApiKeyField
        ref={keyRef}
        settings={settings}
        address={urlCheck.ok ? urlCheck.baseUrl : null}
        value={key}
        onChange={(value) => {
          setKey(value);
          setKeyFor(url);
          setKeyError(null);
          connectionTest.current?.reset();
        }}
        onRemove={removeKey}
        busy={save.isPending}
        error={keyError}
      />
      <div className="options-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <LiveRegion tone={status?.tone}>{status ? <p>{status.text}</p> : null}</LiveRegion>
      {refusalSaid}
      <ConnectionTest ref={connectionTest} prepare={prepareTest} />
    </form>
  );
}
