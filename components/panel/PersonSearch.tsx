/** "Find a person by e-mail": brief anyone, whatever the page shows. Exact addresses only. */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { addressIn } from '@/lib/format/typed-address';

/** The search field's id: a problem with no better next step sends the user here (ProblemNotice). */
export const PERSON_SEARCH_ID = 'primer-person-search';

/** "Find them by e-mail": takes the user to the search field, where an exact address finds anyone. */
export function FindByEmailButton({ variant }: { variant?: 'secondary' }) {
  return (
    <Button variant={variant} onClick={() => document.getElementById(PERSON_SEARCH_ID)?.focus()}>
      Find them by e-mail
    </Button>
  );
}

interface PersonSearchProps {
  onFind: (email: string) => void;
  /** The address whose result the panel shows, else null (the result was left, or the subject changed). */
  shown?: string | null;
}

export function PersonSearch({ onFind, shown = null }: PersonSearchProps) {
  const inputId = PERSON_SEARCH_ID;
  const hintId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  // Each refusal draws its alert anew: Find pressed again on the same text is said again.
  const [refusals, setRefusals] = useState(0);
  // Once its result is no longer shown, the address goes from the field: left there, it read as
  // though the panel still showed that person. What the user has typed since stays.
  const [held, setHeld] = useState(shown);
  if (held !== shown) {
    setHeld(shown);
    if (held !== null && addressIn(value) === held) {
      setValue('');
      setInvalid(false);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = addressIn(value);
    if (email === null) {
      setInvalid(true);
      setRefusals((count) => count + 1);
      return;
    }
    setInvalid(false);
    onFind(email);
  };
  return (
    <form className="person-search" role="search" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Find a person by e-mail</label>
      <div className="search-row">
        <input
          id={inputId}
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="name@company.com"
          value={value}
          aria-invalid={invalid}
          aria-describedby={invalid ? hintId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            // Edited since: the complaint was about what was there before.
            setInvalid(false);
          }}
        />
        <Button type="submit">Find</Button>
      </div>
      {invalid ? (
        <p key={refusals} id={hintId} className="field-error" role="alert">
          Enter a full e-mail address, like name@company.com.
        </p>
      ) : null}
    </form>
  );
}
