import { describe, expect, it } from 'vitest';
import { cleanApiKey } from '@/lib/api/api-key';

describe('cleanApiKey', () => {
  it.each([
    ['  sk_live_1234  ', 'sk_live_1234'],
    // What a copy from a web page or a document adds: zero-width spaces and joiners, a BOM, a soft hyphen.
    ['\u200Bsk_live_1234\u200B', 'sk_live_1234'],
    ['\uFEFFsk_live_\u00AD1234\u2060', 'sk_live_1234'],
    // The header of a curl example.
    ['Bearer sk_live_1234', 'sk_live_1234'],
    ['bearer   sk_live_1234', 'sk_live_1234'],
  ])('takes %j as %j', (typed, key) => {
    expect(cleanApiKey(typed)).toEqual({ ok: true, key });
  });

  it.each([
    ['sk_live_12…', '“…”'],
    ['“sk_live_1234”', 'curly quotes'],
    ['sk_live 1234', 'spaces'],
    ['sk_live\t1234', 'spaces'],
    ['sk_live_1234é', '“é”'],
  ])('refuses %j, naming %s', (typed, shown) => {
    const result = cleanApiKey(typed);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(`An API key has no ${shown} in it: copy the key again from the service.`);
  });

  it('refuses what holds no key (invisible characters alone), and a paste longer than any key', () => {
    expect(cleanApiKey('\u200B')).toEqual({ ok: false, message: 'There is no API key in what was pasted: copy the key again from the service.' });
    expect(cleanApiKey('\uFEFF\u00AD ')).toMatchObject({ ok: false });
    expect(cleanApiKey('')).toEqual({ ok: false, message: 'Enter an API key.' });
    expect(cleanApiKey('k'.repeat(4000))).toMatchObject({ ok: true });
    expect(cleanApiKey('k'.repeat(4001))).toEqual({ ok: false, message: 'This is longer than any API key: copy the key again from the service.' });
  });
});
