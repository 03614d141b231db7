/** Who is being briefed: name, address, role at their company, and how they were matched. */
import { Fragment } from 'react';
import { nonBlank } from '@/lib/format/text';
import { withMatchNote, type ContactMatch } from '@/lib/models';
import { BreakableAddress } from '@/components/ui/BreakableAddress';

interface PersonHeaderProps {
  match: ContactMatch | null;
  /** As the page showed them, for people the service does not know. */
  fallbackName: string;
  fallbackEmail: string | null;
}

export function PersonHeader({ match, fallbackName, fallbackEmail }: PersonHeaderProps) {
  const contact = match?.contact;
  const name = nonBlank(contact?.name) ?? fallbackName;
  const email = nonBlank(contact?.email) ?? nonBlank(fallbackEmail);
  const byName = match?.matchedBy === 'name';
  const role = [contact?.title, contact?.company].filter((part): part is string => Boolean(part));
  return (
    <header className="person-header">
      {/* Named as written: some name computations (jsdom's) put a space at each <wbr>. With the name
          match: focus lands here as the briefing opens, and the heading is read alone. */}
      <h1 className="subject-title" tabIndex={-1} aria-label={byName || name.includes('@') ? withMatchNote(name, match?.matchedBy) : undefined}>
        <BreakableAddress text={name} />
      </h1>
      {email && email !== name ? (
        <p className="subtle">
          <BreakableAddress text={email} />
        </p>
      ) : null}
      {/* Each part isolated: a Hebrew title beside "3M" read "3 · מנהלת מוצרM", its digits drawn into the Hebrew. */}
      {role.length > 0 ? (
        <p className="subtle">
          {role.map((part, i) => (
            <Fragment key={i}>
              {i > 0 ? ' · ' : null}
              <bdi>{part}</bdi>
            </Fragment>
          ))}
        </p>
      ) : null}
      {byName ? (
        <>
          {/* For the eye: the title's name says it already. */}
          <p className="badge" aria-hidden="true">
            matched by name
          </p>
          {/* Said as text, not a tooltip: a tooltip reaches neither the keyboard nor touch. */}
          <p className="subtle">The page showed no address; one contact has exactly this full name.</p>
        </>
      ) : null}
    </header>
  );
}
