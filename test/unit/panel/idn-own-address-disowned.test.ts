/**
 * A person shown by name only, matched by name to a contact whose own address the page shows
 * beside the same name, is not a guess, with that contact's domain in either form: kept by the
 * service as "max@müller.de", shown by the page in ASCII as "max@xn--mller-kva.de". They stay
 * shown as matched, and the upload form offers them, while that row's own lookup has not answered
 * (or failed).
 */
import { expect, it } from 'vitest';
import type { PanelTarget } from '@/lib/panel/target';
import { disownedByName } from '@/lib/panel/subject';
import { draftFromTarget } from '@/lib/upload/draft';
import { match, pagePerson, surface } from './fixtures';

function page(stored: string, shown: string) {
  const max = match('max-mueller', 'Max Müller', stored, 'name');
  const people = [pagePerson('Max Müller', null, max), pagePerson('Max Müller', shown, null)];
  const target: PanelTarget = {
    tabId: 7,
    focus: null,
    status: null,
    page: { site: 'google-calendar', recognised: true, surfaces: [surface(people, { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })] },
  };
  return { people, target };
}

it('(as before) the same page with an ASCII domain is not disowned, and the form offers him', () => {
  const { people, target } = page('max@mueller.de', 'max@mueller.de');
  expect(disownedByName(people, people.map((person) => person.match))).toEqual([false, false]);
  expect(draftFromTarget(target).contacts.map((contact) => contact.id)).toContain('max-mueller');
});

it('does not disown a name match whose own address (stored with its domain in its own letters) the page shows', () => {
  const { people } = page('max@müller.de', 'max@xn--mller-kva.de');
  expect(disownedByName(people, people.map((person) => person.match))).toEqual([false, false]);
});

it('offers him on the upload form', () => {
  const { target } = page('max@müller.de', 'max@xn--mller-kva.de');
  expect(draftFromTarget(target).contacts.map((contact) => contact.id)).toContain('max-mueller');
});
