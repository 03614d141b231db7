/**
 * Outlook puts the signed-in user's address in the account flyout (#mectrl_currentAccount_secondary)
 * only once the user opens the account manager; before that the header button gives a name only.
 * The folder pane's mailbox root carries the address from the start (`[id^="primaryMailboxRoot_"]`,
 * in `title` / `data-folder-name` and in its id; read that way by Mailvelope's outlookIntegration.js
 * and other public Outlook scripts). The adapter does not look there, so on a fresh page the user's
 * own address is unknown: a message the user sent ("Primer Tester <me@…>" as From, Sent Items or a
 * reply in a thread) sends the user's address to the service and marks the user.
 */
import { expect, it, vi } from 'vitest';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE } from '@/lib/content/marker';
import { PageScanner } from '@/lib/content/scanner';
import { normaliseName } from '@/lib/api/contact-index';
import { outlookAdapter } from '@/lib/sites/outlook';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/protocol';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

function page() {
  document.body.innerHTML =
    // The header before the account manager was opened: a name, no address, no flyout.
    '<button id="O365_MainLink_Me" type="button" aria-label="Account manager for Primer Tester"><div class="mectrl_headertext"><div class="mectrl_truncate mectrl_header_text">Primer Tester</div></div></button>' +
    // The folder pane: the primary mailbox's root node names the account.
    '<div id="folderPaneDroppableContainer" role="tree"><div role="treeitem" aria-level="1" id="primaryMailboxRoot_me@primer-user.example" title="me@primer-user.example" data-folder-name="me@primer-user.example"><span>Primer Tester</span></div>' +
    '<div role="group" aria-labelledby="primaryMailboxRoot_me@primer-user.example"><div role="treeitem" aria-level="2" data-folder-name="sent items">Sent Items</div></div></div>' +
    // A message the user sent, open in the reading pane.
    '<main role="main" aria-label="Reading Pane" id="ReadingPaneContainerId">' +
    '<div role="heading" aria-level="3">Budget</div>' +
    '<div role="heading" aria-level="3"><span aria-hidden="true">From: </span><button data-lpc-hover-target-id="a">Primer Tester &lt;me@primer-user.example&gt;</button></div>' +
    '<div role="heading" aria-level="3"><span>To: </span><button data-lpc-hover-target-id="b">Maya Chen &lt;maya.chen@example.com&gt;</button></div>' +
    '<div role="document" aria-label="Message body">Hi</div></main>';
}

it('finds the user’s address in the folder pane before the account flyout was ever opened', () => {
  page();
  expect(outlookAdapter.ownAddresses(document)).toEqual(['me@primer-user.example']);
});

it('neither asks the service about nor marks the user in a message they sent, on a fresh page', async () => {
  page();
  // As the runtime keeps them (lib/content/runtime.ts).
  const ownAddresses = new Set(outlookAdapter.ownAddresses(document));
  const ownNames = new Set((outlookAdapter.ownNames?.(document) ?? []).map(normaliseName));
  // The user is a contact of their own on the service (they are in every recording).
  const contact = (email: string) => ({ contact: { id: email, name: email, email, company: null, title: null }, matchedBy: 'email' as const });
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p): PersonAnswer => ('email' in p ? contact(p.email) : null))));
  const scanner = new PageScanner({
    adapter: outlookAdapter,
    lookup: new PeopleLookup(find),
    preferences: () => structuredClone(DEFAULT_PREFERENCES),
    ownAddresses: () => ownAddresses,
    ownNames: () => ownNames,
  });
  await scanner.scan([document.querySelector('main')!]);
  expect(find.mock.calls.flatMap(([people]) => people)).toEqual([{ email: 'maya.chen@example.com' }]);
  expect([...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)].map((marker) => marker.getAttribute('aria-label'))).toEqual(['Primer briefing: Maya Chen']);
});
