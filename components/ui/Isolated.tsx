/**
 * Text from the service or the page (names, topics) set inside Primer's own English sentences,
 * each isolated (`<bdi>`): an Arabic or Hebrew one keeps its own order without reordering the
 * commas, numbers and words around it ("2027 budget" torn from its topic).
 */
import { Fragment } from 'react';

export function IsolatedList({ items }: { items: readonly string[] }) {
  return (
    <>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 ? ', ' : null}
          <bdi>{item}</bdi>
        </Fragment>
      ))}
    </>
  );
}
