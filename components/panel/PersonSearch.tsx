/** "Find a person by e-mail": brief anyone, whatever the page shows. Exact addresses only. */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { normaliseEmail } from '@/lib/api/contact-index';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  // Once its result is no longer shown, the address goes from the field: left there, it read as
  // though the panel still showed that person. What the user has typed since stays.
  const [held, setHeld] = useState(shown);
  if (held !== shown) {
    setHeld(shown);
    if (held !== null && normaliseEmail(value) === held) {
      setValue('');
      setInvalid(false);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = normaliseEmail(value);
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      setInvalid(true);
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
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit">Find</Button>
      </div>
      {invalid ? (
        <p id={hintId} className="field-error">
          Enter a full e-mail address, like name@company.com.
        </p>
      ) : null}
    </form>
  );
}
