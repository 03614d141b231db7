/**
 * A calendar event popped out of Outlook is drawn into an about:blank window (OWA's projection
 * pop-out), whose own path says neither mail nor calendar. Its base URL is the address of the page
 * that opened it (Chromium: `document.baseURI` in such a window is the opener's address): an event form there is the calendar's, its attendees guests, as it is
 * in the calendar's own tab, not a message being written.
 */
import { expect, it } from 'vitest';
import { outlookAdapter } from '@/lib/sites/outlook';
import { readAll } from './fixtures';

const chip = (name: string) => `<span contenteditable="false"><span class="individualText-151">${name}</span></span>`;
const FORM =
  '<div data-app-section="Form_Content"><input type="text" maxlength="255" value="Partnership planning">' +
  `<div contenteditable="true" aria-label="Invite required attendees">${chip('Maya Chen')}${chip('Daniel Weiss &lt;daniel.weiss@example.net&gt;')}</div>` +
  '<div contenteditable="true" aria-multiline="true" role="textbox" aria-label="Event body"></div></div>';

/**
 * The form drawn into an about:blank window a page at `opener` made: its address and base URL as
 * Chromium 156 gives them there (read in the e2e pop-out: URL about:blank, baseURI the opener's).
 */
function popout(opener: string) {
  const doc = document.implementation.createHTMLDocument('');
  Object.defineProperty(doc, 'URL', { value: 'about:blank' });
  Object.defineProperty(doc, 'baseURI', { value: opener });
  doc.body.innerHTML = FORM;
  return readAll(outlookAdapter, doc).map((surface) => ({ kind: surface.kind, roles: surface.people.map((person) => person.roles) }));
}

it('reads an event form popped out of the calendar as the event, its attendees as guests', () => {
  expect(popout('https://outlook.office.com/calendar/view/week')).toEqual([{ kind: 'event', roles: [['guest'], ['guest']] }]);
});

it('reads the same form popped out of mail as mail', () => {
  expect(popout('https://outlook.office.com/mail/inbox')).toEqual([{ kind: 'compose', roles: [['to'], ['to']] }]);
});
