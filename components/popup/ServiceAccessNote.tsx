/**
 * Said when Primer may not contact the service's host (an administrator's address is never asked
 * for in a click; access can be taken away on chrome://extensions): over a page with no lookups of
 * its own, nothing else said so, the form looked ready and an upload failed with no way to the fix.
 * Not asked for here: the browser's prompt closes a toolbar popup. The options page has Allow access.
 */
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { useHostAccess } from '@/components/ui/useHostAccess';

export function ServiceAccessNote({ serviceUrl }: { serviceUrl: string | null }) {
  const address = serviceUrl === null ? null : normaliseBaseUrl(serviceUrl);
  const valid = address?.ok ? address : null;
  const [granted] = useHostAccess(valid?.permissionPattern ?? null);
  if (valid === null || granted !== false) return null;
  return (
    <div className="popup__section popup__note">
      <div className="ui-message ui-message--error">
        <p>
          Primer is not allowed to contact {valid.origin}, so it cannot show briefings or upload recordings. Open Primer’s options and choose Allow access.
        </p>
        <OpenOptionsButton />
      </div>
    </div>
  );
}
