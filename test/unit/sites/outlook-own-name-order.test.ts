/**
 * The user's own name on Outlook, where the account manager shows it in the directory's "Last,
 * First" order ("Tester, Primer", as enterprise tenants do) and a message's header shows it as the
 * sender's mail client wrote it ("Primer Tester"), or the other way round. Either way it is the
 * user: neither looked up (sent to the service) nor marked "matched by name" on a contact that
 * has it. outlookOwnNames gives it in "First Last" order, and the scanner tells a name shown
 * "Last, First" by its "First Last" too.
 */
import { describe, expect, it, vi } from 'vitest';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE } from '@/lib/content/marker';
import { PageScanner } from '@/lib/content/scanner';
import { normaliseName } from '@/lib/api/contact-index';
import { outlookAdapter, outlookOwnNames } from '@/lib/sites/outlook';
import type { PersonAnswer, PersonQuery } from '@/lib/messaging/protocol';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

function page(account: string, shownAs: string) {
  document.body.innerHTML =
    `<button id="O365_MainLink_Me" aria-label="Account manager for ${account}"><div class="mectrl_headertext mectrl_truncate">${account}</div></button>` +
    '<main role="main" aria-label="Reading Pane" id="ReadingPaneContainerId">' +
    '<div role="heading" aria-level="3">Budget</div>' +
    '<div role="heading" aria-level="3"><span>From: </span><button data-lpc-hover-target-id="a">Maya Chen</button></div>' +
    `<div role="heading" aria-level="3"><span>To: </span><button data-lpc-hover-target-id="b">${shownAs}</button></div>` +
    '<div role="document" aria-label="Message body">Hi</div></main>';
}

async function scan() {
  // As the runtime keeps them (lib/content/runtime.ts: adapter.ownNames(document).map(normaliseName)).
  const ownNames = new Set(outlookOwnNames(document).map(normaliseName));
  const me = { contact: { id: 'me', name: 'Primer Tester', email: null, company: null, title: null }, matchedBy: 'name' as const };
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p): PersonAnswer => ('name' in p && p.name === 'Primer Tester' ? me : null))));
  const scanner = new PageScanner({
    adapter: outlookAdapter,
    lookup: new PeopleLookup(find),
    preferences: () => structuredClone(DEFAULT_PREFERENCES),
    ownAddresses: () => new Set(),
    ownNames: () => ownNames,
  });
  await scanner.scan([document.querySelector('main')!]);
  return {
    asked: find.mock.calls.flatMap(([people]) => people),
    marked: [...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)].map((m) => m.getAttribute('aria-label')),
  };
}

describe('the user’s own name on Outlook, in either order', () => {
  it('reads the account manager’s "Tester, Primer" as "Primer Tester"', () => {
    page('Tester, Primer', 'Primer Tester');
    expect(outlookOwnNames(document)).toEqual(['Primer Tester']);
  });

  it.each([
    ['Tester, Primer', 'Primer Tester'],
    ['Tester, Primer', 'Tester, Primer'],
    ['Primer Tester', 'Tester, Primer'],
    ['Primer Tester', 'Primer Tester'],
  ])('account manager "%s", header "%s": neither looked up nor marked', async (account, shownAs) => {
    page(account, shownAs);
    const { asked, marked } = await scan();
    expect(asked).toEqual([{ name: 'Maya Chen' }]);
    expect(marked).toEqual([]);
  });
});
