/**
 * An internationalised address (RFC 6531: a local part in its own letters, "josé@…", "дмитрий@…")
 * is a valid, exact address: the background finds a contact stored with one (contact-lookup-
 * refused-address.test.ts), and the popup's "Primary contact’s e-mail" field looks it up. The
 * side panel's "Find a person by e-mail" looks it up too, rather than refusing it as "not a full
 * address" (the user could not brief that contact from the panel at all).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { search } from './person-search';


describe('PersonSearch: an address with a local part in its own letters', () => {
  afterEach(cleanup);

  it.each([
    ['Latin with an accent', 'josé@acme.example', 'josé@acme.example'],
    ['Cyrillic', 'Дмитрий@acme.example', 'дмитрий@acme.example'],
  ])('is looked up as typed (%s)', async (_, typed, address) => {
    const { onFind, complaint } = await search(typed);
    expect(complaint).toBeNull();
    expect(onFind).toHaveBeenCalledWith(address);
  });
});
