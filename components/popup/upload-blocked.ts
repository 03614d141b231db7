/**
 * Whether the tab's lookup problem dooms an upload too: a key the service refused (401) fails the
 * upload's first request the same way. A key not allowed (403) was refused contacts, which says
 * nothing of uploads (a key may be scoped to them); a silent service or lost access may be over by
 * the time the user presses Upload: they block nothing.
 */
import { browser } from '#imports';
import type { LookupProblem } from '@/lib/storage/lookup-problem';

/** What the form says instead of looking ready; null when an upload may work. */
export function uploadBlockedText(problem: LookupProblem | null): string | null {
  return problem?.problem === 'key_refused'
    ? 'Uploads need a working API key, and the service refused this one. Enter a valid key in Primer’s options (the button above); Upload works again once it is saved.'
    : null;
}

/** Whether this page runs in a private window (`extension.inIncognitoContext`). */
function inPrivateWindow(): boolean {
  return (browser as unknown as { extension?: { inIncognitoContext?: boolean } }).extension?.inIncognitoContext === true;
}

/**
 * Firefox keeps a private window's pages apart from Primer's background page (a BroadcastChannel
 * does not cross between them): a recording picked there never arrived, and the form failed after
 * seconds of waiting. Said instead, with where uploads work.
 */
export function privateWindowBlock(firefox: boolean = import.meta.env.FIREFOX, privateWindow: () => boolean = inPrivateWindow): string | null {
  return firefox && privateWindow()
    ? 'Firefox keeps private windows apart from Primer, so a recording cannot be uploaded from one. Open Primer’s toolbar button in a normal window to upload it.'
    : null;
}
