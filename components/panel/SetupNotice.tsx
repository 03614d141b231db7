/** Shown while Primer has no service address or key: briefings need both. */
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
  if (!settings.data || (settings.data.serviceUrl && settings.data.hasApiKey)) return null;
  return (
    <div className="problem" role="alert">
      <p>
        <strong>Primer is not set up yet.</strong> Add the service address and your API key to see briefings.
      </p>
      <Button onClick={() => void browser.runtime.openOptionsPage()}>Open Primer options</Button>
    </div>
  );
}
