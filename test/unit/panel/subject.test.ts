import { describe, expect, it } from 'vitest';
import { displayName, personKey, subjectOf, uniquePeople } from '@/lib/panel/subject';
import { keys } from '@/components/panel/data/keys';
import type { PanelTarget } from '@/lib/panel/target';
import { match, pagePerson, surface } from './fixtures';

const maya = match('m', 'Maya Chen', 'maya@example.com');
const target = (patch: Partial<PanelTarget>): PanelTarget => ({ tabId: 7, focus: null, page: null, status: null, ...patch });

describe('subjectOf', () => {
  it('briefs the person or meeting chosen on a card before anything the page shows', () => {
    const page = { site: 'gmail' as const, recognised: true, surfaces: [surface([pagePerson('A', 'a@x.com', null), pagePerson('B', 'b@x.com', null)])] };
    expect(subjectOf(target({ focus: { kind: 'person', match: maya }, page }))).toMatchObject({ kind: 'person', chosen: true, person: { match: maya } });
    const chosen = surface([pagePerson('C', 'c@x.com', null), pagePerson('D', 'd@x.com', null)], { title: 'Chosen' });
    expect(subjectOf(target({ focus: { kind: 'surface', surface: chosen }, page }))).toMatchObject({ kind: 'meeting', chosen: true, surface: { title: 'Chosen' } });
  });

  it('briefs one person for a view with one, a meeting for several, skipping lists', () => {
    const list = surface([pagePerson('L', 'l@x.com', null), pagePerson('M', 'm@x.com', null)], { kind: 'list' });
    const one = surface([pagePerson('Maya Chen', 'maya@example.com', maya)], { kind: 'thread' });
    expect(subjectOf(target({ page: { site: 'gmail', recognised: true, surfaces: [list, one] } }))).toMatchObject({ kind: 'person', chosen: false, person: { email: 'maya@example.com' } });
    const two = surface([pagePerson('A', 'a@x.com', null), pagePerson('B', 'b@x.com', null)]);
    expect(subjectOf(target({ page: { site: 'google-calendar', recognised: true, surfaces: [two] } }))).toMatchObject({ kind: 'meeting', chosen: false });
    expect(subjectOf(target({ page: { site: 'gmail', recognised: true, surfaces: [list] } }))).toEqual({ kind: 'nothing', reason: 'no-people' });
  });

  it('says why there is nothing to brief', () => {
    expect(subjectOf(target({ tabId: null }))).toEqual({ kind: 'nothing', reason: 'no-tab' });
    expect(subjectOf(target({}))).toEqual({ kind: 'nothing', reason: 'unsupported' });
    expect(subjectOf(target({ status: { recognised: false } }))).toEqual({ kind: 'nothing', reason: 'not-recognised' });
    expect(subjectOf(target({ page: { site: 'outlook', recognised: false, surfaces: [] } }))).toEqual({ kind: 'nothing', reason: 'not-recognised' });
    // Switched off in the options: that is why, whatever the layout (or an older report) says.
    expect(subjectOf(target({ page: { site: 'gmail', recognised: true, switchedOff: true, surfaces: [] }, status: { recognised: false } }))).toEqual({ kind: 'nothing', reason: 'switched-off', site: 'gmail' });
  });

  it('names people, and keys them by address, else the name shown, else contact', () => {
    expect(personKey({ email: 'X@Y.com', name: null, match: null })).toBe('email:x@y.com');
    expect(personKey({ email: null, name: 'Ann Lee', match: null })).toBe('name:ann lee');
    // The page's lookup finding the contact does not change the key of a person with an address,
    // nor of one shown by name only (Outlook).
    expect(personKey({ email: 'maya@example.com', name: null, match: maya })).toBe('email:maya@example.com');
    expect(personKey({ email: null, name: 'Maya Chen', match: match('m', 'Maya Chen', null, 'name') })).toBe(personKey({ email: null, name: 'Maya Chen', match: null }));
    expect(personKey({ email: null, name: ' ', match: match('m', null, null) })).toBe('contact:m');
    expect(displayName({ email: 'x@y.com', name: null, match: null })).toBe('x@y.com');
    expect(displayName({ email: null, name: null, match: null })).toBe('Unknown person');
  });

  it('lists each person once before deciding between a person and a meeting', () => {
    const twice = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Maya Chen', 'MAYA@example.com', null)], { kind: 'thread' });
    // Matched once, unmatched once: the same address, so the same person.
    const byAddress = surface([pagePerson('Ann', 'ann@x.com', null), pagePerson('Ann Lee', 'ANN@x.com', null)]);
    expect(subjectOf(target({ page: { site: 'gmail', recognised: true, surfaces: [byAddress] } }))).toMatchObject({ kind: 'person', person: { email: 'ann@x.com' } });
    const chosen = subjectOf(target({ focus: { kind: 'surface', surface: surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('B', 'b@x.com', null)]) } }));
    expect(chosen).toMatchObject({ kind: 'meeting' });
    expect(chosen.kind === 'meeting' ? chosen.surface.people : []).toHaveLength(2);
    expect(uniquePeople(twice.people)).toEqual([{ ...twice.people[0], roles: ['guest'] }]);
    // One contact reached at two addresses is one person.
    const twoAddresses = [pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Maya Chen', 'maya.chen@example.org', maya)];
    expect(uniquePeople(twoAddresses)).toHaveLength(1);
  });

  it('takes one name written in either order, in any spacing or case, for one person (as pages and the background match names)', () => {
    const byName = surface([pagePerson('Chen, Maya', null, null), pagePerson('Maya  CHEN', null, null)], { kind: 'thread' });
    expect(uniquePeople(byName.people)).toHaveLength(1);
    expect(subjectOf(target({ page: { site: 'outlook', recognised: true, surfaces: [byName] } }))).toMatchObject({ kind: 'person' });
    expect(keys.contact({ name: 'Chen, Maya' })).toEqual(keys.contact({ name: 'Maya Chen' }));
  });

  it('keeps the match by address of one contact the page shows by name and with an address, whichever comes first', () => {
    const mayaByName = match('m', 'Maya Chen', 'maya@example.com', 'name');
    const byNameFirst = [pagePerson('Maya Chen', null, mayaByName), pagePerson('Maya Chen', 'maya@example.com', maya)];
    expect(uniquePeople(byNameFirst)).toMatchObject([{ match: { matchedBy: 'email' } }]);
    expect(uniquePeople(byNameFirst.toReversed())).toMatchObject([{ match: { matchedBy: 'email' } }]);
  });

  it('never names anyone with an empty or blank name', () => {
    expect(displayName({ email: 'x@y.com', name: '', match: null })).toBe('x@y.com');
    expect(displayName({ email: null, name: '   ', match: null })).toBe('Unknown person');
    expect(displayName({ email: 'x@y.com', name: 'Page Name', match: match('m', '', 'maya@example.com') })).toBe('Page Name');
  });
});
