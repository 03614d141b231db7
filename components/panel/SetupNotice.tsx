/** Shown while Primer has no service address or no key for it: briefings need both. */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { afterFirstBriefing } from './paint-mark';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { administratorSetupProblem } from '@/lib/format/administrator-setup';
import { sendRequest } from '@/lib/messaging/send';

/**
 * What the notice knows of the setup: `missing` while it shows, `unknown` until the settings are
 * read, `done` when they are complete (or cannot be read, or outside the panel: no notice says it).
 */
export type SetupState = 'unknown' | 'missing' | 'done';

interface Setup {
  state: SetupState;
  /** Reads the settings now, not after the first briefing: a load failed for want of them. */
  ask: () => void;
}

const SetupContext = createContext<Setup>({ state: 'done', ask: () => undefined });

/** The setup as the panel's notice sees it: a failure it already explains is not said again below it. */
export function useSetup(): Setup {
  return useContext(SetupContext);
}

/** The notice, above `children`, which can tell through `useSetup` whether it shows. */
export function SetupNotice({ children }: { children?: ReactNode }) {
  // Asked after the first briefing is on screen: a briefing that loads already proves the setup.
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstBriefing(() => setReady(true)), []);
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => sendRequest('settings.get', {}), staleTime: 0, enabled: ready });
  const view = settings.data;
  const state: SetupState = view ? (view.serviceUrl && view.hasApiKey ? 'done' : 'missing') : settings.isError ? 'done' : 'unknown';
  const setup = useMemo(() => ({ state, ask: () => setReady(true) }), [state]);
  // A key is only sent to the address it was saved for: say which address lacks one, and where the saved key belongs.
  const elsewhere = view?.serviceUrl && view.apiKeyAddress && view.apiKeyAddress !== view.serviceUrl ? view.apiKeyAddress : null;
  return (
    <SetupContext.Provider value={setup}>
      {view && state === 'missing' ? (
        <div className="problem" role="alert">
          <p>
            <strong>Primer is not set up yet.</strong>{' '}
            {administratorSetupProblem(view) ??
              (view.serviceUrl
                ? `Enter the API key for ${view.serviceUrl} in Primer’s options to see briefings.`
                : 'Add the service address and your API key to see briefings.')}
            {elsewhere ? ` The saved key is only sent to ${elsewhere}, the address it was saved for.` : null}
          </p>
          <OpenOptionsButton />
        </div>
      ) : null}
      {children}
    </SetupContext.Provider>
  );
}
