import { useId, type ReactNode } from 'react';
import './ui.css';

/**
 * A titled region of a page; the heading names the landmark, and takes focus (focus-landing.ts)
 * when a button in the section goes away as it is pressed.
 */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="ui-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>{title}</h2>
      {children}
    </section>
  );
}
