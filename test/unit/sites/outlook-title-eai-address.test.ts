/**
 * Outlook shows recipients by name and keeps the address in the tooltip (`title`), which the adapter
 * trusts over the text. Exchange Online accepts internationalised addresses (EAI: a Unicode local
 * part, "josé.garcia@example.com"). addressesIn picks addresses out of text with an ASCII-only,
 * unanchored pattern: it starts the match after the "é" and reads "garcia@example.com", someone
 * else's address, which is then matched exactly (matchedBy 'email') to that other contact.
 */
import { expect, it, vi } from 'vitest';
import { addressesIn } from '@/lib/sites/address';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE } from '@/lib/content/marker';
import { PageScanner } from '@/lib/content/scanner';
import { outlookAdapter } from '@/lib/sites/outlook';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/protocol';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

it('does not cut an internationalised address down to the ASCII address inside it', () => {
  expect(addressesIn('josé.garcia@example.com')).not.toContain('garcia@example.com');
  expect(addressesIn('renée@example.com')).not.toContain('e@example.com');
  expect(addressesIn('山田.taro@example.jp')).not.toContain('taro@example.jp');
});

it('never marks a recipient whose tooltip holds an EAI address as the contact with the ASCII tail of it', async () => {
  document.body.innerHTML =
    '<main role="main" aria-label="Reading Pane" id="ReadingPaneContainerId">' +
    '<div role="heading" aria-level="3">Pedido</div>' +
    '<div role="heading" aria-level="3"><span aria-hidden="true">From: </span><button data-lpc-hover-target-id="a" title="josé.garcia@example.com">José García</button></div>' +
    '<div role="document" aria-label="Message body">Hola</div></main>';
  // Another person, Maria Garcia, is a contact with the ASCII address.
  const maria = { contact: { id: 'maria', name: 'Maria Garcia', email: 'garcia@example.com', company: null, title: null }, matchedBy: 'email' as const };
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p): PersonAnswer => ('email' in p && p.email === 'garcia@example.com' ? maria : null))));
  const scanner = new PageScanner({ adapter: outlookAdapter, lookup: new PeopleLookup(find), preferences: () => structuredClone(DEFAULT_PREFERENCES), ownAddresses: () => new Set() });
  await scanner.scan([document.querySelector('main')!]);
  // No one is marked: José is not Maria (and the service is never asked about her address).
  expect([...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)].map((marker) => marker.getAttribute('aria-label'))).toEqual([]);
  expect(find.mock.calls.flat(2)).not.toContainEqual({ email: 'garcia@example.com' });
});
