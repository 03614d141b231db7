import { describe, expect, it } from 'vitest';
import { PeopleCollector, addressesIn, holdsOutsideNested, isAddress, nestedRoots, isHidden, nameOrNull, normaliseAddress, normaliseText, parseNameAndAddress, roleForLabel, shownText } from '@/lib/sites/address';
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

  it('accepts exactly the addresses the RFC-style host pattern accepts (labels of 1-63, no hyphen at an end, a letter first in the last)', () => {
    // The pattern isAddress replaced: one regular expression counting each label's length.
    const reference = (value: string) =>
      value.length <= 254 &&
      value.lastIndexOf('@') > 0 &&
      value.lastIndexOf('@') <= 64 &&
      /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(value);
    const hosts = ['example.com', 'a.b', 'a.b1', 'a.1b', 'a-.com', '-a.com', 'a.com-', 'a..com', '.a.com', 'a.com.', 'x-y.z-w.io', 'B.CO', `${'h'.repeat(63)}.com`, `${'h'.repeat(64)}.com`, `a.${'t'.repeat(63)}`, `a.${'t'.repeat(64)}`, 'a.b-', 'a.b--c', '1.2.3.4', 'a', 'a_b.com', 'xn--bcher-kva.example'];
    const locals = ['a', 'first.last', 'o\'neil+tag', '.a', 'a.', 'a..b', 'a b', '', 'x'.repeat(64), 'x'.repeat(65)];
    let compared = 0;
    for (const local of locals) {
      for (const host of hosts) {
        const value = `${local}@${host}`;
        expect(isAddress(value), value).toBe(reference(value));
        compared++;
      }
    }
    // A generated sample of short strings over the characters that matter.
    const alphabet = ['a', 'Z', '1', '-', '.', '@'];
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      let value = '';
      const length = 3 + (i % 9);
      for (let c = 0; c < length; c++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        value += alphabet[seed % alphabet.length];
      }
      expect(isAddress(value), value).toBe(reference(value));
      compared++;
    }
    expect(compared).toBe(locals.length * hosts.length + 3000);
    // Sentence punctuation after an address found in text is not part of it.
    expect(addressesIn('Write to Maya.Chen@Example.com. Or jo@example.org- soon')).toEqual(['maya.chen@example.com', 'jo@example.org']);
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
    // Shared, holiday and imported calendars: an event on one names it as its organizer.
    expect(people.add('c_8f1e2d3c4b5a@group.calendar.google.com', 'Team Offsite', 'organizer', c!)).toBeNull();
    expect(people.add('en.usa#holiday@group.v.calendar.google.com', 'Holidays', 'organizer', c!)).toBeNull();
    expect(people.add('abc123@import.calendar.google.com', 'Imported', 'organizer', c!)).toBeNull();
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

  it('tells whether a root holds a candidate outside its nested roots, walking only its own part', () => {
    const doc = parse(`<main id=m><nav><a></a><b></b></nav><section class=root><tr-x data-c></tr-x><div data-c></div></section><div><p><i id=own></i></p></div><section class=root><div data-c></div></section><footer><span></span></footer></main>`);
    const main = doc.getElementById('m')!;
    const nested = nestedRoots(main, ['section.root']);
    expect(nested).toHaveLength(2);
    // Candidates only inside the nested roots: none of the root's own.
    expect(holdsOutsideNested(main, nested, ['[data-c]'])).toBe(false);
    // One in the root's own part, deep in it, after a nested root.
    expect(holdsOutsideNested(main, nested, ['[data-c]', 'i#own'])).toBe(true);
    // The last element of the walk (after the second nested root, climbing back up) is reached.
    expect(holdsOutsideNested(main, nested, ['footer span'])).toBe(true);
    // Without nested roots, any candidate belongs to the root.
    expect(holdsOutsideNested(main, [], ['[data-c]'])).toBe(true);
    expect(holdsOutsideNested(main, [], ['.absent'])).toBe(false);
    // A root's own part larger than the walk's limit: the queries answer, with the same rule.
    const big = parse(`<main id=m><section class=root><div data-c></div></section>${'<div><span></span></div>'.repeat(500)}<p data-own></p></main>`);
    const bigMain = big.getElementById('m')!;
    const bigNested = nestedRoots(bigMain, ['section.root']);
    expect(holdsOutsideNested(bigMain, bigNested, ['[data-c]'])).toBe(false);
    expect(holdsOutsideNested(bigMain, bigNested, ['[data-c]', '[data-own]'])).toBe(true);
  });
});
