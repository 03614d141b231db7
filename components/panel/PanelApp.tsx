/**
 * The side panel: briefs what the active tab shows (or what the user chose on a card or searched
 * for). Views stack: from a meeting to one attendee to one recording, each with its way back.
 */
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { browser } from '#imports';
import { Button } from '@/components/ui/Button';
import { clearPanelFocus } from '@/lib/panel/target';
import type { TopicPeople } from '@/lib/format/meeting';
import { surfaceNoun } from '@/lib/format/surface';
import { displayName, personKey, subjectOf, surfaceOf, withoutPageMatches, type Subject, type SubjectPerson } from '@/lib/panel/subject';
import { watchSettings } from '@/lib/storage/settings-change';
import type { PanelTarget } from '@/lib/panel/target';
import type { PageContext, PageSurface } from '@/lib/panel/context';
import { MeetingBriefing } from './meeting/MeetingBriefing';
import { useRefreshOnUploads } from './data/useRefreshOnUploads';
import { useRefetchOnWake } from './data/useRefetchOnWake';
import { answersBefore, watchStartedOver } from './data/started-over';
import { NothingToBrief } from './NothingToBrief';
import { focusLost } from './focus-landing';
import { afterFirstBriefing } from './paint-mark';
import { PersonBriefing } from './person/PersonBriefing';
import { PersonSearch } from './PersonSearch';
import { PersonLabel } from './PersonLabel';
import { PanelAnnouncer } from './announcer';
import { SetupNotice } from './SetupNotice';
import { Skeleton } from './states/Skeleton';
import { usePanelBarHeight } from './usePanelBarHeight';
import { useDayChange } from './useDayChange';
import { usePanelTarget } from './usePanelTarget';
import { forgetSavedBriefings, useSaveBriefing } from './useSaveBriefing';

// Not needed for the first briefing: loaded when first shown.
const RecordingDetail = lazy(() => import('./recordings/RecordingDetail').then((module) => ({ default: module.RecordingDetail })));
const LazyUploadButton = lazy(() => import('./meeting/UploadRecordingButton').then((module) => ({ default: module.UploadRecordingButton })));

function UploadRecordingButton(props: { target: PanelTarget; label?: string }) {
  return (
    <Suspense fallback={null}>
      <LazyUploadButton {...props} />
    </Suspense>
  );
}

/**
 * `from`: an attendee opened from the briefing of a meeting (or conversation) of this kind: what
 * it avoids is said there too, in its words.
 */
/** `back`: what the way back names (a person's name isolated in it: backToPerson). */
type PersonView = { kind: 'person'; person: SubjectPerson; from?: PageSurface['kind']; back: ReactNode };
type RecordingView = { kind: 'recording'; id: string; back: string };
type View = (PersonView | RecordingView) & {
  /** Where keyboard focus was when this view was opened: it goes back there on "Back". */
  returnTo: HTMLElement | null;
  /** The address searched for, on a search's result: the search field holds it while the view is open. */
  searched?: string;
};
type NewView = PersonView | RecordingView;

/** The heading of the view on screen, which takes focus when the view changes under the user. */
function focusVisibleHeading(main: HTMLElement | null): void {
  const heading = main?.querySelector<HTMLElement>('[data-view]:not([hidden]) h1');
  heading?.focus();
}

/**
 * The recording view while its code loads (the first one opened): its way back and a heading,
 * where focus goes from the button that opened it (hidden with its view), instead of falling to
 * the document until the view arrives and focuses its own heading.
 */
function RecordingLoading({ back }: { back: ReactNode }) {
  return (
    <article className="recording-detail" aria-busy="true">
      {back}
      <h1 className="subject-title" tabIndex={-1}>
        Recording
      </h1>
      <Skeleton label="Loading the recording" />
    </article>
  );
}

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
}

/** The way back to a person, named as their view names them: the name isolated, as a right-to-left one would reorder "(matched by name)". */
function backToPerson(person: SubjectPerson): ReactNode {
  return (
    <>
      Back to <PersonLabel person={{ name: displayName(person), detail: null, matchedBy: person.match?.matchedBy ?? null }} />
    </>
  );
}

