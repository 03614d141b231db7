/** A failed load, said plainly, with the next step as a button (or when Primer will retry). */
import { useEffect, useId, type ReactNode } from 'react';
import { ApiError, serviceWaitMs, toErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { useWait } from '@/components/ui/useCountdown';
import { WaitText } from '@/components/ui/WaitText';
import { RATE_LIMIT_DEFAULT_MS } from '../data/query-client';
import { landFocusWhenGone } from '../focus-landing';
import { FindByEmailButton } from '../PersonSearch';
import { useSetup } from '../SetupNotice';
import { problemAbout } from './problem-text';

interface ProblemNoticeProps {
  error: unknown;
  /** What failed to load, e.g. "this briefing" (names in it isolated: PersonLabel). */
  what: ReactNode;
  onRetry?: () => void;
  /** True while the query is still retrying on its own. */
  retrying?: boolean;
  /** What was being loaded belongs to a contact (default) or to a recording. */
  about?: 'contact' | 'recording';
  /** Said instead of what this kind of failure means, when it stands for several (a meeting's attendees). */
  reason?: string;
  /** Said after the problem: what is shown meanwhile. */
  children?: ReactNode;
}

export function ProblemNotice({ error, what, onRetry, retrying = false, about = 'contact', reason, children }: ProblemNoticeProps) {
  const info = error instanceof ApiError ? error.toInfo() : toErrorInfo(error);
  // A rate limit without a Retry-After is still waited out (Primer's own pause), and so is one of 0
  // or a past date while Primer retries it (retryDelayFor pauses then too); once Primer has
  // stopped, no wait asked for is none. A server error only when it said how long (a 503).
  const serviceWait = serviceWaitMs(info);
  const noWaitAsked = info.retryAfterMs !== null && serviceWait === null;
  const waitMs = info.kind !== 'rate_limited' ? serviceWait : noWaitAsked && !retrying ? 0 : (serviceWait ?? RATE_LIMIT_DEFAULT_MS);
  const problem = problemAbout(info.kind, about, waitMs, info.code);
  const wait = useWait(waitMs, error);
  // Once Primer has stopped asking by itself, asking before the service's wait is over would only
  // be refused again: Try again stays (a Tab stop that says why) but does nothing until then.
  const held = !retrying && wait.running;
  const waitId = useId();
  // Several notices may each offer Try again (a recording, its insights, its transcript): the
  // button is described by what it would load again, so the buttons can be told apart.
  const whatId = useId();
  const waitLead = retrying ? 'Primer will try again' : held ? 'You can try again' : null;
  // Not set up: the panel's setup notice says so, with the way to options, once for every load.
  const setup = useSetup();
  const forSetup = info.kind === 'not_configured' && setup.state !== 'done';
  const { ask } = setup;
  useEffect(() => {
    if (forSetup) ask();
  }, [forSetup, ask]);
  if (forSetup) return setup.state === 'missing' ? <p className="subtle">Could not load {what} (see above).</p> : null;
  return (
    <div className="problem" role="alert">
      <p>
        <strong id={whatId}>Could not load {what}.</strong> {reason ?? problem.text}
        {problem.next === 'wait' && waitLead !== null && wait.seconds !== null && wait.deadline !== null && waitMs !== null ? (
          <WaitText lead={waitLead} seconds={wait.seconds} deadline={wait.deadline} waitMs={waitMs} id={waitId} />
        ) : null}
        {problem.next === 'retry' && retrying ? ' Trying again…' : null}
      </p>
      {children ? <p>{children}</p> : null}
      {problem.next === 'options' ? (
        <OpenOptionsButton />
      ) : null}
      {(problem.next === 'retry' || problem.next === 'wait' || problem.retry) && !retrying && onRetry ? (
        // Gone as soon as the retry is under way (or has worked): focus must not fall to the document.
        <Button ref={landFocusWhenGone} onClick={held ? undefined : onRetry} aria-disabled={held || undefined} aria-describedby={held ? `${whatId} ${waitId}` : whatId}>
          Try again
        </Button>
      ) : null}
      {problem.next === 'search' ? <FindByEmailButton /> : null}
    </div>
  );
}
