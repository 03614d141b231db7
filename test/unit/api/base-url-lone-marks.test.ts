// @vitest-environment node
/**
 * A mark a copy brought on ONE side of a pasted address (a selection that missed its pair, a
 * sentence's closing bracket), or a pair of quotes as other languages write them (’…’, „…“, «…»),
 * is taken off too. Left on, some were saved without a word as a host that cannot exist (the mark
 * turned into punycode), which Save asked access to; others put a ")" or a quote in the path.
 */
import { expect, it } from 'vitest';
import { normaliseBaseUrl } from '@/lib/api/base-url';

it.each([
  // Accepted as ok, with a made-up host: https://x.xn--example-b46c, https://xn--https-yv3b
  ['https://api.example.com”', 'https://api.example.com'],
  ['’https://api.example.com’', 'https://api.example.com'],
  // Accepted as ok, with the sentence's ")" or the quote in the path: every call a 404
  ['https://api.example.com/path)', 'https://api.example.com/path'],
  ['https://api.example.com/),', 'https://api.example.com'],
  ['https://api.example.com/"', 'https://api.example.com'],
  // Refused as "not a valid web address"
  ['https://api.example.com)', 'https://api.example.com'],
  ['"https://api.example.com', 'https://api.example.com'],
  ['https://api.example.com"', 'https://api.example.com'],
  // German and French quotes around it: before, the opening mark made a punycode host
  ['„https://api.example.com“', 'https://api.example.com'],
  ['«https://api.example.com»', 'https://api.example.com'],
])('reads %s as %s', (input, baseUrl) => {
  expect(normaliseBaseUrl(input)).toMatchObject({ ok: true, baseUrl, permissionPattern: 'https://api.example.com/*' });
});

it('still keeps the brackets of a path and of an IPv6 literal', () => {
  expect(normaliseBaseUrl('https://api.example.com/tenant(eu)')).toMatchObject({ ok: true, baseUrl: 'https://api.example.com/tenant(eu)' });
  expect(normaliseBaseUrl('[2001:db8::1]:8443')).toMatchObject({ ok: true, baseUrl: 'https://[2001:db8::1]:8443' });
});
