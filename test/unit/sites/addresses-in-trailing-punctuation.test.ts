/**
 * An address in a label or title is read with the sentence punctuation of any script after it:
 * an Arabic comma or question mark, "!", "?", "/" or "|" right after the address (the former
 * pattern read these; the whole-word check must too).
 */
import { expect, it } from 'vitest';
import { addressesIn } from '@/lib/sites/address';

it('reads an address followed by an Arabic comma or question mark (an RTL label lists people)', () => {
  expect(addressesIn('maya@example.com، dan@example.com')).toEqual(['maya@example.com', 'dan@example.com']);
  expect(addressesIn('هل هذا maya@example.com؟')).toEqual(['maya@example.com']);
});

it('reads an address followed by ASCII punctuation that cannot end a host (!, ?, /, |)', () => {
  expect(addressesIn('Write to maya@example.com!')).toEqual(['maya@example.com']);
  expect(addressesIn('maya@example.com?')).toEqual(['maya@example.com']);
  expect(addressesIn('maya@example.com/dan@example.com')).toContain('maya@example.com');
  expect(addressesIn('maya@example.com|Maya')).toEqual(['maya@example.com']);
});

it('still reads the cases the separators commit covered (U+2026, em dash)', () => {
  expect(addressesIn('maya@example.com…')).toEqual(['maya@example.com']);
  expect(addressesIn('maya@example.com—Maya Chen')).toEqual(['maya@example.com']);
});
