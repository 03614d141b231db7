import { describe, expect, it } from 'vitest';
import { outlookAdapter } from '@/lib/sites/outlook';
import { fixtureHtml, parse, readAll } from './fixtures';

/** Reads `html` as the live page at `path` (the adapter takes mail or calendar from the location). */
function readAt(path: string, html: string) {
  const before = window.location.href;
  window.history.replaceState(null, '', path);
  document.body.innerHTML = html;
  try {
    return readAll(outlookAdapter, document).map((surface) => ({ kind: surface.kind, people: surface.people.map((person) => [person.email, person.name, person.roles]) }));
  } finally {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', before);
  }
}

describe('Outlook calendar pages are never read as mail', () => {
  it('the calendar grid: a heading holding a button (navigation, a day header) is nobody', () => {
    const grid =
      '<div role="main" aria-label="calendar view, week of May 18, 2026">' +
      '<div role="heading" aria-level="2"><button type="button">Today</button></div>' +
      '<div role="heading" aria-level="3"><button type="button">18 Monday</button></div>' +
      '<div role="button" aria-label="Standup, 9:00 AM to 9:30 AM, Monday, May 18, 2026, By Chen, Maya, Busy">Standup</div></div>';
    expect(readAt('/calendar/view/week', grid)).toEqual([]);
  });

  it('an event whose attendee rows changed markup reads no one, even where its group headings hold a plain button', () => {
    const html = parse(
      fixtureHtml('outlook/calendar-event.html')
        .replace(/role="listitem"/g, 'role="presentation"')
        .replace(/ms-Persona/g, 'fui-Persona')
        .replace(/data-lpc-hover-target-id/g, 'data-x')
        .replace(/<h3 role="heading" aria-level="3">([^<]*\(\d+\))<\/h3>/g, '<h3 role="heading" aria-level="3"><button type="button">$1</button></h3>'),
    ).body.innerHTML;
    // Nobody: so the self-check (expectsPeople true, found nobody) reports the changed markup.
    expect(readAt('/calendar/item/AAMkAD', html).flatMap((surface) => surface.people)).toEqual([]);
  });
});
