/**
 * A person Outlook shows by name only is left out after the lookup when the matched contact's
 * address is the user's own or in an excluded domain. The options keep excluded domains and own
 * addresses in the ASCII form pages show ("müller.de" as "xn--mller-kva.de"): a contact the service
 * keeps as "max@müller.de" is compared in that form too, so a domain the user excluded is never
 * marked because of how the service spells it.
 */
import { expect, it, vi } from 'vitest';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE } from '@/lib/content/marker';
import { PageScanner } from '@/lib/content/scanner';
import { outlookAdapter } from '@/lib/sites/outlook';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/protocol';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

function page() {
  document.body.innerHTML =
    '<main role="main" aria-label="Reading Pane" id="ReadingPaneContainerId">' +
    '<div role="heading" aria-level="3">Angebot</div>' +
    '<div role="heading" aria-level="3"><span aria-hidden="true">From: </span><button data-lpc-hover-target-id="a">Max Müller</button></div>' +
    '<div role="document" aria-label="Message body">Hallo</div></main>';
}

async function marksWith(email: string): Promise<(string | null)[]> {
  page();
  const max = { contact: { id: 'max', name: 'Max Müller', email, company: null, title: null }, matchedBy: 'name' as const };
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p): PersonAnswer => ('name' in p ? max : null))));
  const preferences = { ...structuredClone(DEFAULT_PREFERENCES), excludedDomains: ['müller.de'] };
  const scanner = new PageScanner({ adapter: outlookAdapter, lookup: new PeopleLookup(find), preferences: () => preferences, ownAddresses: () => new Set() });
  await scanner.scan([document.querySelector('main')!]);
  return [...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)].map((marker) => marker.getAttribute('aria-label'));
}

it('(control) leaves out a name match whose contact address is in the excluded domain, written in ASCII', async () => {
  expect(await marksWith('max@xn--mller-kva.de')).toEqual([]);
});

it('leaves out a name match whose contact address is in the excluded domain, written in its own letters', async () => {
  expect(await marksWith('max@müller.de')).toEqual([]);
});
