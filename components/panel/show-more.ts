/**
 * A long list drawn a part at a time: the first `first` items, more on request. Focus moves to the
 * first item added (each item is focusable from script: tabIndex -1), so a keyboard user goes on
 * reading where the list grew, not from the button now below it.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function useShowMore(total: number, first: number) {
  const [shown, setShown] = useState(first);
  const listRef = useRef<HTMLOListElement & HTMLUListElement>(null);
  const landAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (landAt.current === null) return;
    (listRef.current?.children[landAt.current] as HTMLElement | undefined)?.focus();
    landAt.current = null;
  }, [shown]);
  const visible = Math.min(shown, total);
  const more = (count: number = total) => {
    landAt.current = visible;
    setShown(visible + count);
  };
  return { shown: visible, left: total - visible, listRef, more };
}
