/**
 * Whether the page at `url` is a window a site opened empty and draws into itself (Outlook's
 * pop-out of a message, compose or event: about:blank). It has no address of its own: what it
 * shows is the opening page's choice.
 */
export function isDrawnWindow(url: string = location.href): boolean {
  return url.startsWith('about:');
}

/**
 * The document of the page that opened this drawn window (Outlook's own page), which shows the
 * account the pop-out is drawn for: the pop-out shows no account button of its own. Null anywhere
 * else, when nothing opened it, or when the opener is now another site (reading it throws).
 */
export function openerDocument(): Document | null {
  try {
    return (isDrawnWindow() && (opener as Window | null)?.document) || null;
  } catch {
    return null;
  }
}
