/**
 * The same person shown twice, by name only (matched by name to the service's only Sofia Alvarez)
 * and with her own address (the contact's) whose row's lookup has not answered (failed, or still
 * pending as the user opens the form): the page confirms the match rather than contradicts it, so
 * the upload form offers and picks her.
 */
import { expect, it } from 'vitest';
import type { PanelTarget } from '@/lib/panel/target';
import { draftFromTarget } from '@/lib/upload/draft';
import { disownedByName } from '@/lib/panel/subject';
import { match, pagePerson, surface } from '../panel/fixtures';

const sofia = match('sofia-globex', 'Sofia Alvarez', 'sofia.alvarez@globex.example', 'name');
const people = [pagePerson('Sofia Alvarez', null, sofia), pagePerson('Sofia Alvarez', 'sofia.alvarez@globex.example', null)];
const target: PanelTarget = {
  tabId: 7,
  focus: null,
  status: null,
  page: { site: 'google-calendar', recognised: true, surfaces: [surface(people, { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })] },
};

it('does not disown a name match whose own address the page shows', () => {
  expect(disownedByName(people, people.map((person) => person.match))).toEqual([false, false]);
});

it('offers and picks her on the upload form', () => {
  const draft = draftFromTarget(target);
  expect(draft.contacts.map((contact) => contact.id)).toContain('sofia-globex');
  expect(draft.primaryContactId).toBe('sofia-globex');
});
