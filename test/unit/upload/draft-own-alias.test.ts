/**
 * The upload form's suggestions leave out the user shown under another of their addresses (an
 * alias the invitation went to) that the service knows as their own contact, as the panel does:
 * they are not offered as the primary contact of their own recording, nor picked when they are
 * the only contact found, nor counted twice among the speakers expected.
 */
import { expect, it } from 'vitest';
import type { PanelTarget } from '@/lib/panel/target';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { draftFromTarget } from '@/lib/upload/draft';
import { match, pagePerson, surface } from '../panel/fixtures';

// The user's own contact on the service: its primary address is the one the options name.
const me = match('me', 'Pat Morgan', 'pat@example.com');
const preferences = { ...DEFAULT_PREFERENCES, ownAddresses: ['pat@example.com'] };
const target = (people: ReturnType<typeof pagePerson>[]): PanelTarget => ({
  tabId: 7,
  focus: null,
  status: null,
  page: { site: 'google-calendar', recognised: true, surfaces: [surface(people, { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })] },
});

it('does not offer the user, shown under an alias the service knows as theirs, as the primary contact', () => {
  const dan = match('d', 'Daniel Weiss', 'dan@example.net');
  const draft = draftFromTarget(target([pagePerson('Pat Morgan', 'pat@example-corp.io', me), pagePerson('Daniel Weiss', 'dan@example.net', dan)]), preferences);
  expect(draft.contacts.map((contact) => contact.id)).toEqual(['d']);
});

it('does not preselect the user as the primary contact of a meeting with someone not in Primer', () => {
  const draft = draftFromTarget(target([pagePerson('Pat Morgan', 'pat@example-corp.io', me), pagePerson('Lee Park', 'lee@example.org', null)]), preferences);
  expect(draft.primaryContactId).toBeNull();
});

it('counts the user once among the speakers when the page lists them under such an alias', () => {
  const dan = match('d', 'Daniel Weiss', 'dan@example.net');
  const withAlias = draftFromTarget(target([pagePerson('Pat Morgan', 'pat@example-corp.io', me), pagePerson('Daniel Weiss', 'dan@example.net', dan)]), preferences);
  expect(withAlias.speakersExpected).toBe(2);
  // Not listed (the page left their address out): the user is one more than those listed.
  const without = draftFromTarget(target([pagePerson('Daniel Weiss', 'dan@example.net', dan), pagePerson('Lee Park', 'lee@example.org', null)]), preferences);
  expect(without.speakersExpected).toBe(3);
});
