/** Why there is no briefing for this tab, and what to do about it. */
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import type { NothingReason, Subject } from '@/lib/panel/subject';
import { SITE_NAMES } from '@/lib/sites/types';
import { SiteAccessNote } from './SiteAccessNote';

const TEXT: Record<NothingReason, { title: string; body: string }> = {
  'no-tab': {
    title: 'Nothing to brief yet',
    body: 'Open a calendar event or an e-mail conversation, or find a person by e-mail above.',
  },
  unsupported: {
    title: 'Nothing to brief on this page',
    body:
      'Primer briefs the people on Google Calendar, Gmail and Outlook on the web. Open an event or a conversation there, or find a person by e-mail above. If this is one of them and it was opened before Primer was installed or updated, reload it.',
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

export function NothingToBrief({ subject }: { subject: Extract<Subject, { kind: 'nothing' }> }) {
  if (subject.reason === 'switched-off') {
    return (
      <div className="nothing" role="status">
        <h1 className="subject-title" tabIndex={-1}>Primer is switched off for {SITE_NAMES[subject.site]}</h1>
        <p>You switched Primer off for this site in its options: it reads no one here. Switch it on there to see briefings, or find a person by e-mail above.</p>
        <OpenOptionsButton />
      </div>
    );
  }
  const { reason } = subject;
  const { title, body } = TEXT[reason];
  return (
    <div className={reason === 'not-recognised' ? 'nothing warning' : 'nothing'} role="status">
      <h1 className="subject-title" tabIndex={-1}>{title}</h1>
      <p>{body}</p>
      {/* No Primer script answered: the user may have taken the sites' access from Primer. */}
      {reason === 'unsupported' ? <SiteAccessNote /> : null}
    </div>
  );
}
