/** A failed load, said plainly, with the next step as a button (or when Primer will retry). */
import type { ReactNode } from 'react';
import { browser } from '#imports';
import { ApiError, toErrorInfo } from '@/lib/api/errors';
import { Button } from '@/components/ui/Button';
import { waitEnds, waitLeft } from '@/lib/format/wait';
import { PERSON_SEARCH_ID } from '../PersonSearch';
import { problemAbout } from './problem-text';
import { useCountdown, useDeadline } from './useCountdown';

interface ProblemNoticeProps {
  error: unknown;
  /** What failed to load, e.g. "this briefing". */
  what: string;
  onRetry?: () => void;
  /** True while the query is still retrying on its own. */
  retrying?: boolean;
  /** What was being loaded belongs to a contact (default) or to a recording. */
  about?: 'contact' | 'recording';
  /** Said after the problem: what is shown meanwhile. */
  children?: ReactNode;
}

export function ProblemNotice({ error, what, onRetry, retrying = false, about = 'contact', children }: ProblemNoticeProps) {
  const info = error instanceof ApiError ? error.toInfo() : toErrorInfo(error);
  const problem = problemAbout(info.kind, about);
  const wait = info.kind === 'rate_limited' ? (info.retryAfterMs ?? 5000) : null;
  const deadline = useDeadline(wait, error);
  const seconds = useCountdown(retrying ? deadline : null, wait ?? Infinity);
  return (
    <div className="problem" role="alert">
      <p>
        <strong>Could not load {what}.</strong> {problem.text}
        {/* An alert is read out whole whenever its text changes: the ticking countdown is hidden from
            screen readers, which are told once when the wait ends. */}
        {problem.next === 'wait' && seconds !== null && deadline !== null && wait !== null ? (
          <>
            <span aria-hidden="true">{` Primer will try again in ${waitLeft(seconds)}.`}</span>
            <span className="visually-hidden">{` Primer will try again ${waitEnds(deadline, wait)}.`}</span>
          </>
        ) : null}
        {problem.next === 'retry' && retrying ? ' Trying again…' : null}
      </p>
      {children ? <p>{children}</p> : null}
      {problem.next === 'options' ? (
        <Button onClick={() => void browser.runtime.openOptionsPage()}>Open Primer options</Button>
      ) : null}
      {(problem.next === 'retry' || problem.next === 'wait' || problem.retry) && !retrying && onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
      {problem.next === 'search' ? <Button onClick={() => document.getElementById(PERSON_SEARCH_ID)?.focus()}>Find them by e-mail</Button> : null}
    </div>
  );
}