/** The way back from a search names what it returns to: the page, or what was chosen on a card. */
function backFromSearch(subject: Subject | null): ReactNode {
  if (subject?.kind === 'person' && subject.chosen) return backToPerson(subject.person);
  if (subject?.kind === 'meeting' && subject.chosen) return `Back to the ${surfaceNoun(subject.surface.kind)}`;
  return 'Back to this page';
}

/** What a meeting's avoid list says (topics, and whom each concerns), to tell a change from a new copy. */
function avoidsSignature(avoids: readonly TopicPeople[]): string {
  return JSON.stringify(avoids.map(({ topic, people }) => [topic, people.map((person) => [person.id, person.detail, person.matchedBy])]));
}

/**
 * The meeting, not who is in it now: a reply from someone new in the thread, a guest added, or two
 * entries found to be one contact do not take away the search or the attendee the user is reading.
 * Its first person (the organizer, the thread's sender) tells apart threads with one subject.
 * A message being written is titled by the subject being typed: every letter typed made a new
 * key, which closed the attendee open on it and drew the meeting again (view.ts sameView).
 */
function surfaceKey({ kind, title, when, people }: PageSurface): string {
  const named = kind === 'compose' ? '' : (title ?? '');
  return `meeting:${kind}:${named}:${when ?? ''}:${people[0]?.email ?? people[0]?.name ?? ''}`;
}

function subjectKey(subject: Subject): string {
  // A one-to-one is its meeting too: a guest added makes it a meeting, the same one.
  if (subject.kind === 'person') return subject.surface ? surfaceKey(subject.surface) : `person:${personKey(subject.person)}`;
  if (subject.kind === 'meeting') return surfaceKey(subject.surface);
  return `nothing:${subject.reason}`;
}

/**
 * Briefings fetched with other settings belong to another account: forget them, and ask again.
 * Returns how many times the settings changed while this panel was open, and the page that was
 * on screen at the last change (`shownPage`: the page read then), whose matches are the old service's.
 */
function useForgetOnSettingsChange(shownPage: RefObject<PageContext | null>): { changes: number; stalePage: PageContext | null } {
  const client = useQueryClient();
  const [{ changes, stalePage }, setChanged] = useState<{ changes: number; stalePage: PageContext | null }>({ changes: 0, stalePage: null });
  // Once per change: one save of the address and the key is one change.
  useEffect(() => {
    /** When the answers held were last forgotten (asked again once the views are drawn, below). */
    let forgotAt = -Infinity;
    const forget = () => {
      forgotAt = Date.now();
      void forgetSavedBriefings().catch(() => undefined);
      const page = shownPage.current;
      setChanged((before) => ({ changes: before.changes + 1, stalePage: page }));
    };
    const stopSettings = watchSettings(forget);
    // The background started over from settings changed out of the panel's sight (while the browser
    // was closed): forgotten alike when a view shows an answer from before. The announcement of a
    // change seen above forgets nothing twice: what was held then is being asked again already.
    const stopStartedOver = watchStartedOver((at) => {
      const shown = answersBefore(client, at).filter((query) => query.getObserversCount() > 0 && query.state.dataUpdatedAt > forgotAt);
      if (shown.length > 0) forget();
    });
    return () => {
      stopSettings();
      stopStartedOver();
    };
  }, [client, shownPage]);
  useEffect(() => {
    if (changes === 0) return;
    // After the views have been drawn for the change (the page's people unmatched, below): what is
    // asked again is what they show now, not the old contacts' briefings.
    // Not `clear()`: it drops queries from under the components showing them, so the old
    // account's briefing stayed on screen and a load under way was cancelled without a word
    // (its skeleton never ended). Loads under way are stopped, every answer is dropped (the
    // saved cache follows), and what is on screen asks again with the new settings.
    void client
      .cancelQueries()
      .then(() => client.resetQueries())
      .catch(() => undefined);
  }, [client, changes]);
  return { changes, stalePage };
}

