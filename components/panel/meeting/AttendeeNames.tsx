/**
 * A meeting before Primer can brief anyone in it: not set up, or not allowed to contact the
 * service's host. Every attendee failed for that one reason, which the notice above says with what
 * to do; a card per person saying "No briefing (see above)", and a count of people who "could not
 * be looked up", said it again six times over. Here the attendees are only who is in the meeting.
 */
import { NO_ACCESS_CODE, toErrorInfo } from '@/lib/api/errors';
import type { SetupState } from '../SetupNotice';
import type { Attendee } from './attendees';

/** Why no one can be briefed yet, when that is all there is to say; null otherwise. */
export function nothingBriefable(attendees: readonly Attendee[], setup: SetupState): 'setup' | 'access' | null {
  const failed = attendees.flatMap(({ state }) => (state.status === 'failed' ? [toErrorInfo(state.error)] : []));
  // A briefing or an answer of "not in Primer" is proof the service can be asked.
  if (failed.length === 0 || attendees.some(({ state }) => state.status === 'briefed' || state.status === 'unknown' || state.status === 'loading')) return null;
  // Settings that look complete after all (a save under way): the failures say themselves, as ever.
  if (setup !== 'done' && failed.every(({ kind }) => kind === 'not_configured')) return 'setup';
  if (failed.every(({ code }) => code === NO_ACCESS_CODE)) return 'access';
  return null;
}

/** Who is in the meeting: names and addresses, nothing about briefings. */
export function AttendeeNames({ attendees }: { attendees: readonly Attendee[] }) {
  return (
    <ul className="unknown-people">
      {attendees.map((attendee) => (
        // Isolated as on attendees' cards: an Arabic name must not pull the address into its run.
        <li key={attendee.key}>
          <bdi>{attendee.name}</bdi>
          {attendee.person.email && attendee.person.email !== attendee.name ? (
            <span className="subtle">
              {' '}
              <bdi>{attendee.person.email}</bdi>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
