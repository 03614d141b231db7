/**
 * An excluded domain typed with its own letters ("bücher.de", as the options keep it) covers an
 * address written the same way: the popup's typed address and the panel's search reach the
 * service through leftOutBy (lib/background/handlers/contacts.ts, components/popup/UploadForm.tsx).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, leftOutBy } from '@/lib/storage/preferences';

const excluding = (excludedDomains: string[]) => ({ ...DEFAULT_PREFERENCES, excludedDomains });

describe('an excluded internationalised domain', () => {
  it.each([
    ['anna@bücher.de', ['bücher.de']],
    ['anna@BÜCHER.DE', ['bücher.de']],
    ['anna@shop.bücher.de', ['bücher.de']],
    ['anna@bücher.de', ['xn--bcher-kva.de']],
    ['anna@xn--bcher-kva.de', ['bücher.de']],
  ])('leaves %s out for %j', (address, domains) => {
    // "Addresses at these domains are never sent to the service."
    expect(leftOutBy(address, excluding(domains))).toBe('excluded');
  });
});
