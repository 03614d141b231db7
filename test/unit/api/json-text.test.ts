import { describe, expect, it } from 'vitest';
import { parseJson } from '@/lib/api/json-text';

describe('parseJson', () => {
  it('keeps integers past 2^53 as the digits the service wrote, anywhere in the text', () => {
    expect(parseJson('{"id": 1790000000000000001, "list": [-1790000000000000001,1790000000000000002]}')).toEqual({
      id: '1790000000000000001',
      list: ['-1790000000000000001', '1790000000000000002'],
    });
  });

  it('leaves safe integers, fractions, exponents and strings as JSON.parse reads them', () => {
    const text = '{"safe": 9007199254740991, "fraction": 0.12345678901234567891, "big": 12345678901234567890.5, "exp": 1e12345678901234567, "negexp": 2E-12345678901234567, "text": "call 12345678901234567890 \\" 12345678901234567891", "n": 42}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('refuses malformed JSON as JSON.parse does', () => {
    expect(() => parseJson('{"id": 12345678901234567890')).toThrow(SyntaxError);
  });
});
