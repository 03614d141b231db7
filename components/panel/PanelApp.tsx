/**
 * The side panel: briefs what the active tab shows (or what the user chose on a card or searched
 * for). Views stack: from a meeting to one attendee to one recording, each with its way back.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { clearPanelFocus } from '@/lib/panel/target';
import { personKey, subjectOf, surfaceOf, type Subject, type SubjectPerson } from '@/lib/panel/subject';
import { sealedApiKeyItem, serviceUrlItem } from '@/lib/storage/items';
import type { PanelTarget } from '@/lib/panel/target';
import { MeetingBriefing } from './meeting/MeetingBriefing';
import { UploadRecordingButton } from './meeting/UploadRecordingButton';
import { useRefreshOnUploads } from './data/useRefreshOnUploads';
import { NothingToBrief } from './NothingToBrief';
import { PersonBriefing } from './person/PersonBriefing';
import { PersonSearch } from './PersonSearch';
import { RecordingDetail } from './recordings/RecordingDetail';
import { SetupNotice } from './SetupNotice';
import { usePanelTarget } from './usePanelTarget';

type View = { kind: 'person'; person: SubjectPerson; back: string } | { kind: 'recording'; id: string; back: string };

function subjectKey(subject: Subject): string {
  if (subject.kind === 'person') return `person:${personKey(subject.person)}`;
  if (subject.kind === 'meeting') return `meeting:${subject.surface.title ?? ''}:${subject.surface.people.map((p) => p.email ?? p.name).join(',')}`;
  return `nothing:${subject.reason}`;
}

/** Briefings fetched with other settings belong to another account: forget them. */
function useForgetOnSettingsChange() {
  const client = useQueryClient();
  useEffect(() => {
    const forget = () => {
      client.clear();
    };
    const unwatch = [serviceUrlItem.watch(forget), sealedApiKeyItem.watch(forget)];
    return () => unwatch.forEach((stop) => stop());
  }, [client]);
}

export function Panel({ firstTarget }: { firstTarget?: Promise<PanelTarget> }) {
  const target = usePanelTarget(firstTarget);
  const subject = useMemo(() => (target ? subjectOf(target) : null), [target]);
  const key = subject ? subjectKey(subject) : '';
  // The stack belongs to the subject it was built on: a new page or choice starts over.
  const [stacked, setStacked] = useState<{ key: string; views: View[] }>({ key: '', views: [] });
  const stack = stacked.key === key ? stacked.views : [];
  useForgetOnSettingsChange();
  useRefreshOnUploads();

  const setStack = (update: (views: View[]) => View[]) => setStacked({ key, views: update(stack) });
  const push = (view: View) => setStack((views) => [...views, view]);
  const pop = () => setStack((views) => views.slice(0, -1));
  const find = (email: string) => setStack(() => [{ kind: 'person', person: { email, name: null, match: null }, back: 'Back to this page' }]);
  const openRecording = (back: string) => (id: string) => push({ kind: 'recording', id, back });

  const top = stack.at(-1);
  const backButton = (label: string): ReactNode => (
    <Button variant="secondary" className="back" onClick={pop}>
      ← {label}
    </Button>
  );

  let content: ReactNode;
  if (top?.kind === 'recording') {
    content = <RecordingDetail key={top.id} id={top.id} onBack={pop} backLabel={top.back} />;
  } else if (top?.kind === 'person') {
    content = (
      <PersonBriefing key={personKey(top.person)} person={top.person} onOpenRecording={openRecording('Back to the briefing')} nav={backButton(top.back)} />
    );
  } else if (!subject) {
    content = null;
  } else if (subject.kind === 'person') {
    const nav =
      subject.chosen && target?.tabId ? (
        <Button variant="secondary" className="back" onClick={() => void clearPanelFocus(target.tabId ?? 0)}>
          ← Back to this page
        </Button>
      ) : null;
    // A one-to-one meeting is briefed as its one person; its recording can still be uploaded.
    const oneToOne = !subject.chosen && target && surfaceOf(target)?.kind === 'event' ? <UploadRecordingButton target={target} /> : null;
    content = (
      <PersonBriefing
        key={key}
        person={subject.person}
        onOpenRecording={openRecording('Back to the briefing')}
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
    content = (
      <MeetingBriefing
        key={key}
        surface={subject.surface}
        onOpenPerson={(person) => push({ kind: 'person', person, back: 'Back to the meeting' })}
        meetingAction={target && subject.surface.kind === 'event' ? <UploadRecordingButton target={target} /> : null}
        unknownAction={
          target ? (
            <>
              <p className="subtle">Their briefings start with a processed recording of a conversation with them.</p>
              {subject.surface.kind === 'event' ? null : <UploadRecordingButton target={target} label="Upload a recording with them" />}
            </>
          ) : null
        }
      />
    );
  } else {
    content = <NothingToBrief reason={subject.reason} />;
  }

  return (
    <>
      <header className="panel-bar">
        <p className="brand">Primer</p>
        <PersonSearch onFind={find} />
      </header>
      <main className="panel-main">
        <SetupNotice />
        {target === null ? <div className="skeleton-line" aria-hidden="true" /> : content}
      </main>
    </>
  );
}

interface PanelAppProps {
  client: QueryClient;
  /** Settles when the saved cache is restored into `client` (see data/persistence.ts). */
  restored: Promise<void>;
  /** The target, asked for before React started. */
  firstTarget?: Promise<PanelTarget>;
}

export function PanelApp({ client, restored, firstTarget }: PanelAppProps) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let live = true;
    void restored.then(() => {
      if (!live) return;
      setRestoring(false);
      // What was restored is shown at once and asked for again: stale-while-revalidate on every open.
      void client.invalidateQueries();
    });
    return () => {
      live = false;
    };
  }, [client, restored]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <Panel firstTarget={firstTarget} />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
