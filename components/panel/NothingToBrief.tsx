/** Why there is no briefing for this tab, and what to do about it. */
import type { NothingReason } from '@/lib/panel/subject';

const TEXT: Record<NothingReason, { title: string; body: string }> = {
  'no-tab': {
    title: 'Nothing to brief yet',
    body: 'Open a calendar event or an e-mail conversation, or find a person by e-mail above.',
  },
  unsupported: {
    title: 'Nothing to brief on this page',
    body: 'Primer briefs the people on Google Calendar, Gmail and Outlook on the web. Open an event or a conversation there, or find a person by e-mail above.',
  },
  'not-recognised': {
    title: 'This page’s layout is not recognised',
    body: 'Primer could not find the people on this page: the site may have changed its layout. You can still find a person by e-mail above.',
  },
  'no-people': {
    title: 'No one to brief here',
    body: 'Open a calendar event or an e-mail conversation to brief the people in it, or find a person by e-mail above.',
  },
};

export function NothingToBrief({ reason }: { reason: NothingReason }) {
  const { title, body } = TEXT[reason];
  return (
    <div className={reason === 'not-recognised' ? 'nothing warning' : 'nothing'} role="status">
      <h1 className="subject-title" tabIndex={-1}>{title}</h1>
      <p>{body}</p>
    </div>
  );
}
