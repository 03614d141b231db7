/**
 * Someone as the meeting names them, shown: the name isolated on its own, Primer's note after it
 * outside ("Dana Cohen (matched by name)"), a namesake's detail in an isolate of its own. One isolate
 * holding both took its direction from a Hebrew or Arabic name, and showed the note before the name.
 * Said in one string (an aria-label, an announcement), it is personLabel.
 */
import type { LabelledPerson } from '@/lib/format/meeting';
import { Listed } from '@/components/ui/Isolated';

export function PersonLabel({ person: { name, detail, matchedBy } }: { person: LabelledPerson }) {
  const byName = matchedBy === 'name';
  return (
    <>
      <bdi>{name}</bdi>
      {detail || byName ? (
        <>
          {' ('}
          {detail ? <bdi>{detail}</bdi> : null}
          {detail && byName ? ', ' : null}
          {byName ? 'matched by name' : null})
        </>
      ) : null}
    </>
  );
}

/** People named in a sentence: "A, B and C" (`and`), else "A, B, C", each as PersonLabel shows them. */
export function PeopleList({ people, and = false }: { people: readonly LabelledPerson[]; and?: boolean }) {
  return <Listed items={people.map((person, index) => <PersonLabel key={index} person={person} />)} and={and} />;
}
