/**
 * An internationalised address (RFC 6531: a local part in its own letters, "josé@…", "дмитрий@…")
 * is a valid, exact address: the background finds a contact stored with one (contact-lookup-
 * refused-address.test.ts), and the popup's "Primary contact’s e-mail" field looks it up. The
 * side panel's "Find a person by e-mail" refuses it as "not a full address", so the user cannot
 * brief that contact from the panel at all.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonSearch } from '@/components/panel/PersonSearch';

async function search(typed: string) {
  const onFind = vi.fn();
  render(<PersonSearch onFind={onFind} />);
  await userEvent.type(screen.getByLabelText('Find a person by e-mail'), `${typed}{Enter}`);
  const complaint = screen.queryByRole('alert')?.textContent ?? null;
  cleanup();
  return { onFind, complaint };
}

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
