/**
 * The options' lists as the whole extension applies them (lib/storage/preferences.ts):
 * - an excluded domain covers itself and its subdomains, and nothing that merely ends in the same
 *   letters ("example.com" leaves out eu.example.com, not notexample.com: those people are briefed);
 * - the user's own address is recognised in the form pages and searches give it (lower case, its
 *   domain in ASCII), whatever form the options keep it in ("me@müller.de" as typed): it is never
 *   sent to the service.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, isExcludedAddress, leftOutBy } from '@/lib/storage/preferences';

const excluding = (...excludedDomains: string[]) => ({ ...DEFAULT_PREFERENCES, excludedDomains });
const owning = (...ownAddresses: string[]) => ({ ...DEFAULT_PREFERENCES, ownAddresses });

describe('an excluded domain', () => {
  it('covers the domain and its subdomains', () => {
    expect(isExcludedAddress('ana@example.com', excluding('example.com'))).toBe(true);
    expect(isExcludedAddress('ana@eu.example.com', excluding('example.com'))).toBe(true);
  });

  it('does not cover another domain that ends in the same letters', () => {
    expect(isExcludedAddress('ana@notexample.com', excluding('example.com'))).toBe(false);
    expect(leftOutBy('ana@myexample.com', excluding('example.com'))).toBeNull();
  });
});

describe('the user’s own address', () => {
  it('is recognised with its domain in ASCII when the options keep it in its own letters', () => {
    expect(leftOutBy('me@xn--mller-kva.de', owning('me@müller.de'))).toBe('own');
  });

  it('is recognised whatever its case, as kept and as asked', () => {
    expect(leftOutBy('me@example.com', owning('Me@Example.COM'))).toBe('own');
    expect(leftOutBy(' ME@example.com ', owning('me@example.com'))).toBe('own');
  });
});
