/**
 * A `mailto:` link copied from a page ("Copy link address") carries its address percent-encoded
 * where the page built it with encodeURIComponent (RFC 6068: "%40" for "@", "%2B" for "+"). The
 * panel's search takes `mailto:` links; it must look up the address the link names, not the
 * encoded text ("first%2blast@…" is another mailbox, and finds no one).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { search } from './person-search';


describe('PersonSearch: a percent-encoded mailto link', () => {
  afterEach(cleanup);

  it.each([
    ['an encoded plus', 'mailto:maya%2Bsales@example.com', 'maya+sales@example.com'],
    ['an encoded at sign', 'mailto:maya.chen%40example.com', 'maya.chen@example.com'],
    ['both, with a subject', 'mailto:maya%2Bsales%40example.com?subject=Hello%20there', 'maya+sales@example.com'],
  ])('looks up the address the link names (%s)', async (_, typed, address) => {
    const { onFind, complaint } = await search(typed);
    expect(complaint).toBeNull();
    expect(onFind).toHaveBeenCalledWith(address);
  });
});
