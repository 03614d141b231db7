/**
 * The system notification when a recording is processed is plain text: Primer's sentence around
 * the recording's title and the contact's name. The title is prefilled from the page's event (an
 * invitation's title is whatever its sender typed) and the name comes from the page or the
 * service; neither is isolated. A title holding U+202E RIGHT-TO-LEFT OVERRIDE (or U+202B, U+2067…)
 * turns all of Primer's words after it backwards in the notification:
 *   “Invoice‮” is ready; Maya Chen’s briefing is up to date.
 * shows as “Invoice.etad ot pu si gnifeirb s’nehC ayaM ;ydaer si ”. Text that cannot hold <bdi>
 * isolates with U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE (which also closes any
 * override left open inside), or drops the controls. A stray U+2069 in the title would close that
 * isolate early and leave an override after it open.
 */
import { expect, it } from 'vitest';
import { announcementOf } from '@/lib/background/uploads';
import { record } from '../popup/records';

/** How many embeddings, overrides or isolates are still open at `index` of `text` (UAX #9, simplified). */
function openAt(text: string, index: number): number {
  const stack: ('embed' | 'isolate')[] = [];
  for (const char of text.slice(0, index)) {
    if ('\u202A\u202B\u202D\u202E'.includes(char)) stack.push('embed');
    else if (char === '\u202C' && stack.at(-1) === 'embed') stack.pop();
    else if ('\u2066\u2067\u2068'.includes(char)) stack.push('isolate');
    else if (char === '\u2069') {
      const last = stack.lastIndexOf('isolate');
      if (last !== -1) stack.length = last;
    }
  }
  return stack.length;
}

it('leaves no override from the title or the name open over Primer’s own words', () => {
  const base = record({ state: 'completed' });
  const byTitle = announcementOf(record({ state: 'completed', meta: { ...base.meta, title: 'Invoice\u202E' } })).message;
  expect(byTitle).toContain('is ready');
  expect(openAt(byTitle, byTitle.indexOf(' is ready')), `open at “is ready” in ${JSON.stringify(byTitle)}`).toBe(0);
  const byName = announcementOf(record({ state: 'completed', meta: { ...base.meta, primaryContactName: 'Maya\u202E Chen' } })).message;
  expect(openAt(byName, byName.indexOf('briefing is up to date')), `open at “briefing is up to date” in ${JSON.stringify(byName)}`).toBe(0);
  const byStrayClose = announcementOf(record({ state: 'completed', meta: { ...base.meta, title: 'Invoice\u2069\u202E' } })).message;
  expect(openAt(byStrayClose, byStrayClose.indexOf(' is ready')), `open at “is ready” in ${JSON.stringify(byStrayClose)}`).toBe(0);
  const byFailure = announcementOf(record({ state: 'failed', error: 'Bad\u202E audio' })).message;
  expect(openAt(byFailure, byFailure.length), `open at the end of ${JSON.stringify(byFailure)}`).toBe(0);
});
