import { useState } from 'react';
import { Button } from './Button';
import { TextField } from './TextField';

/**
 * A read-only value with a Copy button; the result of copying is announced. `secret`: see TextField.
 * `about` ("for https://…") is said after the label and in the button's name: several such fields
 * on one page (a webhook's secret each) were each "Signing secret" with a button "Copy".
 */
export function CopyField({ label, value, hint, secret = false, about }: { label: string; value: string; hint?: string; secret?: boolean; about?: string }) {
  const [result, setResult] = useState<string>('');
  // The same words again change nothing in the live region, so a second Copy was not said: a
  // repeat differs by a no-break space (as the panel's announcer does).
  const say = (text: string) => setResult((said) => (said === text ? `${text}\u00a0` : text));

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      say('Copied.');
    } catch {
      say('Copying failed — select the text and copy it yourself.');
    }
  }

  return (
    <>
      <TextField
        label={label}
        value={value}
        readOnly
        secret={secret}
        spellCheck={false}
        autoComplete="off"
        aria-label={about ? `${label} ${about}` : undefined}
        onFocus={(event) => event.currentTarget.select()}
        hint={hint}
        actions={
          <Button variant="secondary" onClick={() => void copy()}>
            Copy<span className="visually-hidden">{` ${label.toLowerCase()}${about ? ` ${about}` : ''}`}</span>
          </Button>
        }
      />
      <p role="status" aria-live="polite" className="ui-hint">
        {result}
      </p>
    </>
  );
}
