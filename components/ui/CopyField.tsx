import { useState } from 'react';
import { Button } from './Button';
import { TextField } from './TextField';

/** A read-only value with a Copy button; the result of copying is announced. `secret`: see TextField. */
export function CopyField({ label, value, hint, secret = false }: { label: string; value: string; hint?: string; secret?: boolean }) {
  const [result, setResult] = useState<string>('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setResult('Copied.');
    } catch {
      setResult('Copying failed — select the text and copy it yourself.');
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
        onFocus={(event) => event.currentTarget.select()}
        hint={hint}
        actions={
          <Button variant="secondary" onClick={() => void copy()}>
            Copy
          </Button>
        }
      />
      <p role="status" aria-live="polite" className="ui-hint">
        {result}
      </p>
    </>
  );
}
