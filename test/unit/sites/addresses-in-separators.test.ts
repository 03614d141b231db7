/**
 * An address in a label or title is a whole word, and the words are split at what surrounds an
 * address in any script: the direction marks and embeddings an RTL page wraps an LTR address in
 * (Google's bidi formatting: "(\u202Ame@…\u202C)"), typographic quotes, a possessive, CJK
 * full-width punctuation. Split at ASCII punctuation alone, the user's own address was unknown on
 * an RTL page (the user was looked up and marked on their own messages).
 */
import { expect, it } from 'vitest';
import { addressesIn } from '@/lib/sites/address';
import { gmailAdapter } from '@/lib/sites/gmail';

it('reads an address wrapped in a left-to-right embedding or marks (an RTL page)', () => {
  expect(addressesIn('חשבון Google: Primer Tester (\u202Ame@primer-user.example\u202C)')).toEqual(['me@primer-user.example']);
  expect(addressesIn('\u200Eme@primer-user.example\u200E')).toEqual(['me@primer-user.example']);
  expect(addressesIn('\u2066me@primer-user.example\u2069')).toEqual(['me@primer-user.example']);
});

it('reads an address in typographic quotes, with a possessive, or after full-width punctuation', () => {
  expect(addressesIn('“maya@example.com”')).toEqual(['maya@example.com']);
  expect(addressesIn('maya@example.com’s calendar')).toEqual(['maya@example.com']);
  expect(addressesIn('Google 帐号：Primer Tester（me@primer-user.example）')).toEqual(['me@primer-user.example']);
});

it('knows the user in Gmail whose account label wraps the address in an embedding (RTL UI)', () => {
  document.title = 'דואר נכנס (3) - \u202Ame@primer-user.example\u202C - Gmail';
  document.body.innerHTML =
    '<header><a href="https://accounts.google.com/SignOutOptions?hl=he" aria-label="חשבון Google: Primer Tester  (\u202Ame@primer-user.example\u202C)"></a></header>';
  expect(gmailAdapter.ownAddresses(document)).toEqual(['me@primer-user.example']);
});
