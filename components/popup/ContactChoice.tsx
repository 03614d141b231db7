/**
 * The recording's primary contact: one of the meeting's known people, someone else by exact
 * e-mail address, or no one. The address is looked up when the upload starts (UploadForm).
 */
import { useId, type Ref } from 'react';
import type { UploadDraft } from '@/lib/upload/draft';
import { withMatchNote } from '@/lib/models/contact';

export const SOMEONE_ELSE = '__email__';
export const NO_ONE = '';

interface ContactChoiceProps {
  contacts: UploadDraft['contacts'];
  /** A contact id, NO_ONE, or SOMEONE_ELSE. */
  choice: string;
  email: string;
  onChoice: (choice: string) => void;
  onEmail: (email: string) => void;
  error: string | null;
  disabled?: boolean;
  emailRef?: Ref<HTMLInputElement>;
  selectRef?: Ref<HTMLSelectElement>;
  /**
   * Who the typed address was found to be, looked up as it was typed: a name, 'unknown' (no single
   * contact has it), 'left-out' (the user's own or an excluded domain: never looked up), or null
   * while not known. Said under the field, so the upload's contact is
   * known before it is sent, not only in the list after.
   */
  found?: { name: string } | 'unknown' | 'left-out' | null;
  /** Said with the address field: why the meeting's contacts are not offered (the settings changed). */
  note?: string | null;
}

export function ContactChoice({ contacts, choice, email, onChoice, onEmail, error, disabled = false, emailRef, selectRef, found = null, note = null }: ContactChoiceProps) {
  const selectId = useId();
  const emailId = useId();
  const errorId = useId();
  const foundId = useId();
  const noteId = useId();
  const foundText =
    found === null
      ? null
      : found === 'unknown'
        ? 'No single contact has this address.'
        : found === 'left-out'
          ? 'Primer leaves this address out (yours, or a domain excluded in its options): it is not looked up.'
          : `That is ${found.name}.`;
  const describedBy = [note ? noteId : null, error ? errorId : null, foundText && !error ? foundId : null].filter(Boolean).join(' ') || undefined;
  const byEmail = contacts.length === 0 || choice === SOMEONE_ELSE;
  return (
    <div className="ui-field">
      {contacts.length > 0 ? (
        <>
          <label className="ui-field__label" htmlFor={selectId}>
            Primary contact <span className="optional">(optional)</span>
          </label>
          <select ref={selectRef} id={selectId} className="ui-input" value={choice} disabled={disabled} onChange={(event) => onChoice(event.target.value)}>
            <option value={NO_ONE}>No one in particular</option>
            {contacts.map((contact) => (
              <option key={contact.id} value={contact.id}>
                {withMatchNote(contact.name, contact.matchedBy)}
              </option>
            ))}
            <option value={SOMEONE_ELSE}>Someone else (by e-mail)…</option>
          </select>
        </>
      ) : null}
      {byEmail ? (
        <>
          <label className={contacts.length > 0 ? 'visually-hidden' : 'ui-field__label'} htmlFor={emailId}>
            Primary contact’s e-mail
            {contacts.length > 0 ? null : <span className="optional"> (optional)</span>}
          </label>
          <input
            ref={emailRef}
            id={emailId}
            className="ui-input"
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@company.com"
            value={email}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onEmail(event.target.value)}
          />
        </>
      ) : null}
      {/* There and empty from the start, as the one below: the note comes with the select's going, and is said then. */}
      <p id={noteId} className="ui-hint" aria-live="polite">
        {note}
      </p>
      {byEmail ? (
        // There and empty from the start: a live region added with its words is not read by every screen reader.
        <p id={foundId} className="ui-hint" aria-live="polite">
          {error ? null : foundText}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
