/**
 * The API key input. The saved key never comes back to the page: only whether one is saved and
 * its last four characters. Typing a key replaces the saved one when the form is saved.
 */
import { useState } from 'react';
import type { SettingsView } from '@/lib/messaging/protocol';
import { Button } from '@/components/ui/Button';
import { LockNote } from '@/components/ui/LockNote';
import { TextField } from '@/components/ui/TextField';

interface Props {
  settings: SettingsView;
  value: string;
  onChange: (value: string) => void;
  onRemove: () => void;
  busy: boolean;
}

export function ApiKeyField({ settings, value, onChange, onRemove, busy }: Props) {
  const [shown, setShown] = useState(false);
  const locked = settings.locked.apiKey;

  let hint: string;
  if (settings.hasApiKey) {
    const ending = settings.apiKeyHint ? ` ending in …${settings.apiKeyHint}` : '';
    hint = locked ? `A key${ending} is saved.` : `A key${ending} is saved. Type a new key to replace it.`;
  } else {
    hint = locked ? 'No key is saved.' : 'No key is saved yet. Create one on the service’s API keys page.';
  }

  return (
    <>
      <TextField
        label="API key"
        type={shown ? 'text' : 'password'}
        value={value}
        onValueChange={onChange}
        autoComplete="off"
        spellCheck={false}
        disabled={locked}
        placeholder={settings.hasApiKey && !locked ? 'Leave empty to keep the saved key' : undefined}
        hint={hint}
        badge={locked ? <LockNote /> : null}
        actions={
          locked ? null : (
            <Button variant="secondary" aria-pressed={shown} onClick={() => setShown((now) => !now)}>
              {shown ? 'Hide API key' : 'Show API key'}
            </Button>
          )
        }
      />
      {settings.hasApiKey && !locked ? (
        <p className="options-inline-actions">
          <Button variant="danger" onClick={onRemove} disabled={busy}>
            Remove key
          </Button>
        </p>
      ) : null}
    </>
  );
}
