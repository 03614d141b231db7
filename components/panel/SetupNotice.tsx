/** Shown while Primer has no service address or key: briefings need both. */
import { browser } from '#imports';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { sendRequest } from '@/lib/messaging/send';

export function SetupNotice() {
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => sendRequest('settings.get', {}), staleTime: 0 });
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
