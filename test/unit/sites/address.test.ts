import { describe, expect, it } from 'vitest';
import { PeopleCollector, addressesIn, isAddress, isHidden, nameOrNull, normaliseAddress, normaliseText, parseNameAndAddress, roleForLabel, shownText } from '@/lib/sites/address';
import { parse } from './fixtures';

describe('address helpers', () => {
  it('validates, trims and lowercases addresses', () => {
    expect(normaliseAddress('  Jonas.Berg@Example.org ')).toBe('jonas.berg@example.org');
    expect(normaliseAddress('mailto:Maya.Chen@example.com?subject=hi')).toBe('maya.chen@example.com');
    for (const bad of ['', 'a@b', 'x@@example.com', 'two words@example.com', '<x@example.com>', 'a@example.', '@example.com', 'a@-example.com', 'img src=x onerror="window.__pwned=1"', `${'a'.repeat(65)}@example.com`]) {
      expect(normaliseAddress(bad), bad).toBeNull();
    }
    expect(isAddress('first.o\'neil+tag@sub.example.co.uk')).toBe(true);
    expect(addressesIn('Google Account: Primer Tester  \n(Me@Primer-User.example)')).toEqual(['me@primer-user.example']);
  });

  it('parses "Name <addr>", an address alone and a name alone; an invalid <…> stays part of the name', () => {
    expect(parseNameAndAddress(' Sofia Alvarez  <Sofia.Alvarez@example.com> ')).toEqual({ name: 'Sofia Alvarez', email: 'sofia.alvarez@example.com' });
    expect(parseNameAndAddress('<drew.ellis@unknown.example>')).toEqual({ name: null, email: 'drew.ellis@unknown.example' });
    expect(parseNameAndAddress('Jonas.Berg@Example.org')).toEqual({ name: null, email: 'jonas.berg@example.org' });
    expect(parseNameAndAddress('<img src=x onerror="window.__pwned=1">')).toEqual({ name: '<img src=x onerror="window.__pwned=1">', email: null });
    expect(parseNameAndAddress('" onmouseover="window.__pwned=1 <attr-name@unknown.example>')).toEqual({ name: '" onmouseover="window.__pwned=1', email: 'attr-name@unknown.example' });
    expect(parseNameAndAddress('Berg, Jonas')).toEqual({ name: 'Berg, Jonas', email: null });
    expect(parseNameAndAddress('   ')).toEqual({ name: null, email: null });
  });

  it('normalises text and treats an address shown as a name as no name', () => {
    expect(normaliseText('  a \n\t b ')).toBe('a b');
    expect(normaliseText(' ')).toBeNull();
    expect(normaliseText('')).toBeNull();
    // Text already normal comes back as is; any other whitespace (NBSP, tabs, a trailing space) is normalised.
    expect(normaliseText('Maya Chen')).toBe('Maya Chen');
    expect(normaliseText('Maya\u00a0Chen')).toBe('Maya Chen');
    expect(normaliseText('Maya\tChen')).toBe('Maya Chen');
    expect(normaliseText('Maya Chen ')).toBe('Maya Chen');
    expect(normaliseText('\u2003Maya')).toBe('Maya');
    expect(nameOrNull('Jonas.Berg@Example.org')).toBeNull();
    expect(nameOrNull(' Maya  Chen ')).toBe('Maya Chen');
  });

  it('maps header labels in several languages', () => {
    expect(roleForLabel('To:')).toBe('to');
    expect(roleForLabel('An:')).toBe('to');
    expect(roleForLabel('À :')).toBe('to');
    expect(roleForLabel('Cc :')).toBe('cc');
    expect(roleForLabel('Cci :')).toBe('bcc');
    expect(roleForLabel('from:')).toBe('sender');
    expect(roleForLabel('mailed-by:')).toBeNull();
    expect(roleForLabel(null)).toBeNull();
  });

  it('collects people: dedupe by address (merging roles and elements), by exact name for name-only', () => {
    const doc = parse('<p><span id=a></span><span id=b></span><span id=c></span></p>');
    const [a, b, c] = ['a', 'b', 'c'].map((id) => doc.getElementById(id)!);
    const people = new PeopleCollector();
    expect(people.add('Daniel.Weiss@example.net', null, 'cc', a!)).toBe('daniel.weiss@example.net');
    people.add('daniel.weiss@example.net', 'Daniel Weiss', 'sender', b!);
    people.add('daniel.weiss@example.net', 'Other', 'cc', b!);
    expect(people.add('room@resource.calendar.google.com', 'Room', 'guest', c!)).toBeNull();
    expect(people.add('Room@Resource.Calendar.Google.com', 'Room', 'guest', c!)).toBeNull();
    expect(people.add('bogus', 'Bogus', 'to', c!)).toBeNull();
    people.addName('Alex Kim', 'to', c!);
    people.addName('Alex  Kim', 'cc', a!);
    people.addName('alex kim', 'cc', a!);
    expect(people.people()).toEqual([
      { email: 'daniel.weiss@example.net', name: 'Daniel Weiss', roles: ['sender', 'cc'], elements: [a, b] },
      { email: null, name: 'Alex Kim', roles: ['to', 'cc'], elements: [c, a] },
      { email: null, name: 'alex kim', roles: ['cc'], elements: [a] },
    ]);
  });

  it('sees hidden ancestors and skips aria-hidden text and Primer markers', () => {
    const doc = parse('<div id=o style="display:none"><p id=p>x</p></div><div aria-hidden="true"><i id=i></i></div><b id=b><span aria-hidden="true">MC</span>Maya <span data-primer-marker="email">•</span>Chen</b>');
    expect(isHidden(doc.getElementById('p')!)).toBe(true);
    expect(isHidden(doc.getElementById('i')!)).toBe(true);
    expect(isHidden(doc.getElementById('b')!)).toBe(false);
    expect(shownText(doc.getElementById('b')!)).toBe('Maya Chen');
  });
});
