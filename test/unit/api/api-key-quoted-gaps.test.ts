// @vitest-environment node
/**
 * A key copied from a JSON / .env / header line: the comma or semicolon after a quoted value, and
 * the quotes around a whole header value ("Bearer sk_…"), are no part of the key either.
 */
import { expect, it } from 'vitest';
import { cleanApiKey } from '@/lib/api/api-key';

it.each([
  '"sk_live_1234",', // "api_key": "sk_live_1234",
  "'sk_live_1234';", // const KEY = 'sk_live_1234';
  '"Bearer sk_live_1234"', // "Authorization": "Bearer sk_live_1234"
  'Bearer "sk_live_1234"', // a header written with the key quoted after the scheme
  "Bearer 'sk_live_1234'",
])('reads %s as the key sk_live_1234', (pasted) => {
  expect(cleanApiKey(pasted)).toEqual({ ok: true, key: 'sk_live_1234' });
});
