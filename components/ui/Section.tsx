import { useId, type ReactNode } from 'react';
import './ui.css';

/** A titled region of a page; the heading names the landmark. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="ui-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
