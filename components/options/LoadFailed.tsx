/** A part of the options page that could not be read: what failed, and Try again. */
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { landFocusWhenGone } from '@/components/panel/focus-landing';

export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="ui-message ui-message--error">
      <p>{children}</p>
      <p>
        {/* Gone once pressed (the query is pending again): focus lands on the heading above it (focus-landing.ts). */}
        <Button ref={landFocusWhenGone} variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}
