/**
 * A recipient shown by display name only (Outlook's To/Cc buttons), whose display name is written
 * like an address: the tooltip holds the real address. Primer must not take the display name for
 * the address (an exact e-mail match, unlabelled): anyone can write `"ceo@company.example"
 * <attacker@evil.example>` in a To: line, and the user would see the CEO's briefing marked as an
 * exact match on someone who is not the CEO.
 */
import { expect, it } from 'vitest';
import { outlookAdapter } from '@/lib/sites/outlook';
import { parse } from './fixtures';

it('reads the tooltip’s real address, not an address-shaped display name', () => {
  const doc = parse(
    `<div role="main" aria-label="Reading Pane">` +
      `<div role="heading" aria-level="3"><span class="lbl">From: </span><button type="button" data-lpc-hover-target-id="lpc-from">Eve Mallory &lt;eve@evil.example&gt;</button></div>` +
      `<div role="heading" aria-level="3"><span class="lbl">To: </span><button type="button" data-lpc-hover-target-id="lpc-rcp-0" title="eve+ceo@evil.example">ceo@company.example</button></div>` +
      `<div role="document">Please wire the money today.</div></div>`,
  );
  const pane = outlookAdapter.readSurface(doc.querySelector('[role=main]')!)!;
  const recipient = pane.people.find((person) => person.roles.includes('to'));
  expect(recipient?.email).toBe('eve+ceo@evil.example');
});
