import type { ReactNode } from 'react';
import './ui.css';

export type Tone = 'neutral' | 'success' | 'error';

interface LiveRegionProps {
  tone?: Tone;
  /** `status` is polite; `alert` interrupts and is for failures the user must act on. */
  role?: 'status' | 'alert';
  children?: ReactNode;
  className?: string;
}

/**
 * A live region. It is always rendered (empty when there is nothing to say) so screen readers are
 * already listening when the text arrives.
 */
export function LiveRegion({ tone = 'neutral', role = 'status', children, className }: LiveRegionProps) {
  const hasContent = children !== null && children !== undefined && children !== false && children !== '';
  const classes = [hasContent ? `ui-message ui-message--${tone}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'} className={classes || undefined}>
      {hasContent ? children : null}
    </div>
  );
}
