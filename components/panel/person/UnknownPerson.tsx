/** Someone the service does not know: said so, with how Primer looked. */
import type { ReactNode } from 'react';
import type { SubjectPerson } from '@/lib/panel/subject';
import { FindByEmailButton } from '../PersonSearch';

/** `action`: what to offer for someone not in Primer yet (upload a recording of a conversation with them). */
export function UnknownPersonNote({ person, action }: { person: SubjectPerson; action?: ReactNode }) {
  if (!person.email) {
    // No single contact has this name: none, or several (Primer does not guess between them). Not
    // "not in Primer": they may well be, under their address.
    return (
      <div className="empty-note" role="status">
        <p>
          <strong>Shown by name only.</strong> The page shows no address for them, and no single contact has exactly this full name.
        </p>
        <p className="subtle">Primer matches a name only when exactly one contact has it. Find them by their e-mail address instead.</p>
        <div className="section-action">
          <FindByEmailButton variant="secondary" />
        </div>
      </div>
    );
  }
  return (
    <div className="empty-note" role="status">
      <p>
        <strong>Not in Primer yet.</strong> The service has no contact with this address.
      </p>
      <p className="subtle">A briefing appears after a recorded conversation with them is processed.</p>
      {action}
    </div>
  );
}
