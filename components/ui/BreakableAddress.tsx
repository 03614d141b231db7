/**
 * An e-mail address (or any text that may be one) that, when it must wrap, wraps after the "@" and
 * before a dot ("nobody@" / "unknown.example") rather than wherever the line ends ("exampl" / "e").
 * The text and what a screen reader says are unchanged: only <wbr> break opportunities are added.
 */
import { Fragment } from 'react';

export function BreakableAddress({ text }: { text: string }) {
  if (!text.includes('@')) return <>{text}</>;
  // Pieces ending in "@", and pieces starting with "." (the break goes before the dot).
  const pieces = text.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
