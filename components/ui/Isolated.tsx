/**
 * Text from the service or the page (names, topics) set inside Primer's own English sentences,
 * each isolated (`<bdi>`): an Arabic or Hebrew one keeps its own order without reordering the
 * commas, numbers and words around it ("2027 budget" torn from its topic).
 */
import { Fragment, type ReactNode } from 'react';

/** Pieces as a sentence lists them, each as given: "a, b, c", or with `and` "a, b and c". */
export function Listed({ items, and = false }: { items: readonly ReactNode[]; and?: boolean }) {
  return (
    <>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index === 0 ? null : and && index === items.length - 1 ? ' and ' : ', '}
          {item}
        </Fragment>
      ))}
    </>
  );
}

export function IsolatedList({ items }: { items: readonly string[] }) {
  return <Listed items={items.map((item, index) => <bdi key={index}>{item}</bdi>)} />;
}
