import type { ComponentProps } from 'react';
import './ui.css';

type Variant = 'primary' | 'secondary' | 'danger';

// `ref` included: React 19 passes it on as a prop (components/panel/focus-landing.ts needs the element).
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  /**
   * At work: said as unavailable (aria-disabled) and its click ignored, but not `disabled`, which
   * makes Chromium drop the focus of a button that has it. A form still guards its own submit.
   */
  busy?: boolean;
}

/** A plain button; `type="button"` unless told otherwise so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', busy = false, onClick, ...rest }: ButtonProps) {
  const classes = ['ui-button', variant === 'primary' ? '' : `ui-button--${variant}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} aria-disabled={busy || undefined} onClick={busy ? undefined : onClick} {...rest} />;
}
