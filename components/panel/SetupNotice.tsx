/** Shown while Primer has no service address or no key for it: briefings need both. */
import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { useQuery } from '@tanstack/react-query';
import { afterFirstBriefing } from './paint-mark';
import { Button } from '@/components/ui/Button';
import { sendRequest } from '@/lib/messaging/send';

export function SetupNotice() {
  // Asked after the first briefing is on screen: a briefing that loads already proves the setup.
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstBriefing(() => setReady(true)), []);
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => sendRequest('settings.get', {}), staleTime: 0, enabled: ready });
  const view = settings.data;
  if (!view || (view.serviceUrl && view.hasApiKey)) return null;
  // A key is only sent to the address it was saved for: say which address lacks one, and where the saved key belongs.
  const elsewhere = view.serviceUrl && view.apiKeyAddress && view.apiKeyAddress !== view.serviceUrl ? view.apiKeyAddress : null;
  return (
    <div className="problem" role="alert">
      <p>
        <strong>Primer is not set up yet.</strong>{' '}
        {view.serviceUrl && view.locked.apiKey && !view.locked.serviceUrl
          ? 'Your administrator set an API key but no service address, and that key is only sent to an address your administrator sets.'
          : view.serviceUrl
            ? `Enter the API key for ${view.serviceUrl} in Primer’s options to see briefings.`
            : 'Add the service address and your API key to see briefings.'}
        {elsewhere ? ` The saved key is only sent to ${elsewhere}, the address it was saved for.` : null}
      </p>
      <Button onClick={() => void browser.runtime.openOptionsPage()}>Open Primer options</Button>
    </div>
  );
}
