/**
 * Outlook's reading-pane header people are ARIA buttons that need not be <button> elements: the live
 * ARIA capture (gabeosx/outlook-web-skill `references/outlook-ui.md`) shows `heading "From: …"` holding
 * `button "From: …"` and one `button` per To/Cc recipient, and DOM snapshots of the same header
 * (the read-mode table of an Outlook adapter's design notes, found by `find_string aria-label^="To:"`)
 * show the sender as `span[aria-label="From: …"]`: a span that is a button by its role. Without a
 * persona-card attribute on it, such a sender or recipient was read as no one.
 */
import { expect, it } from 'vitest';
import { outlookAdapter } from '@/lib/sites/outlook';
import { fixtureHtml, parse, readAll } from './fixtures';

/** The reading-pane fixture with its header people as `span[role=button]`, no persona-card attribute. */
function spanButtons(html: string): string {
  return html.replace(/<button type="button" class="rcp ([^"]*)"([^>]*?) data-lpc-hover-target-id="[^"]*"([^>]*)>([^<]*)<\/button>/g, '<span role="button" tabindex="0" class="rcp $1"$2$3>$4</span>');
}

it('reads header people shown as role="button" spans, as it reads <button>s', () => {
  const plain = readAll(outlookAdapter, parse(fixtureHtml('outlook/reading-pane.html')))[0]!;
  const html = spanButtons(fixtureHtml('outlook/reading-pane.html'));
  expect(html).toContain('<span role="button" tabindex="0" class="rcp OZZZK" aria-label="From: Maya Chen">');
  expect(html).not.toMatch(/<button[^>]*class="rcp/);
  const [pane] = readAll(outlookAdapter, parse(html));
  const rows = (people: typeof plain.people) => people.map((person) => [person.email, person.name, person.roles]);
  expect(pane && rows(pane.people)).toEqual(rows(plain.people));
  expect(pane!.people.find((person) => person.roles.includes('sender'))).toMatchObject({ email: 'maya.chen@example.com', name: 'Maya Chen' });
});

it('still reads no toggle or overflow count shown as role="button" as a person', () => {
  const html = spanButtons(fixtureHtml('outlook/reading-pane.html')).replace(
    '<div role="heading" aria-level="3" class="date">',
    '<div role="heading" aria-level="3"><span class="lbl">Cc: </span><span role="button" tabindex="0">+12 others</span><span role="button" tabindex="0" aria-expanded="false">Show all</span></div><div role="heading" aria-level="3" class="date">',
  );
  const names = readAll(outlookAdapter, parse(html))[0]!.people.map((person) => person.name ?? person.email);
  expect(names).not.toContain('+12 others');
  expect(names).not.toContain('Show all');
});
