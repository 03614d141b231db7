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

  it.each([
    ['an encoded plus and at sign', 'mailto:maya%2Bsales%40example.com', 'maya+sales@example.com'],
    ['an encoded direction mark', 'MAILTO:%E2%80%8Fmaya@example.com?cc=lee%40example.com', 'maya@example.com'],
    ['a "%" that encodes nothing', 'mailto:100%@example.com', '100%@example.com'],
  ])('reads a mailto: link with %s', (_, typed, address) => {
    expect(addressIn(typed)).toBe(address);
  });

  it.each([['a name alone', 'Maya Chen'], ['two addresses', 'a@example.com, b@example.com'], ['a link to two addresses', 'mailto:a@example.com%2Cb@example.com'], ['nothing', '  ']])('finds none in %s', (_, typed) => {
    expect(addressIn(typed)).toBeNull();
  });

  it.each([
    ['an accent', 'José@Acme.example', 'josé@acme.example'],
    ['Cyrillic, with a name', 'Дмитрий Петров <Дмитрий@acme.example>', 'дмитрий@acme.example'],
    ['a domain in its own letters too', 'дмитрий@почта.рф', 'дмитрий@xn--80a1acny.xn--p1ai'],
    ['the non-joiner a Persian word is spelt with', '\u200Fمی\u200Cخواهم@acme.example\u200F', 'می\u200Cخواهم@acme.example'],
  ])('takes a local part in its own letters: %s', (_, typed, address) => {
    expect(addressIn(typed)).toBe(address);
  });

  it.each([
    ['a dot first', '.josé@acme.example'],
    ['a dot last', 'josé.@acme.example'],
    ['two dots together', 'jo..sé@acme.example'],
    ['a space', 'jo sé@acme.example'],
    ['more than 64 bytes', `${'é'.repeat(33)}@acme.example`],
    ['a host with no dot', 'josé@acme'],
    ['a link after the host', 'josé@acme.example/contact'],
    ['a host label with a hyphen first', 'josé@-acme.example'],
  ])('refuses a local part in its own letters with %s', (_, typed) => {
    expect(addressIn(typed)).toBeNull();
  });
});
