import { useId, useLayoutEffect, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './ui.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onValueChange?: (value: string) => void;
  /** Shown under the field and tied to it with aria-describedby; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra controls on the field's row (a show/hide toggle, a copy button). */
  actions?: ReactNode;
  /** Shown next to the label, e.g. the administrator lock note. */
  badge?: ReactNode;
  /** Says "(optional)" after the label, as the other optional fields do. */
  optional?: boolean;
  /**
   * The value is a secret (an API key). React copies a controlled input's value into its `value`
   * attribute, where anything that serialises the page (an error report, a saved page) finds it:
   * the attribute is taken off after every render.
   */
  secret?: boolean;
}

/** A labelled text input whose hint and error are announced with it. */
export function TextField({ label, value, onValueChange, error, hint, actions, badge, optional = false, secret = false, id, ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const badgeId = `${inputId}-badge`;
  // The badge (the administrator's lock) is said with the field too, not only seen beside its label.
  const describedBy = [badge ? badgeId : null, error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  useLayoutEffect(() => {
    if (secret) document.getElementById(inputId)?.removeAttribute('value');
  });
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {optional ? <span className="ui-field__optional"> (optional)</span> : null}
      </label>
      {badge ? <div id={badgeId}>{badge}</div> : null}
      <div className="ui-field__row">
        <input
          ref={ref}
          id={inputId}
          className="ui-input"
          value={value}
          onChange={(event) => onValueChange?.(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {actions}
      </div>
      {error ? (
        <p id={errorId} className="ui-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
