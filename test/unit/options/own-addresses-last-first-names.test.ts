/**
 * "Your own addresses" takes addresses as mail clients copy them. Outlook, with a directory that
 * names people "Last, First" (most company directories do), copies its recipients as
 * `Doe, Jan <jan.doe@corp.example>; Roe, Richard <richard.roe@corp.example>` — the comma inside
 * the display name is not quoted. The page refused the paste, naming "Doe" and "Roe" as bad
 * addresses, and saved nothing.
 */
import { describe, expect, it } from 'vitest';
import { parseAddressList } from '@/components/options/domain-list';

describe('parseAddressList: Outlook’s "Last, First <address>"', () => {
  it('reads the addresses and leaves the unquoted "Last, First" names out', () => {
    expect(parseAddressList('Doe, Jan <jan.doe@corp.example>; Roe, Richard <richard.roe@corp.example>')).toEqual({
      ok: true,
      values: ['jan.doe@corp.example', 'richard.roe@corp.example'],
    });
  });

  it('still keeps a bare address before a named one', () => {
    expect(parseAddressList('me@corp.example, Doe, Jan <jan.doe@corp.example>')).toEqual({
      ok: true,
      values: ['me@corp.example', 'jan.doe@corp.example'],
    });
  });

  it('still refuses a name with no address after it, and a bad address in brackets', () => {
    expect(parseAddressList('Doe, Jan <jan.doe@corp.example>; Roe, Richard')).toMatchObject({ ok: false, invalid: ['Roe', 'Richard'] });
    expect(parseAddressList('me@corp, Doe, Jan <jan.doe@corp.example>')).toMatchObject({ ok: false, invalid: ['me@corp'] });
    expect(parseAddressList('Doe, Jan <jan.doe@corp>')).toMatchObject({ ok: false, invalid: ['jan.doe@corp'] });
  });

  it('keeps a bare address before a name separated by a space only', () => {
    expect(parseAddressList('me@corp.example Jan Doe <jan.doe@corp.example>')).toEqual({
      ok: true,
      values: ['me@corp.example', 'jan.doe@corp.example'],
    });
  });
});
