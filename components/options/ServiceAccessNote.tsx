/**
 * Said above the settings when the address in effect (saved, or set by an administrator) has no
 * host access: it is only ever asked for in a click (Save, Test connection), and a policy's
 * address never had one, nor one whose access was taken away on chrome://extensions. Without it
 * every lookup fails as if the service were down.
 */
import { useState } from 'react';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { Button } from '@/components/ui/Button';
import { useHostAccess } from '@/components/ui/useHostAccess';
import { requestHostPermission } from './host-permission';

/** One function for every render: the note takes focus once, when it replaces the button pressed. */
const focusOnMount = (note: HTMLElement | null) => note?.focus();

export function ServiceAccessNote({ serviceUrl, onAllowed }: { serviceUrl: string | null; onAllowed: () => void }) {
  const address = serviceUrl === null ? null : normaliseBaseUrl(serviceUrl);
  const valid = address?.ok ? address : null;
  const [granted, checkAgain] = useHostAccess(valid?.permissionPattern ?? null);
  const [allowedHere, setAllowedHere] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  if (valid === null) return null;
  if (granted !== false) {
    // Focus moves here: the button just pressed is gone, and focus would fall to the page's start.
    return allowedHere === valid.origin && granted ? (
      <p className="ui-message ui-message--success" tabIndex={-1} ref={focusOnMount}>
        Allowed: Primer may now contact {valid.origin}.
      </p>
    ) : null;
  }
  const allow = () => {
    // First thing in the click: the browser asks only during the user's gesture.
    void requestHostPermission(valid.permissionPattern).then((ok) => {
      setRefused(!ok);
      if (!ok) return;
      setAllowedHere(valid.origin);
      checkAgain();
      onAllowed();
    });
  };
  return (
    <div className="ui-message ui-message--error options-access" role="alert">
      <p>
        Primer is not allowed to contact {valid.origin} yet, so it cannot look anyone up or show briefings.
        {refused ? ' Access was not granted.' : ''}
      </p>
      <p>
        <Button onClick={allow}>Allow access to {valid.origin}</Button>
      </p>
    </div>
  );
}
