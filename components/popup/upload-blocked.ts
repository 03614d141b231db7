/**
 * Whether the tab's lookup problem dooms an upload too: a key the service refused (401) or does not
 * allow (403) would fail the upload's first request the same way. A silent service or lost access
 * may be over by the time the user presses Upload, so they block nothing.
 */
import type { LookupProblem } from '@/lib/storage/lookup-problem';

/** What the form says instead of looking ready; null when an upload may work. */
export function uploadBlockedText(problem: LookupProblem | null): string | null {
  switch (problem?.problem) {
    case 'key_refused':
      return 'Uploads need a working API key, and the service refused this one. Enter a valid key in Primer’s options (the button above); Upload works again once it is saved.';
    case 'key_forbidden':
      return 'Uploads need an API key the service allows, and this one may not look up contacts. Enter a key that may in Primer’s options (the button above); Upload works again once it is saved.';
    default:
      return null;
  }
}
