/**
 * Whether an event came from the user (the browser's own), not from a page script: a page could
 * otherwise dispatch pointer, focus, key or click events to open a card on anyone it marked and
 * read it. Its own module so unit tests (whose DOM marks no event trusted) can stand in for it.
 */
export function fromUser(event: Event): boolean {
  return event.isTrusted;
}