export function Panel({ firstTarget, initialTarget }: { firstTarget?: Promise<PanelTarget>; initialTarget?: PanelTarget }) {
  // Dates are read as the briefings render: redrawn when the date changes (useDayChange.ts).
  useDayChange();
  const read = usePanelTarget(firstTarget, initialTarget);
  const shownPage = useRef<PageContext | null>(null);
  useEffect(() => {
    shownPage.current = read?.page ?? null;
  }, [read]);
  // The page's people as matched with the old settings name the old service's contacts (until
  // its content script has read them again, and reports only if its counts changed): asked about
  // by address, or name, instead of by those contact ids. Only that page: a page reported since
  // (a new object; the same one read again keeps its object) was matched with the new settings,
  // and the meeting's upload offers its contacts.
  const { changes: settingsChanges, stalePage } = useForgetOnSettingsChange(shownPage);
  const target = useMemo(() => (read?.page && read.page === stalePage ? withoutPageMatches(read) : read), [read, stalePage]);
  const subject = useMemo(() => (target ? subjectOf(target) : null), [target]);
  const key = subject ? subjectKey(subject) : '';
  // The stack belongs to the subject it was built on: a new page or choice starts over, and coming
  // back to this one later shows its briefing, not the view left open on it. And to the settings:
  // an attendee or a recording opened before they changed names the old service's contact or
  // recording, which the new service would be asked about (someone else there, or nothing).
  // And to the choice: "Open briefing" on the same person again comes back to them.
  const stackKey = `${settingsChanges}:${key}:${target?.focus?.chosenAt ?? ''}`;
  const [stacked, setStacked] = useState<{ key: string; views: View[] }>({ key: stackKey, views: [] });
  /** What the meeting below the stack is not to raise, as its briefings stand now (MeetingBriefing's onAvoids). */
  const [meetingAvoids, setMeetingAvoids] = useState<readonly TopicPeople[]>([]);
  const takeMeetingAvoids = useCallback(
    (next: readonly TopicPeople[]) => setMeetingAvoids((before) => (avoidsSignature(before) === avoidsSignature(next) ? before : next)),
    [],
  );
  // A search made before the page was read stays: the first read is no new page (it was dropped,
  // the field emptied, and nothing had shown).
  const unread = `${settingsChanges}::`;
  if (stacked.key !== stackKey) setStacked({ key: stackKey, views: stacked.key === unread ? stacked.views : [] });
  const stack = stacked.key === stackKey || stacked.key === unread ? stacked.views : [];
  const mainRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLElement>(null);
  usePanelBarHeight(barRef);
  /** Set when the view changes under the user: where focus goes once it is drawn. */
  const focusNext = useRef<HTMLElement | 'heading' | null>(null);
  /**
   * Counts the user's moves (open, back, find): each one moves focus, even when the stack keeps
   * its length (a second search replaces the first).
   */
  const [moves, setMoves] = useState(0);
  useRefreshOnUploads();
  const briefed = subject?.kind === 'person' || subject?.kind === 'meeting';
  const onBasePainted = useSaveBriefing(briefed && stack.length === 0 ? target?.savedKey : undefined, key);

  const setStack = (update: (views: View[]) => View[]) => {
    setStacked({ key: stackKey, views: update(stack) });
    setMoves((count) => count + 1);
  };
  const push = (view: NewView) => {
    const returnTo = focusedElement();
    focusNext.current = 'heading';
    setStack((views) => [...views, { ...view, returnTo }]);
  };
  const pop = () => {
    focusNext.current = stack.at(-1)?.returnTo ?? 'heading';
    setStack((views) => views.slice(0, -1));
  };
  // A search made from an attendee or a recording goes on top of it, so "Back" returns there; it
  // replaces only a search's result on top (a second search is no step to come back to).
  const find = (email: string) => {
    const returnTo = focusedElement();
    focusNext.current = 'heading';
    setStack((views) => {
      const kept = views.at(-1)?.searched ? views.slice(0, -1) : views;
      const below = kept.at(-1);
      const back = below ? (below.kind === 'person' ? backToPerson(below.person) : 'Back to the recording') : backFromSearch(subject);
      return [...kept, { kind: 'person', person: { email, name: null, match: null }, back, returnTo, searched: email }];
    });
  };
  const openRecording = (id: string) => push({ kind: 'recording', id, back: 'Back to the briefing' });

  // Earlier views stay mounted (hidden), so "Back" finds the very control the user left from. Runs
  // after each move, and each new target ("Back to this page" waits for the focus to be cleared).
  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    if (next !== 'heading' && next.isConnected) next.focus();
    else focusVisibleHeading(mainRef.current);
  }, [moves, target]);

  // A new page, choice or settings replace the views under the user: the control that had focus in
  // them went too, and focus fell to the document (the next Tab started over at the search field, a
  // screen reader said nothing of the new briefing). It goes to the new view's heading instead.
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element && mainRef.current?.contains(event.target) ? event.target : null;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  useEffect(() => {
    const last = lastFocused.current;
    if (last && (!last.isConnected || last.closest('[hidden]')) && focusLost()) focusVisibleHeading(mainRef.current);
  }, [stackKey]);

  // Escape goes back from a view opened on top (a recording, an attendee, a search's result), as
  // its Back button does; not while typing, where Escape belongs to the field, nor when something
  // else took it. Heard on the document: focus is on it once the user clicked text, or in the bar.
  const backOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || stack.length === 0) return;
    if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]')) return;
    event.preventDefault();
    pop();
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => backOnEscape(event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const backButton = (label: ReactNode): ReactNode => (
    <Button variant="secondary" className="back" onClick={pop} aria-keyshortcuts="Escape">
      <span aria-hidden="true">← </span>
      {label}
    </Button>
  );

  // For someone on this page the service does not know yet, as the meeting's list offers it.
  const uploadWithThem = target ? <UploadRecordingButton target={target} label="Upload a recording with them" /> : null;
  let base: ReactNode = null;
  // What was chosen on a card (a person, or a meeting as it was then) gives way to the page in view.
  const backToPage =
    subject && subject.kind !== 'nothing' && subject.chosen && target?.tabId ? (
      <Button
        variant="secondary"
        className="back"
        onClick={() => {
          focusNext.current = 'heading';
          void clearPanelFocus(target.tabId ?? 0);
        }}
      >
        <span aria-hidden="true">← </span>
        Back to this page
      </Button>
    ) : null;
  if (!subject) {
    // Not read yet.
  } else if (subject.kind === 'person') {
    const nav = backToPage;
    // A one-to-one meeting is briefed as its one person; its recording can still be uploaded.
    const oneToOne = !subject.chosen && target && surfaceOf(target)?.kind === 'event' ? <UploadRecordingButton target={target} /> : null;
    base = (
      <PersonBriefing
        key={key}
        person={subject.person}
        onOpenRecording={openRecording}
        onPainted={onBasePainted}
        // A one-to-one meeting offers its upload above already.
        unknownAction={oneToOne ? null : uploadWithThem}
        nav={
          nav || oneToOne ? (
            <>
              {nav}
              {oneToOne}
            </>
          ) : null
        }
      />
    );
  } else if (subject.kind === 'meeting') {
    base = (
      <MeetingBriefing
        key={key}
        surface={subject.surface}
        nav={backToPage}
        onPainted={onBasePainted}
        onOpenPerson={(person) => push({ kind: 'person', person, from: subject.surface.kind, back: `Back to the ${surfaceNoun(subject.surface.kind)}` })}
        onAvoids={takeMeetingAvoids}
        onOpenRecording={(id) => push({ kind: 'recording', id, back: `Back to the ${surfaceNoun(subject.surface.kind)}` })}
        meetingAction={target && subject.surface.kind === 'event' ? <UploadRecordingButton target={target} /> : null}
        unknownAction={
          target ? (
            <>
              <p className="subtle">Their briefings start with a processed recording of a conversation with them.</p>
              {/* Offered here too: in a large meeting the button under the title is far above this list. */}
              <UploadRecordingButton target={target} label={subject.surface.kind === 'event' ? 'Upload a recording of this meeting' : 'Upload a recording with them'} />
            </>
          ) : null
        }
      />
    );
  } else {
    base = <NothingToBrief subject={subject} />;
  }

  const views = stack.map((view, index) => (
    <div key={`${index}:${view.kind === 'person' ? personKey(view.person) : view.id}`} data-view hidden={index < stack.length - 1}>
      {view.kind === 'recording' ? (
        <Suspense fallback={<RecordingLoading back={backButton(view.back)} />}>
          <RecordingDetail id={view.id} onBack={pop} backLabel={view.back} />
        </Suspense>
      ) : (
        // Someone looked up by address may not be on this page: the upload offer is for people it shows.
        <PersonBriefing
          person={view.person}
          onOpenRecording={openRecording}
          nav={backButton(view.back)}
          unknownAction={view.searched ? null : uploadWithThem}
          meetingAvoids={view.from ? { avoids: meetingAvoids, kind: view.from } : undefined}
        />
      )}
    </div>
  ));

  return (
    <>
      <header className="panel-bar" ref={barRef}>
        <p className="brand">Primer</p>
        <PersonSearch onFind={find} shown={stack.findLast((view) => view.searched)?.searched ?? null} />
      </header>
      <main className="panel-main" ref={mainRef}>
        {/* Around the views: a load that failed for want of setup leaves saying so to the notice. */}
        <SetupNotice>
          <div data-view hidden={stack.length > 0}>
            {target === null ? <Skeleton label="Finding what to brief on this page" lines={1} /> : base}
          </div>
          {views}
        </SetupNotice>
        <PanelAnnouncer />
      </main>
    </>
  );
}

