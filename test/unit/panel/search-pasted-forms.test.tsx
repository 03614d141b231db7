/**
 * The panel's "Find a person by e-mail" field, with what users paste from other apps: an address in
 * (round) brackets after a name, as Teams, Slack and Outlook's desktop copy it; an address carrying
 * the direction marks that RTL pages and Windows copy with it; an address whose domain is written
 * in its own letters (an IDN), which lib/storage/preferences.ts says a panel search may carry.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { search } from './person-search';


describe('PersonSearch: pasted forms', () => {
  afterEach(cleanup);

  it.each([
    ['a name with the address in round brackets', 'Maya Chen (maya.chen@example.com)', 'maya.chen@example.com'],
    ['the address in round brackets alone', '(maya.chen@example.com)', 'maya.chen@example.com'],
    ['a left-to-right mark after the address', 'maya.chen@example.com\u200E', 'maya.chen@example.com'],
    ['a right-to-left mark before the address', '\u200Fmaya.chen@example.com', 'maya.chen@example.com'],
  ])('finds the address in %s', async (_, typed, address) => {
    const { onFind, complaint } = await search(typed);
    expect(complaint).toBeNull();
    expect(onFind).toHaveBeenCalledWith(address);
  });

  // Firefox: its e-mail field keeps the domain as typed (Chrome's turns it into its ASCII form itself).
  it('takes an address whose domain is written in its own letters, in the ASCII form pages show', async () => {
    const { onFind, complaint } = await search('jurgen@müller.de');
    expect(complaint).toBeNull();
    expect(onFind).toHaveBeenCalledWith('jurgen@xn--mller-kva.de');
    expect((await search('Jürgen Müller <Jurgen@Müller.de>')).onFind).toHaveBeenCalledWith('jurgen@xn--mller-kva.de');
  });

  it.each([
    ['a name in round brackets', 'Maya Chen (Sales)'],
    ['a link after a domain in its own letters', 'jurgen@müller.de/contact'],
    ['a domain in its own letters with no dot', 'jurgen@müller'],
  ])('still finds no one in %s: exact addresses only', async (_, typed) => {
    const { onFind, complaint } = await search(typed);
    expect(onFind).not.toHaveBeenCalled();
    expect(complaint).toBe('Enter a full e-mail address, like name@company.com.');
  });
});
