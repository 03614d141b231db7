import { describe, expect, it } from 'vitest';
import {
  formatList,
  isAddress,
  isDomain,
  parseAddressList,
  parseDomainList,
  splitEntries,
} from '@/components/options/domain-list';

describe('splitEntries', () => {
  it('splits on lines, commas, semicolons and spaces and drops blanks', () => {
    expect(splitEntries(' a.com,b.com\n\n  c.com ;d.com  e.com\r\n')).toEqual(['a.com', 'b.com', 'c.com', 'd.com', 'e.com']);
    expect(splitEntries('   \n , ')).toEqual([]);
  });
});

describe('parseDomainList', () => {
  it('normalises, lowercases and dedupes in the order given', () => {
    expect(parseDomainList('@Example.COM\nexample.com, eu.Example.com\n*.partner.org\nlast.io.\n.dotted.net')).toEqual({
      ok: true,
      values: ['example.com', 'eu.example.com', 'partner.org', 'last.io', 'dotted.net'],
    });
  });

  it('accepts an empty list', () => {
    expect(parseDomainList('')).toEqual({ ok: true, values: [] });
  });

  it('takes the host of an address pasted from the browser, and drops a port', () => {
    expect(parseDomainList('https://Partner.example.org/team?x=1\nhttp://vendor.io:8080/\nexample.com:443')).toEqual({
      ok: true,
      values: ['partner.example.org', 'vendor.io', 'example.com'],
    });
  });

  it('takes a web site’s address for its domain: www. names the site, never where its people’s mail goes', () => {
    // Pasted from the address bar, "https://www.partner.example/team" was kept as
    // "www.partner.example", which covers no one at jan@partner.example: their addresses were sent.
    expect(parseDomainList('https://www.Partner.example/team\nwww.vendor.co.uk\nwww.example.com:443')).toEqual({
      ok: true,
      values: ['partner.example', 'vendor.co.uk', 'example.com'],
    });
    // A host that is more than www and a top-level label stays as it is.
    expect(parseDomainList('www2.example.com, wwwpartner.example, www.com')).toEqual({ ok: true, values: ['www2.example.com', 'wwwpartner.example', 'www.com'] });
  });

  it('accepts international and punycode domains', () => {
    expect(parseDomainList('bücher.de, xn--bcher-kva.de, 例え.jp')).toEqual({
      ok: true,
      values: ['bücher.de', 'xn--bcher-kva.de', '例え.jp'],
    });
    // Scripts whose letters carry combining marks (vowel signs).
    expect(parseDomainList('उदाहरण.भारत, ตัวอย่าง.ไทย, உதாரணம்.இந்தியா')).toEqual({ ok: true, values: ['उदाहरण.भारत', 'ตัวอย่าง.ไทย', 'உதாரணம்.இந்தியா'] });
    expect(parseAddressList('me@उदाहरण.भारत')).toEqual({ ok: true, values: ['me@उदाहरण.भारत'] });
  });

  it('names a single bad entry', () => {
    const result = parseDomainList('example.com\nlocalhost');
    expect(result).toEqual({
      ok: false,
      invalid: ['localhost'],
      message: '“localhost” is not a domain. Enter domains such as example.com.',
    });
  });

  it('names several bad entries, each once, and counts the rest', () => {
    const two = parseDomainList('me@example.com, bad-.com');
    expect(two.ok).toBe(false);
    if (!two.ok) expect(two.message).toBe('“me@example.com” and “bad-.com” are not domains. Enter domains such as example.com.');
    const many = parseDomainList('a b c d e a');
    if (many.ok) throw new Error('expected a failure');
    expect(many.invalid).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(many.message).toMatch(/^“a”, “b”, “c” and 2 more are not domains\./);
  });

  it.each(['-bad.com', 'bad-.com', 'a..com', 'example.c0m', 'example.1', '.com', `${'a'.repeat(64)}.com`, '<b>x</b>.com'])(
    'rejects %s',
    (entry) => {
      expect(parseDomainList(entry).ok).toBe(false);
    },
  );
});

describe('isDomain', () => {
  it('needs at least two labels and a real top-level label', () => {
    expect(isDomain('example.com')).toBe(true);
    expect(isDomain('a-b.co.uk')).toBe(true);
    expect(isDomain('com')).toBe(false);
    expect(isDomain(`${'a.'.repeat(127)}com`)).toBe(false);
  });
});

describe('parseAddressList', () => {
  it('validates, lowercases and dedupes addresses', () => {
    expect(parseAddressList(' Me@Example.com\nme@example.com, <Other.Name+tag@Sub.Example.org>; mailto:x@y.io')).toEqual({
      ok: true,
      values: ['me@example.com', 'other.name+tag@sub.example.org', 'x@y.io'],
    });
  });

  it('takes addresses as a mail client copies them, with display names', () => {
    expect(parseAddressList('Jan Doe <jan@x.com>, "Doe, Jan" <Jan.Doe@Y.org>; Ann <ann@z.io>')).toEqual({ ok: true, values: ['jan@x.com', 'jan.doe@y.org', 'ann@z.io'] });
  });

  it('names entries that are not addresses', () => {
    const result = parseAddressList('me@example.com\nexample.com\nme@');
    expect(result).toEqual({
      ok: false,
      invalid: ['example.com', 'me@'],
      message: '“example.com” and “me@” are not e-mail addresses. Enter addresses such as you@example.com.',
    });
  });

  it.each(['@example.com', 'a@b@example.com', 'a..b@example.com', '.a@example.com', 'a@localhost', '"q"@example.com'])(
    'rejects %s',
    (entry) => {
      expect(isAddress(entry)).toBe(false);
    },
  );
});

describe('formatList', () => {
  it('puts one entry a line', () => {
    expect(formatList(['a.com', 'b.com'])).toBe('a.com\nb.com');
    expect(formatList([])).toBe('');
  });
});
