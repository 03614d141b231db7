/** When you last spoke and how often. */
import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { lastConversation, machineDate } from '@/lib/format/dates';
import { conversationsText } from '@/lib/format/provenance';
import { serverText } from '@/lib/format/text';
import { landFocusWhenGone } from '../focus-landing';

export function Conversations({ insights, now = new Date() }: { insights: Insights; now?: Date }) {
  const headingId = useId();
  const last = lastConversation(insights.lastConversationDate, now);
  // A date Primer cannot read (or tell: "11/12/2026") is shown as the server wrote it, as due dates are.
  const asWritten = last ? null : serverText(insights.lastConversationDate);
  // The day shown, machine-readably: never the server's text, which need be no valid dateTime.
  const dateTime = machineDate(insights.lastConversationDate) ?? undefined;
  // As where the briefing comes from says it: no count for none.
  const total = conversationsText(insights.totalConversations);
  if (!last && !asWritten && !total) return null;
  return (
    // Gone with a refresh while the user is on it: focus lands on the briefing's heading (focus-landing.ts).
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId} ref={landFocusWhenGone}>
      <h2 id={headingId} tabIndex={-1}>Conversations</h2>
      <dl className="facts">
        {last || asWritten ? (
          <div>
            <dt>Last</dt>
            <dd>
              {!last ? (
                asWritten
              ) : last.ago ? (
                <>
                  {last.ago}{' '}
                  <time className="subtle" dateTime={dateTime}>
                    ({last.date})
                  </time>
                </>
              ) : (
                <time dateTime={dateTime}>{last.date}</time>
              )}
            </dd>
          </div>
        ) : null}
        {total ? (
          <div>
            <dt>Total</dt>
            <dd>{total}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
