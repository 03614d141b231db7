/** Someone the service does not know: said so, with how Primer looked. */
import type { SubjectPerson } from '@/lib/panel/subject';

export function UnknownPersonNote({ person }: { person: SubjectPerson }) {
  return (
    <div className="empty-note" role="status">
      <p>
        <strong>Not in Primer yet.</strong>{' '}
        {person.email
          ? 'The service has no contact with this address.'
          : 'The page shows no address for them, and no single contact has exactly this full name.'}
      </p>
      <p className="subtle">A briefing appears after a recorded conversation with them is processed.</p>
    </div>
  );
}
