/**
 * The contacts named to a tab are kept up to 5,000, the oldest going first. A contact the page is
 * given again (a rescan of what it shows now) is not old: it must not be the one dropped, or its
 * hover card is refused ('forbidden') while its marker is on screen.
 */
import { expect, it } from 'vitest';
import { noteShown, wasShown } from '@/lib/background/shown-contacts';

it('keeps a contact just named to the page again when the list is full', async () => {
  await noteShown(7, ['maya']);
  await noteShown(7, Array.from({ length: 4999 }, (_, i) => `c${i}`));
  // The page scans again and is given Maya again (she is on screen), then one new contact.
  await noteShown(7, ['maya']);
  await noteShown(7, ['newcomer']);
  expect(await wasShown(7, 'maya')).toBe(true);
});
