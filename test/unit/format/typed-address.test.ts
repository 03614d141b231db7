// @vitest-environment node
/**
 * The address in what was typed or pasted, as the side panel's search and the popup's "Primary
 * contact’s e-mail" read it (lib/format/typed-address.ts): the invisible characters a copy brings
 * along are dropped, and nothing but a whole address is taken.
 */
import { describe, expect, it } from 'vitest';
import { addressIn } from '@/lib/format/typed-address';

describe('addressIn', () => {
  it.each([
    ['a soft hyphen a document put in it', 'maya.chen@exam\u00ADple.com'],
    ['a zero-width space after it', 'maya.chen@example.com\u200B'],
    ['a zero-width joiner beside its ASCII letters', 'maya\u200D.chen@example.com'],
    ['isolates around it', '\u2068maya.chen@example.com\u2069'],
    ['an embedding and its end', '\u202Bmaya.chen@example.com\u202C'],
  ])('drops %s', (_, typed) => {
    expect(addressIn(typed)).toBe('maya.chen@example.com');
  });

  it.each([['a name alone', 'Maya Chen'], ['two addresses', 'a@example.com, b@example.com'], ['nothing', '  ']])('finds none in %s', (_, typed) => {
    expect(addressIn(typed)).toBeNull();
  });
});
