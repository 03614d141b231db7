/**
 * Whether the page at `url` is a window a site opened empty and draws into itself (Outlook's
 * pop-out of a message, compose or event: about:blank). It has no address of its own: what it
 * shows is the opening page's choice.
 */
export function isDrawnWindow(url: string = location.href): boolean {
  return url.startsWith('about:');
}
