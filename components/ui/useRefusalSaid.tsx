import { useCallback, useRef, useState, type ReactNode } from 'react';

interface RefusalSaid {
  /**
   * Points the user at the field to fix: the focus moves there, and the field is read with its
   * error. A field that has the focus already (Enter pressed in it) reads nothing when focused
   * again: the error is said instead.
   */
  pointAt: (field: HTMLElement | null | undefined, error: string) => void;
  /** The live region it is said in, out of sight (the error is shown at the field): render it in the form. */
  region: ReactNode;
}

/**
 * Says a refused field's error when pointing at the field cannot: the field's error paragraph is no
 * live region (it changes as the user types, and would be read on every keystroke). Said once per
 * refusal: typing in the field takes it back, and a next Enter says it again.
 */
export function useRefusalSaid(): RefusalSaid {
  const [said, setSaid] = useState<{ text: string; turn: number } | null>(null);
  const listening = useRef<AbortController | null>(null);
  const pointAt = useCallback((field: HTMLElement | null | undefined, error: string) => {
    listening.current?.abort();
    listening.current = null;
    if (!field) return;
    if (field.ownerDocument.activeElement !== field) {
      setSaid(null);
      field.focus();
      return;
    }
    setSaid((last) => ({ text: error, turn: (last?.turn ?? 0) + 1 }));
    const typed = new AbortController();
    listening.current = typed;
    field.addEventListener(
      'input',
      () => {
        typed.abort();
        setSaid(null);
      },
      { signal: typed.signal },
    );
  }, []);
  return {
    pointAt,
    // A new node each time (keyed by turn), so the same error refused again is said again.
    region: (
      <p role="status" className="visually-hidden">
        {said ? <span key={said.turn}>{said.text}</span> : null}
      </p>
    ),
  };
}
