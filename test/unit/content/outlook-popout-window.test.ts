/**
 * Outlook opens a message "in a new window" (and pops out a compose) as a window it creates and draws
 * into from the main window: Briskine, whose Outlook plugin reads those windows, needed
 * `match_about_blank` and an about:blank page pattern for "the outlook popup" (its manifest; PR #482
 * "the outlook open-email-in-new-window popup is a dynamically created frame"; commit 8bc382ff, 2025),
 * and Outlook's own popout code renders the popped-out tab into a target window (`owa-popout-v2`
 * projection, public source found by `find_string owa-popout-v2`). The page's address there is
 * about:blank, which the script's match patterns alone never cover: the people in a popped-out
 * message or compose were never marked.
 */
import { expect, it } from 'vitest';
import definition from '@/entrypoints/outlook.content';
import { OUTLOOK_MATCHES } from '@/lib/sites/matches';

it('runs in the windows Outlook pops out (about:blank, opened by an Outlook page), top frame only', () => {
  expect(definition.matches).toEqual(OUTLOOK_MATCHES);
  expect(definition.matchAboutBlank).toBe(true);
  // Only the top frame: an about:blank iframe inside Outlook (editors, hidden helpers) is no view.
  expect(definition.allFrames ?? false).toBe(false);
});
