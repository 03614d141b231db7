/**
 * Gmail's "via" handling reads a person from the sender's display text ("'Maya Chen' via support"),
 * which anyone can write: `From: "'ceo@company.example' via support" <attacker@evil.example>`. A
 * name-only person whose "name" is an address is looked up by the background as that address,
 * exactly (handlers.test.ts: 'looks a "name" that is an address up as that address'), so the user
 * would see the CEO's briefing, marked as an exact e-mail match, on the attacker's mail: the attack
 * outlook-address-looking-name.test.ts guards against on Outlook.
 */
import { expect, it, vi } from 'vitest';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE } from '@/lib/content/marker';
import { PageScanner } from '@/lib/content/scanner';
import { gmailAdapter } from '@/lib/sites/gmail';
import { queryAll } from '@/lib/sites/query';
import type { PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { fixtureHtml } from '../sites/fixtures';

const CEO: ContactMatch = { contact: { id: 'ceo', name: 'Casey CEO', email: 'ceo@company.example', company: null, title: null }, matchedBy: 'email' };

it('never takes an address written in a "via" display name for the sender (spoofable text, exact match)', async () => {
  const html = fixtureHtml('gmail/thread-details-closed.html').replace(
    '<span class="gD" email="maya.chen@example.com" name="Maya Chen" data-hovercard-id="maya.chen@example.com"><span>Maya Chen</span></span>',
    `<span class="gD" email="attacker@evil.example" name="'ceo@company.example' via support" data-hovercard-id="attacker@evil.example"><span>'ceo@company.example' via support</span></span>`,
  );
  expect(html).toContain('attacker@evil.example');
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
  // The background's answer to a query for the CEO: by address, or by a "name" that is the address.
  const isCeo = (q: PersonQuery) => ('email' in q ? q.email : q.name.trim().toLowerCase()) === 'ceo@company.example';
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((q) => (isCeo(q) ? CEO : null))));
  const scanner = new PageScanner({
    adapter: gmailAdapter,
    lookup: new PeopleLookup(find, () => 1_000),
    preferences: () => structuredClone(DEFAULT_PREFERENCES),
    ownAddresses: () => new Set(['me@primer-user.example']),
  });
  await scanner.scan(queryAll(document, gmailAdapter.surfaceSelectors));
  const asked = find.mock.calls.flatMap((call) => call[0]);
  expect(asked.filter(isCeo)).toEqual([]);
  // No marker on the attacker's sender line says it is the CEO.
  const sender = document.querySelector('.gD[email="attacker@evil.example"]')!;
  expect(sender.querySelector(`[${MARKER_ATTRIBUTE}]`)).toBeNull();
});
