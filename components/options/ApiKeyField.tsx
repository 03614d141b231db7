/**
 * The API key input. The saved key never comes back to the page: only whether one is saved, its
 * last four characters and the address it was saved for. Typing a key replaces the saved one when
 * the form is saved. A saved key is only ever sent to the address it was saved for, so a new
 * address needs its key typed again; the field says so as soon as the address differs.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import type { SettingsView } from '@/lib/messaging/protocol';
import { Button } from '@/components/ui/Button';
import { LockNote } from '@/components/ui/LockNote';
import { TextField } from '@/components/ui/TextField';

interface Props {
  settings: SettingsView;
  /** The address in the form, normalised; `null` while it is empty or not valid. */
  address: string | null;
  value: string;
  onChange: (value: string) => void;
  onRemove: () => void;
  busy: boolean;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

export function ApiKeyField({ settings, address, value, onChange, onRemove, busy, error, ref }: Props) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Cancel was pressed: focus goes back to Remove key once it is drawn again. */
  const backToRemove = useRef(false);
  useEffect(() => {
    if (confirming || !backToRemove.current) return;
    backToRemove.current = false;
    removeRef.current?.focus();
  }, [confirming]);
  const locked = settings.locked.apiKey;
  const keyAddress = locked ? null : settings.apiKeyAddress;
  // A key saved (or removed) meanwhile: the question was about the one before.
  const savedKey = `${keyAddress ?? ''}|${settings.apiKeyHint ?? ''}`;
  const [askedFor, setAskedFor] = useState(savedKey);
  if (askedFor !== savedKey) {
    setAskedFor(savedKey);
    setConfirming(false);
  }
  const forAnotherAddress = keyAddress !== null && address !== null && address !== keyAddress;

  const ending = settings.apiKeyHint ? ` ending in …${settings.apiKeyHint}` : '';
  let hint: string;
  if (locked && !settings.locked.serviceUrl) {
    hint =
      'Your administrator set an API key but no service address. Primer sends an administrator’s key only to an address your administrator sets, so it is not used with an address entered here.';
  } else if (locked && address === null) {
    // The administrator's address is what is wrong (said at its field), not the key.
    hint = `Your administrator set an API key${ending}: Primer uses it once the service address they set is valid.`;
  } else if (locked) {
    // Locked with its address and still no key: the administrator's cannot be used (spaces, curly quotes).
    hint = settings.hasApiKey ? `A key${ending} is saved.` : 'Your administrator’s API key cannot be used as it was set: ask them to set it again.';
  } else if (keyAddress === null) {
    hint = 'No key is saved yet. Create one on the service’s API keys page.';
  } else if (forAnotherAddress) {
    // Primer keeps one key: saving another address with its key replaces it (many services show a key once).
    hint = `The saved key${ending} is only sent to ${keyAddress}, the address it was saved for. Another address needs its own key; saving it replaces the saved key, so keep a copy of that one to go back to ${keyAddress}.`;
  } else {
    hint = `A key${ending} is saved. Type a new key to replace it.`;
  }

  return (
    <>
      <TextField
        ref={ref}
        label="API key"
        type={shown ? 'text' : 'password'}
        value={value}
        onValueChange={onChange}
        secret
        autoComplete="off"
        spellCheck={false}
        // Read-only, not disabled: a keyboard or screen reader user reaches it and hears why it is locked.
        readOnly={locked}
        placeholder={keyAddress !== null && !forAnotherAddress ? 'Leave empty to keep the saved key' : undefined}
        error={error}
        hint={hint}
        badge={locked ? <LockNote /> : null}
        actions={
          locked ? null : (
            // One name, its state said by aria-pressed ("Hide API key, pressed" read as the opposite).
            <Button variant="secondary" aria-pressed={shown} onClick={() => setShown((now) => !now)}>
              Show API key
            </Button>
          )
        }
      />
      {keyAddress !== null && confirming ? (
        // One click under Show API key removed a key many services show only once: asked first, as
        // Delete is, with focus on Cancel (a held Enter does not confirm it).
        // Esc backs out as Cancel does (focus is on Cancel; a keyboard user expects Esc to say no).
        <p
          className="options-inline-actions"
          role="group"
          aria-label="Remove the API key"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            backToRemove.current = true;
            setConfirming(false);
          }}
        >
          <span>Remove the key{ending}? Briefings stop until a key is saved again.</span>{' '}
          <Button
            variant="danger"
            onClick={
              busy
                ? undefined
                : () => {
                    // Focus goes to Remove key (unavailable while the removal is saved), not to the
                    // document, as the question goes; the form moves it on once the key is gone.
                    backToRemove.current = true;
                    setConfirming(false);
                    onRemove();
                  }
            }
            aria-disabled={busy || undefined}
          >
            Yes, remove key
          </Button>{' '}
          <Button
            variant="secondary"
            autoFocus
            aria-keyshortcuts="Escape"
            onClick={() => {
              backToRemove.current = true;
              setConfirming(false);
            }}
          >
            Cancel
          </Button>
        </p>
      ) : keyAddress !== null ? (
        <p className="options-inline-actions">
          <Button ref={removeRef} variant="danger" onClick={busy ? undefined : () => setConfirming(true)} aria-disabled={busy || undefined}>
            Remove key
          </Button>
        </p>
      ) : null}
    </>
  );
}