interface PanelAppProps {
  client: QueryClient;
  /**
   * Settles when the saved cache is restored into `client` (see data/persistence.ts). Queries do
   * not wait for it: what they fetch first wins, what is restored first shows first.
   */
  restored: Promise<void>;
  /** The target, asked for before React started. */
  firstTarget?: Promise<PanelTarget>;
  /** The target, when it was already read before React started. */
  initialTarget?: PanelTarget;
  /** When this panel load started (ms since the epoch): data older than this came from the saved cache. */
  startedAt?: number;
}

export function PanelApp({ client, restored, firstTarget, initialTarget, startedAt = 0 }: PanelAppProps) {
  useRefetchOnWake(client);
  useEffect(() => {
    let stop: () => void = () => undefined;
    let live = true;
    void restored.then(() => {
      if (!live) return;
      // What was restored is shown at once and asked for again (stale-while-revalidate on every
      // open), once the first briefing is on screen and without repeating what is on its way.
      stop = afterFirstBriefing(() => {
        void client.invalidateQueries(
          // Dated after now: saved while the clock was ahead (set back since), restored all the same.
          { predicate: ({ state }) => (state.dataUpdatedAt < startedAt || state.dataUpdatedAt > Date.now()) && state.fetchStatus === 'idle' },
          { cancelRefetch: false },
        );
      });
    });
    // Back online: what was shown from the last copy is asked for again at once. So is what failed
    // for want of access to a host, once it is given (the options' Allow): it has no interval of
    // its own meanwhile (copyAskAgainMs).
    const askAgain = () => void client.invalidateQueries(undefined, { cancelRefetch: false });
    globalThis.addEventListener('online', askAgain);
    browser.permissions.onAdded.addListener(askAgain);
    return () => {
      live = false;
      stop();
      globalThis.removeEventListener('online', askAgain);
      browser.permissions.onAdded.removeListener(askAgain);
    };
  }, [client, restored, startedAt]);
  return (
    <QueryClientProvider client={client}>
      <Panel firstTarget={firstTarget} initialTarget={initialTarget} />
    </QueryClientProvider>
  );
}
