// @vitest-environment node
/**
 * What wraps a pasted address is taken off a matching pair at a time: brackets that are part of it
 * stay. An IPv6 literal keeps its brackets ("https://[2001:db8::1]", a bare "[2001:db8::1]:8443"),
 * and a path its own ("…/tenant(eu)"): cut, every call would go to a path the service does not have.
 */
import { expect, it } from 'vitest';
import { normaliseBaseUrl } from '@/lib/api/base-url';

it.each([
  ['https://[2001:db8::1]', 'https://[2001:db8::1]'],
  ['[2001:db8::1]:8443', 'https://[2001:db8::1]:8443'],
  ['https://api.example.com/tenant(eu)', 'https://api.example.com/tenant(eu)'],
  ['https://api.example.com/[eu]', 'https://api.example.com/[eu]'],
])('keeps the brackets that are part of %s', (input, baseUrl) => {
  expect(normaliseBaseUrl(input)).toMatchObject({ ok: true, baseUrl });
});

it.each([
  ['(https://api.example.com)', 'https://api.example.com'],
  ['<https://api.example.com/>', 'https://api.example.com'],
  ['"https://[2001:db8::1]",', 'https://[2001:db8::1]'],
])('still takes the wrapper off %s', (input, baseUrl) => {
  expect(normaliseBaseUrl(input)).toMatchObject({ ok: true, baseUrl });
});
