import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoverCard } from '@/components/card/HoverCard';
import { placeCard } from '@/components/card/mount';
import { PROBLEMS } from '@/components/panel/states/problem-text';
import type { ApiErrorInfo } from '@/lib/api/errors';
import type { ContactMatch, Insights } from '@/lib/models';

const NOW = new Date('2026-11-22T12:00:00');
const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: 'Northwind', title: 'VP Engineering' }, matchedBy: 'email' };

function insights(patch: Partial<Insights> = {}): Insights {
  return {
    contactId: 'm', communicationApproach: null, preferredTone: null, personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
    sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: null,
    flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
    updatedAt: null, ...patch,
  };
}

describe('HoverCard', () => {
  it('shows tone, up to three topics to raise, topics to avoid, pending and overdue items, last talk', () => {
    render(
      <HoverCard
        match={maya}
        now={NOW}
        focusOnOpen={false}
        onClose={() => undefined}
        state={{
          status: 'ready',
          insights: insights({
            preferredTone: 'formal',
            recentTopics: ['Q3 roadmap', 'hiring'],
            favoriteTopics: ['sailing', 'Hiring'],
            interests: ['chess', 'layoffs'],
            sensitiveTopics: ['layoffs'],
            pendingActionItems: [
              { text: 'Send deck', owner: null, dueDate: '2026-11-01', status: null },
              { text: 'Call', owner: null, dueDate: '2026-12-01', status: null },
            ],
            lastConversationDate: '2026-11-19T10:00:00Z',
          }),
        }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Briefing: Maya Chen' })).toBeInTheDocument();
    expect(screen.getByText('VP Engineering · Northwind')).toBeInTheDocument();
    expect(screen.getByText('formal')).toBeInTheDocument();
    const raise = screen.getByText('Raise').nextElementSibling!;
    expect([...raise.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Q3 roadmap', 'hiring', 'sailing']);
    const avoid = screen.getByText('Avoid').nextElementSibling!;
    expect(avoid.textContent).toBe('layoffs');
    expect(screen.getByText(/2 action items/)).toHaveTextContent('2 action items · 1 overdue');
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(screen.queryByText('matched by name')).toBeNull();
    // English text on a site in another language is read as English (the shadow tree takes the page's lang otherwise).
    expect(screen.getByRole('dialog')).toHaveAttribute('lang', 'en');
    // The service's own words set their own direction (a Hebrew name or topic in the English card).
    expect(screen.getByRole('heading', { name: 'Maya Chen' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('VP Engineering · Northwind')).toHaveAttribute('dir', 'auto');
    expect([...raise.querySelectorAll('li')].every((li) => li.getAttribute('dir') === 'auto')).toBe(true);
    expect(screen.getByText('formal').tagName).toBe('BDI');
  });

  it('says a last talk dated after today by its date alone, never “in 7 days”', () => {
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ preferredTone: 'formal', lastConversationDate: '2026-11-29' }) }} />);
    expect(screen.getByText('Last talk').nextElementSibling).toHaveTextContent(/^(29 Nov 2026|Nov 29, 2026)$/);
    expect(document.body.textContent).not.toMatch(/in 7 days|next week/);
  });

  it('labels a name match, and says so when there are no insights yet', () => {
    render(<HoverCard match={{ ...maya, matchedBy: 'name' }} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights() }} />);
    expect(screen.getByText('matched by name')).toBeInTheDocument();
    // Its name as a dialog, which a screen reader says first, says so too.
    expect(screen.getByRole('dialog', { name: 'Briefing: Maya Chen (matched by name)' })).toBeInTheDocument();
    expect(screen.getByText(/No insights yet/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/undefined|null/);
  });

  it('gives a tip from the preference flags when the server knows nothing else', () => {
    const flags = { prefersDataDriven: null, prefersDirect: true, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null };
    render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ flags, totalConversations: 2 }) }} />);
    expect(screen.queryByText(/No insights yet/)).toBeNull();
    expect(screen.getByText('Tip').nextElementSibling).toHaveTextContent('Get to the point and say plainly what you need.');
    expect(screen.getByText('From 2 conversations.')).toBeInTheDocument();
  });

  it('says how to talk to someone known only by their approach or personality summary', () => {
    const { rerender } = render(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ communicationApproach: 'Lead with data.' }) }} />);
    expect(screen.getByText('Approach').nextElementSibling).toHaveTextContent('Lead with data.');
    rerender(<HoverCard match={maya} now={NOW} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ personalitySummary: 'Analytical.' }) }} />);
    expect(screen.getByText('About').nextElementSibling).toHaveTextContent('Analytical.');
    expect(screen.queryByText(/No insights yet/)).toBeNull();
  });

  it('shows loading and readable errors', () => {
    const { rerender } = render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} />);
    // Said to screen readers as a status (a label on a plain div is not read out).
    expect(screen.getByRole('status')).toHaveTextContent('Loading briefing…');
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'error', error: { kind: 'not_configured', message: 'x', status: null, code: null, retryAfterMs: null } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Primer is not set up yet');
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'error', error: { kind: 'server', message: 'Boom from server', status: 500, code: null, retryAfterMs: null } }} />);
    // The service's own words (a stack trace, an internal code) are not the user's business.
    expect(screen.getByRole('alert')).toHaveTextContent('The service had a problem answering. Try again in a moment.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Boom from server');
    // Not "cannot be reached": this tab runs the copy from before an update, and only a reload helps.
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'error', error: { kind: 'extension_reloaded', message: 'x', status: null, code: null, retryAfterMs: null } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Primer was updated. Reload this tab to use it.');
  });

  it('says when the briefing arrives in a card that opened loading, and describes the dialog by its briefing', () => {
    const { container, rerender } = render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} now={NOW} />);
    const news = container.querySelector('[aria-live="polite"]')!;
    // There and empty from the start: a live region added with its words is not read by every screen reader.
    expect(news).toBeEmptyDOMElement();
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ preferredTone: 'friendly' }) }} now={NOW} />);
    expect(news).toHaveTextContent('Briefing of Maya Chen loaded.');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/Tone\s*friendly/);
  });

  it('says "matched by name" when the briefing of a contact found by name arrives, as everywhere it is named', () => {
    const byName = { ...maya, matchedBy: 'name' as const };
    const { container, rerender } = render(<HoverCard match={byName} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} now={NOW} />);
    rerender(<HoverCard match={byName} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ preferredTone: 'friendly' }) }} now={NOW} />);
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('Briefing of Maya Chen (matched by name) loaded.');
  });

  it('says nothing of a briefing that was there when the card opened (the dialog’s description has it)', () => {
    const { container } = render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'ready', insights: insights({ preferredTone: 'friendly' }) }} now={NOW} />);
    expect(container.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
  });

  it('says every failure in a sentence of its own, never in the words the service or the browser sent', () => {
    const kinds = Object.keys(PROBLEMS) as ApiErrorInfo['kind'][];
    const { rerender } = render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} />);
    for (const kind of kinds) {
      rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'error', error: { kind, message: 'TypeError at /srv/app.js:88', status: 500, code: null, retryAfterMs: null } }} />);
      const alert = screen.getByRole('alert');
      expect(alert, kind).not.toHaveTextContent('TypeError');
      expect(alert.textContent?.trim().length, kind).toBeGreaterThan(10);
    }
  });

  it('renders hostile text as text, focuses the close button from the keyboard, and closes', async () => {
    const onClose = vi.fn();
    const hostile = '<img src=x onerror="window.__pwned=1">';
    render(
      <HoverCard
        match={{ contact: { ...maya.contact, name: hostile }, matchedBy: 'email' }}
        focusOnOpen
        onClose={onClose}
        state={{ status: 'ready', insights: insights({ sensitiveTopics: [hostile], preferredTone: hostile }) }}
      />,
    );
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getAllByText(hostile).length).toBeGreaterThan(1);
    const close = screen.getByRole('button', { name: 'Close briefing' });
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('HoverCard next steps on errors', () => {
  const error = (kind: ApiErrorInfo['kind']) => ({ status: 'error' as const, error: { kind, message: 'x', status: null, code: null, retryAfterMs: null } });

  it('offers the options for a missing setup or a refused key, Try again for a busy, slow or unreachable service, neither otherwise', async () => {
    const onOpenOptions = vi.fn();
    const onRetry = vi.fn();
    const card = (kind: ApiErrorInfo['kind']) => <HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={error(kind)} onOpenOptions={onOpenOptions} onRetry={onRetry} />;
    const { rerender } = render(card('not_configured'));
    for (const kind of ['not_configured', 'unauthorized', 'forbidden'] as const) {
      rerender(card(kind));
      expect(screen.getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Open Primer options' }));
    expect(onOpenOptions).toHaveBeenCalledTimes(1);
    for (const kind of ['rate_limited', 'timeout', 'network', 'server'] as const) {
      rerender(card(kind));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open Primer options' })).toBeNull();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    // Focus stays in the card while the briefing loads again.
    expect(screen.getByRole('button', { name: 'Close briefing' })).toHaveFocus();
    for (const kind of ['extension_reloaded', 'not_found'] as const) {
      rerender(card(kind));
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Open Primer options' })).toBeNull();
    }
  });
});

describe('HoverCard actions on errors', () => {
  const error = (kind: ApiErrorInfo['kind']) => ({ status: 'error' as const, error: { kind, message: 'x', status: null, code: null, retryAfterMs: null } });
  const card = (kind: ApiErrorInfo['kind']) => (
    <HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={error(kind)} onOpenOptions={() => undefined} onRetry={() => undefined} onOpenBriefing={() => undefined} onOpenMeeting={() => undefined} />
  );

  it('adds no landmarks to the page it opens on (no banner or contentinfo inside the dialog)', () => {
    // Its <header>/<footer> were exposed as the page's banner and contentinfo (role="dialog" is no
    // sectioning element): landmark navigation in Gmail or Calendar stopped in the card.
    render(card('server'));
    expect(screen.getByRole('dialog', { name: 'Briefing: Maya Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('puts the fix first, as the primary action, in the one row with Open briefing and the meeting', () => {
    const { rerender } = render(card('server'));
    for (const [kind, fix] of [['server', 'Try again'], ['unauthorized', 'Open Primer options']] as const) {
      rerender(card(kind));
      const buttons = screen.getAllByRole('button').filter((button) => button.closest('.actions'));
      expect(buttons.map((button) => button.textContent), kind).toEqual([fix, 'Open briefing', 'Brief the whole meeting']);
      expect(buttons.filter((button) => button.classList.contains('primary')).map((button) => button.textContent), kind).toEqual([fix]);
    }
  });

  it('keeps Open briefing primary where the card offers no fix, and offers no panel to a tab cut off by an update', () => {
    const { rerender } = render(card('not_found'));
    expect(screen.getByRole('button', { name: 'Open briefing' })).toHaveClass('primary');
    rerender(card('extension_reloaded'));
    expect(screen.getByRole('alert')).toHaveTextContent('Primer was updated. Reload this tab to use it.');
    expect(screen.queryByRole('button', { name: 'Open briefing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Brief the whole meeting' })).toBeNull();
  });
});

describe('HoverCard on a busy service that gave a wait', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('offers Try again only once the wait is over, and says why meanwhile', async () => {
    const onRetry = vi.fn();
    const busy = { status: 'error' as const, error: { kind: 'rate_limited' as const, message: 'x', status: 429, code: null, retryAfterMs: 30_000 } };
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={busy} onRetry={onRetry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('You can try again within a minute.');
    expect(screen.getByRole('alert')).toHaveTextContent('The service is busy. You can try again in 30 s.');
    act(() => button.click());
    expect(onRetry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('alert')).toHaveTextContent('You can try again in 20 s.');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAccessibleDescription();
    expect(screen.getByRole('alert')).not.toHaveTextContent('You can try again');
    act(() => button.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('HoverCard on an unavailable service that gave a wait (503 with Retry-After)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('says so and holds Try again until the wait is over', async () => {
    const onRetry = vi.fn();
    const down = { status: 'error' as const, error: { kind: 'server' as const, message: 'x', status: 503, code: null, retryAfterMs: 90_000 } };
    render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={down} onRetry={onRetry} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('The service is unavailable for the moment. You can try again in 2 min.');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    act(() => button.click());
    expect(onRetry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    act(() => button.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('HoverCard actions', () => {
  it('offers the briefing and the whole meeting only when it can open them', async () => {
    const person = vi.fn();
    const meeting = vi.fn();
    const { rerender } = render(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} />);
    expect(screen.queryByRole('button', { name: 'Open briefing' })).toBeNull();
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} onOpenBriefing={person} onOpenMeeting={meeting} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open briefing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Brief the whole meeting' }));
    expect(person).toHaveBeenCalledTimes(1);
    expect(meeting).toHaveBeenCalledTimes(1);
    rerender(<HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} onOpenBriefing={person} onOpenMeeting={null} />);
    expect(screen.queryByRole('button', { name: 'Brief the whole meeting' })).toBeNull();
  });

  it('names the button for everyone by what the person was found in: a meeting only for an event', () => {
    const names = (['event', 'thread', 'message', 'compose', 'list'] as const).map((kind) => {
      const { unmount } = render(
        <HoverCard match={maya} focusOnOpen={false} onClose={() => undefined} state={{ status: 'loading' }} onOpenMeeting={() => undefined} meetingKind={kind} />,
      );
      const [button] = screen.getAllByRole('button').filter((candidate) => candidate.textContent?.startsWith('Brief'));
      const name = button?.textContent;
      unmount();
      return name;
    });
    expect(names).toEqual([
      'Brief the whole meeting',
      'Brief everyone on this thread',
      'Brief everyone on this e-mail',
      'Brief everyone you are writing to',
      'Brief everyone in this list',
    ]);
  });
});

describe('placeCard', () => {
  const viewport = { width: 1000, height: 800 };
  const rect = (left: number, top: number, width = 100, height = 20) => ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

  it('keeps off the site’s own hover card: above the person, else beside the site’s card', () => {
    const card = { width: 300, height: 200 };
    // The site's card opened below the person: there is room above.
    const siteBelow = { left: 100, top: 524, right: 500, bottom: 724 };
    expect(placeCard(rect(100, 500), card, viewport, [siteBelow])).toEqual({ left: 100, top: 292, maxHeight: null });
    // No room above: below, to the right of the site's card.
    const siteBelowHigh = { left: 100, top: 124, right: 500, bottom: 324 };
    expect(placeCard(rect(100, 100), card, viewport, [siteBelowHigh])).toEqual({ left: 508, top: 128, maxHeight: null });
    // A site card elsewhere changes nothing.
    expect(placeCard(rect(100, 100), card, viewport, [{ left: 700, top: 600, right: 900, bottom: 700 }])).toEqual({ left: 100, top: 128, maxHeight: null });
    // Too tall for either side (it scrolls): still off the site's card, beside it.
    const tall = { width: 300, height: 900 };
    const siteAbove = { left: 100, top: 8, right: 420, bottom: 392 };
    expect(placeCard(rect(100, 400), tall, viewport, [siteAbove])).toEqual({ left: 100, top: 428, maxHeight: 364 });
    const siteOverBoth = { left: 100, top: 0, right: 420, bottom: 800 };
    expect(placeCard(rect(100, 400), tall, viewport, [siteOverBoth])).toEqual({ left: 428, top: 8, maxHeight: 384 });
    // Gmail's "show details" table open under the sender, the card too tall for above or below,
    // and beside the person over the table: whole beside the table, not cut to a scrolling strip
    // above the person.
    const details = { left: 313, top: 408, right: 953, bottom: 615 };
    expect(placeCard(rect(313, 344, 277, 20), { width: 300, height: 560 }, { width: 1280, height: 800 }, [details])).toEqual({ left: 961, top: 232, maxHeight: null });
    // Nowhere free: as without it, never over the person.
    const everywhere = { left: 0, top: 0, right: 1000, bottom: 800 };
    expect(placeCard(rect(100, 100), card, viewport, [everywhere])).toEqual({ left: 100, top: 128, maxHeight: null });
    // A short window (a laptop zoomed in), the person near its top, the site's card under them:
    // never a strip pushed past the window's top edge; whole beside the person (over the site's card) instead.
    const short = { width: 640, height: 400 };
    const siteUnder = { left: 100, top: 84, right: 460, bottom: 334 };
    const placed = placeCard({ left: 100, top: 60, right: 220, bottom: 80 }, { width: 300, height: 330 }, short, [siteUnder]);
    expect(placed.top).toBeGreaterThanOrEqual(0);
    expect(placed.top + (placed.maxHeight ?? 330)).toBeLessThanOrEqual(short.height);
    expect(placed).toEqual({ left: 228, top: 60, maxHeight: null });
  });

  it('goes below the person when it fits, above when not, never over them', () => {
    expect(placeCard(rect(100, 100), { width: 300, height: 200 }, viewport)).toEqual({ left: 100, top: 128, maxHeight: null });
    const high = placeCard(rect(100, 700), { width: 300, height: 200 }, viewport);
    expect(high).toEqual({ left: 100, top: 492, maxHeight: null });
    expect(high.top + 200).toBeLessThanOrEqual(700);
  });

  it('goes beside the person, whole, when it fits neither below nor above', () => {
    // The person in the middle of a short window: to the right, the whole card, never over them.
    const anchor = rect(100, 350, 100, 30);
    const right = placeCard(anchor, { width: 300, height: 600 }, viewport);
    expect(right).toEqual({ left: 208, top: 192, maxHeight: null });
    expect(right.left).toBeGreaterThanOrEqual(anchor.right);
    // No room on the right: to the left.
    expect(placeCard(rect(650, 350, 300, 30), { width: 300, height: 600 }, viewport)).toEqual({ left: 342, top: 192, maxHeight: null });
    // Taller than the window: beside, as tall as the window allows (it scrolls).
    expect(placeCard(anchor, { width: 300, height: 900 }, viewport)).toEqual({ left: 208, top: 8, maxHeight: 784 });
    // Near the top: level with the person, not above the window.
    expect(placeCard(rect(100, 300, 100, 30), { width: 300, height: 500 }, { width: 1000, height: 600 })).toEqual({ left: 208, top: 92, maxHeight: null });
  });

  it('caps the height on the roomier side when the card fits neither below, above nor beside', () => {
    // A person as wide as the window leaves no room beside them.
    const middle = placeCard(rect(100, 350, 800, 30), { width: 300, height: 600 }, viewport);
    expect(middle).toEqual({ left: 100, top: 388, maxHeight: 404 });
    const low = placeCard(rect(100, 500, 800, 30), { width: 300, height: 600 }, viewport);
    expect(low).toEqual({ left: 100, top: 8, maxHeight: 484 });
    expect(low.top + low.maxHeight!).toBeLessThanOrEqual(500);
  });

  it('keeps off the marker too where it sits outside the person’s box (after Outlook’s person button)', () => {
    const marker = (left: number, top: number) => ({ left, top, right: left + 16, bottom: top + 16 });
    // A short window: beside the person, right of the marker after them, not over it.
    const short = { width: 1800, height: 330 };
    const button = rect(100, 150, 100, 30);
    const beside = placeCard(button, { width: 300, height: 300 }, short, [], marker(204, 157));
    expect(beside).toEqual({ left: 228, top: 22, maxHeight: null });
    // Below a marker that wrapped onto the next line, and above one left of the person.
    expect(placeCard(rect(100, 100), { width: 300, height: 200 }, viewport, [], marker(100, 124))).toEqual({ left: 100, top: 148, maxHeight: null });
    expect(placeCard(rect(100, 700), { width: 300, height: 200 }, viewport, [], marker(100, 680))).toEqual({ left: 100, top: 472, maxHeight: null });
    // Off a site card too: the union is what the card keeps off.
    const siteBelow = { left: 100, top: 150, right: 500, bottom: 350 };
    const placed = placeCard(rect(100, 100), { width: 300, height: 200 }, viewport, [siteBelow], marker(100, 124));
    expect(placed).toEqual({ left: 508, top: 148, maxHeight: null });
    // A marker not laid out (hidden: an empty box at the corner) changes nothing.
    expect(placeCard(rect(100, 100), { width: 300, height: 200 }, viewport, [], { left: 0, top: 0, right: 0, bottom: 0 })).toEqual({ left: 100, top: 128, maxHeight: null });
  });

  it('stays inside the viewport horizontally', () => {
    expect(placeCard(rect(900, 100), { width: 300, height: 200 }, viewport).left).toBe(692);
    expect(placeCard(rect(-50, 100), { width: 300, height: 200 }, viewport).left).toBe(8);
  });
});
