import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockFormat } from '@/lib/format/dates';
import { FreshnessNote } from '@/components/panel/states/FreshnessNote';
import { ProblemNotice } from '@/components/panel/states/ProblemNotice';
import { PersonSearch } from '@/components/panel/PersonSearch';
import { retryDelayFor, shouldRetry } from '@/components/panel/data/query-client';
import { askAgainInMs } from '@/components/panel/data/queries';
import { ApiError, NO_ACCESS_CODE, NOT_THE_SERVICE_CODE } from '@/lib/api/errors';

/** What a screen reader reads of a live region: its text without what is hidden from it. */
function spoken(region: HTMLElement): string {
  const copy = region.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const clock = (time: number) => new Date(time).toLocaleTimeString(undefined, clockFormat());

describe('ProblemNotice', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('counts down to the retry a busy service asked for, and offers nothing to click meanwhile', async () => {
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 5000 })} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service asked Primer to slow down. Primer will try again in 5 s.');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('alert')).toHaveTextContent('in 3 s.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts on from when the failure was first shown when the same failure is shown again (its attendee’s full briefing)', async () => {
    const error = new ApiError('rate_limited', 'slow', { retryAfterMs: 120_000 });
    const first = render(<ProblemNotice error={error} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(100_000));
    first.unmount();
    render(<ProblemNotice error={error} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('Primer will try again in 20 s.');
  });

  it('keeps what the alert says fixed while the countdown ticks, and says a long wait readably', async () => {
    // Mid-morning: an hour's wait from near midnight ends tomorrow, and says the day (tested apart).
    vi.setSystemTime(new Date(2026, 4, 19, 10, 0));
    const start = Date.now();
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 3_600_000 })} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const alert = screen.getByRole('alert');
    // Shown: the hour as an hour, not "3600 s".
    expect(alert).toHaveTextContent('Primer will try again in 1 h.');
    const said = spoken(alert);
    expect(said).toBe(`Could not load this briefing. The service asked Primer to slow down. Primer will try again at ${clock(start + 3_600_000)}.`);
    for (const step of [1000, 1000, 59_000]) {
      await act(() => vi.advanceTimersByTimeAsync(step));
      expect(spoken(alert)).toBe(said);
    }
    // The visible countdown did move on.
    expect(alert).toHaveTextContent('Primer will try again in 59 min.');
  });

  it('says a short wait to screen readers as within a minute, once', async () => {
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 5000 })} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const said = spoken(screen.getByRole('alert'));
    expect(said).toBe('Could not load this briefing. The service asked Primer to slow down. Primer will try again within a minute.');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(spoken(screen.getByRole('alert'))).toBe(said);
  });

  it('offers Try again only once the wait a busy service gave is over, after Primer stopped asking by itself, and says why meanwhile', async () => {
    const retry = vi.fn();
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 5000 })} what="this briefing" onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const button = screen.getByRole('button', { name: 'Try again' });
    // Still a Tab stop, so it can say why it does nothing yet.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Could not load this briefing. You can try again within a minute.');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service asked Primer to slow down. You can try again in 5 s.');
    act(() => button.click());
    expect(retry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveAccessibleDescription('Could not load this briefing.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('You can try again');
    act(() => button.click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('counts down Primer’s own pause while it retries a busy service that asked for no wait (Retry-After: 0 or a past date)', async () => {
    // The retry waits RATE_LIMIT_DEFAULT_MS (retryDelayFor), not 0: the notice says so, as for a wait the service gave.
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 0 })} what="this briefing" onRetry={() => undefined} retrying />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service asked Primer to slow down. Primer will try again in 5 s.');
    expect(spoken(screen.getByRole('alert'))).toBe('Could not load this briefing. The service asked Primer to slow down. Primer will try again within a minute.');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('alert')).toHaveTextContent('in 3 s.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Try again at once for a busy service that asked for no wait at all', async () => {
    const retry = vi.fn();
    render(<ProblemNotice error={new ApiError('rate_limited', 'slow', { retryAfterMs: 0 })} what="this briefing" onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('waits out a server that is unavailable and said for how long (503 with Retry-After), as for a rate limit', async () => {
    const retry = vi.fn();
    render(<ProblemNotice error={new ApiError('server', 'down', { status: 503, retryAfterMs: 120_000 })} what="this briefing" onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service is unavailable for the moment. You can try again in 2 min.');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    act(() => button.click());
    expect(retry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(button).not.toHaveAttribute('aria-disabled');
    act(() => button.click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('offers Try again at once for a server error that gave no wait', async () => {
    const retry = vi.fn();
    render(<ProblemNotice error={new ApiError('server', 'broken', { status: 500 })} what="this briefing" onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service had a problem answering.');
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('sends the user to the search when the service no longer has the contact', () => {
    render(
      <>
        <PersonSearch onFind={() => undefined} />
        <ProblemNotice error={new ApiError('not_found', 'gone', { status: 404 })} what="this briefing" onRetry={() => undefined} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The service no longer has this contact: it may have been removed or merged with another.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Find them by e-mail' }).click());
    expect(screen.getByRole('textbox', { name: 'Find a person by e-mail' })).toHaveFocus();
  });

  it('sends the user to the options, not the search, when the contact list itself is missing at the address (a wrong address)', () => {
    render(
      <>
        <PersonSearch onFind={() => undefined} />
        <ProblemNotice error={new ApiError('not_found', 'Not Found', { status: 404, code: NOT_THE_SERVICE_CODE })} what="this briefing" onRetry={() => undefined} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Could not load this briefing\. Something other than Primer’s service answers at the service address .*check the address in Primer’s options\./);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find them by e-mail' })).toBeNull();
  });

  it('sends the user to the options, not to retry alone, when Primer has not been allowed to contact the service (not “cannot be reached”)', () => {
    render(<ProblemNotice error={new ApiError('network', 'not allowed', { code: NO_ACCESS_CODE })} what="this briefing" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. Primer has not been allowed to contact the service yet: allow it in Primer’s options.');
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('introduces the last copy by the access missing, not as offline', () => {
    render(<FreshnessNote asOf={Date.now() - 60_000} problem={new ApiError('network', 'not allowed', { code: NO_ACCESS_CODE }).toInfo()} updatedAt={Date.now()} />);
    expect(screen.getByText(/Primer may not contact the service \(allow it in Primer’s options\):/)).toBeInTheDocument();
    expect(screen.queryByText(/Offline/)).toBeNull();
  });

  it.each([
    ['unauthorized', 'The service did not accept Primer’s API key.'],
    ['forbidden', 'The service does not allow Primer’s API key to read this.'],
  ] as const)('offers Try again beside the options when the key is refused (%s): it may just have been put right', (kind, text) => {
    const retry = vi.fn();
    render(<ProblemNotice error={new ApiError(kind, 'refused', { status: kind === 'unauthorized' ? 401 : 403 })} what="this briefing" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`Could not load this briefing. ${text}`);
    expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says something sensible for errors that are not the service’s', () => {
    render(<ProblemNotice error={new TypeError('x is undefined')} what="this briefing" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this briefing. The request failed.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('x is undefined');
  });
});

describe('FreshnessNote', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());
  const asOf = Date.parse('2026-11-22T10:00:00Z');

  it('says when a busy service that gave no wait is asked again (half a minute after the last answer), and again after each', async () => {
    const problem = { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: null };
    const { rerender } = render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} onRetry={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toHaveTextContent(/^The service is busy: showing the briefing as of .+ Primer will ask again in 30 s\.$/);
    expect(screen.queryByRole('button')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Primer will ask again in 20 s.');
    // Due: the panel is asking; until its answer comes, that is what is said.
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(screen.getByRole('status')).toHaveTextContent('Primer is asking again now.');
    // Still busy: the next ask is timed from this answer, as the query's own interval is.
    rerender(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} onRetry={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toHaveTextContent('Primer will ask again in 30 s.');
  });

  it('says the same to screen readers from one half-minute ask of a busy service to the next (a changed status is read out again)', async () => {
    const problem = { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: null };
    const { rerender } = render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} onRetry={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const status = screen.getByRole('status');
    const said = spoken(status);
    expect(said).toMatch(/Primer will ask again within a minute\.$/);
    for (let cycle = 0; cycle < 2; cycle++) {
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect(status).toHaveTextContent('Primer is asking again now.');
      expect(spoken(status)).toBe(said);
      // Answered from the copy again: the next ask is timed from this answer.
      rerender(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} onRetry={() => undefined} />);
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(spoken(status)).toBe(said);
    }
  });

  it('keeps what the status says fixed while the countdown ticks', async () => {
    const problem = { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: 5 * 60_000 };
    const updatedAt = Date.now();
    render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={updatedAt} onRetry={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Primer will ask again in 5 min.');
    const said = spoken(status);
    expect(said).toMatch(new RegExp(`Primer will ask again at ${clock(updatedAt + 5 * 60_000)}\\.$`));
    for (const step of [1000, 1000, 60_000]) {
      await act(() => vi.advanceTimersByTimeAsync(step));
      expect(spoken(status)).toBe(said);
    }
    expect(status).toHaveTextContent('Primer will ask again in 4 min.');
  });

  it('says when an unavailable service that gave a wait (503 with Retry-After) is asked again, with nothing to click meanwhile', async () => {
    const problem = { kind: 'server' as const, message: 'down', status: 503, code: null, retryAfterMs: 2 * 60_000 };
    render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} onRetry={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toHaveTextContent(/^The service is unavailable: showing the briefing as of .+ Primer will ask again in 2 min\.$/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(askAgainInMs(problem)).toBe(2 * 60_000);
    // A Retry-After date far ahead never becomes a timer that runs at once (a refetch loop).
    expect(askAgainInMs({ ...problem, retryAfterMs: 40 * 24 * 3_600_000 })).toBe(2 ** 31 - 1);
  });

  it('offers Refresh after a server error that gave no wait', async () => {
    const retry = vi.fn();
    render(<FreshnessNote asOf={asOf} problem={{ kind: 'server', message: 'broken', status: 500, code: null, retryAfterMs: null }} updatedAt={Date.now()} onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toHaveTextContent(/^The service had a problem: showing the briefing as of /);
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(retry).toHaveBeenCalled();
  });

  it('says Refresh is asking while it does, and that no newer answer came when it still did not', async () => {
    let settle!: () => void;
    const retry = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<FreshnessNote asOf={asOf} problem={{ kind: 'network', message: 'offline', status: null, code: null, retryAfterMs: null }} updatedAt={Date.now()} onRetry={retry} />);
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    act(() => refresh.click());
    const note = () => screen.getByRole('status').querySelector('p');
    expect(note()).toHaveTextContent(/Asking again…$/);
    expect(refresh).toHaveAttribute('aria-disabled', 'true');
    // A second press while asking asks nothing more.
    act(() => refresh.click());
    expect(retry).toHaveBeenCalledTimes(1);
    await act(() => { settle(); return Promise.resolve(); });
    expect(note()).toHaveTextContent(/Asked again: still no newer answer\.$/);
    expect(refresh).not.toHaveAttribute('aria-disabled');
  });

  it('says the age of a copy older than half a day in words, not the time it already said, and its year when not this year', () => {
    const problem = { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null };
    const { rerender } = render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} now={asOf + 3 * 86_400_000} onRetry={() => undefined} />);
    const note = screen.getByRole('status').querySelector('p');
    expect(note).toHaveTextContent(/^Offline: showing the briefing as of Nov 22, \d{1,2}:\d\d [AP]M \(3 days ago\)\.$/);
    expect(note?.textContent?.match(/\d:\d\d/g)).toHaveLength(1);
    rerender(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} now={asOf + 42 * 86_400_000} onRetry={() => undefined} />);
    expect(note).toHaveTextContent(/^Offline: showing the briefing as of Nov 22, 2026, \d{1,2}:\d\d [AP]M \(6 weeks ago\)\.$/);
  });

  it('keeps what the offline note says to screen readers fixed as the copy’s age ticks on screen', () => {
    // The note is a live region, read out whole whenever its text changes: the panel draws it
    // again with each look behind it, and "(2 min ago)" became "(3 min ago)" about once a minute.
    const problem = { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null };
    const { rerender } = render(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} now={asOf + 2 * 60_000} onRetry={() => undefined} />);
    const region = screen.getByRole('status');
    const said = spoken(region);
    expect(region).toHaveTextContent('(2 min ago)');
    rerender(<FreshnessNote asOf={asOf} problem={problem} updatedAt={Date.now()} now={asOf + 3 * 60_000} onRetry={() => undefined} />);
    expect(region).toHaveTextContent('(3 min ago)');
    expect(spoken(region)).toBe(said);
    expect(said).toMatch(/^Offline: showing the briefing as of Nov 22, \d{1,2}:\d\d [AP]M\./);
  });

  it('offers Refresh when the service cannot be reached', async () => {
    const retry = vi.fn();
    render(<FreshnessNote asOf={asOf} problem={{ kind: 'network', message: 'offline', status: null, code: null, retryAfterMs: null }} updatedAt={Date.now()} onRetry={retry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline: showing the briefing as of /);
    expect(screen.getByRole('status')).not.toHaveTextContent('ask again');
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(retry).toHaveBeenCalled();
  });
});

describe('focus when Try again or Refresh goes', () => {
  const serverError = new ApiError('server', 'broken', { status: 500 });
  const offline = { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null };
  function Part({ problem }: { problem: 'notice' | 'note' | null }) {
    return (
      <article>
        <h1 tabIndex={-1}>Maya Chen</h1>
        {problem === 'note' ? <FreshnessNote asOf={0} problem={offline} updatedAt={0} onRetry={() => undefined} /> : null}
        <section>
          <h2 tabIndex={-1}>Recent recordings</h2>
          {problem === 'notice' ? <ProblemNotice error={serverError} what="the recordings" onRetry={() => undefined} /> : <p>Call a</p>}
        </section>
        <button type="button">Elsewhere</button>
      </article>
    );
  }

  it('moves focus from Try again to the heading of the part it was in, once the notice goes', async () => {
    const { rerender } = render(<Part problem="notice" />);
    screen.getByRole('button', { name: 'Try again' }).focus();
    rerender(<Part problem={null} />);
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { level: 2, name: 'Recent recordings' })).toHaveFocus();
  });

  it('moves focus from Refresh to the view’s heading, once the note goes', async () => {
    const { rerender } = render(<Part problem="note" />);
    screen.getByRole('button', { name: 'Refresh' }).focus();
    rerender(<Part problem={null} />);
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { level: 1, name: 'Maya Chen' })).toHaveFocus();
  });

  it('never takes focus from elsewhere', async () => {
    const { rerender } = render(<Part problem="notice" />);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    rerender(<Part problem={null} />);
    await act(() => Promise.resolve());
    expect(elsewhere).toHaveFocus();
  });
});

describe('panel query retries', () => {
  it('asks a busy service again after its wait, a failing one once, an unreachable one or a refused key never', () => {
    expect(shouldRetry(0, new ApiError('rate_limited', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError('rate_limited', 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError('rate_limited', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('server', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError('server', 'x'))).toBe(false);
    // The background already tried as long as someone waiting should wait.
    expect(shouldRetry(0, new ApiError('network', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('timeout', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('unauthorized', 'x'))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });

  it('waits as long as the service asked, else a second, backing off', () => {
    expect(retryDelayFor(1, new ApiError('rate_limited', 'x', { retryAfterMs: 7000 }))).toBe(7000);
    expect(retryDelayFor(1, new ApiError('rate_limited', 'x'))).toBe(5000);
    // "No wait" from a busy service (a Retry-After already past) is Primer's own pause, not none.
    expect(retryDelayFor(1, new ApiError('rate_limited', 'x', { retryAfterMs: 0 }))).toBe(5000);
    expect(retryDelayFor(1, new ApiError('server', 'x'))).toBe(1000);
    expect(retryDelayFor(10, new ApiError('server', 'x'))).toBe(10_000);
  });
});
