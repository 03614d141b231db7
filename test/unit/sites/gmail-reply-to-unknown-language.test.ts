/**
 * Reply-To is whatever the sender writes: `Reply-To: ceo@company.example`. Gmail's "Show details"
 * table lists it in its own row, right after "from". The adapter leaves that row out only when its
 * label is in one of the languages NOT_A_PARTICIPANT knows; in any other Gmail language (Turkish,
 * Indonesian, Czech, Greek, Hebrew…) the row gets the positional fallback, and the address the
 * sender chose becomes a recipient: marked on the mail, and a participant of the thread briefing.
 */
import { expect, it } from 'vitest';
import { gmailAdapter } from '@/lib/sites/gmail';
import type { FoundPerson, PersonRole } from '@/lib/sites/types';
import { fixtureHtml, parse, readAll } from './fixtures';

it('never takes the sender-chosen reply-to row for a recipient, whatever the UI language', () => {
  // Gmail in an unlisted language: "dari" (from), "balas ke" (reply-to), "kepada" (to). Any
  // language the label lists lack gives the same result.
  const doc = parse(
    fixtureHtml('gmail/thread.html')
      .replace('<span class="gI">from:</span>', '<span class="gI">dari:</span>')
      .replace('<span class="gI">to:</span>', '<span class="gI">kepada:</span>'),
  );
  const replyTo = doc.createElement('tr');
  replyTo.className = 'ajv';
  replyTo.innerHTML =
    '<td class="gG"><span class="gI">balas ke:</span></td><td class="gL"><span class="gI"><span email="ceo@company.example" name="Casey CEO">Casey CEO</span></span></td>';
  doc.querySelector('.ajC tr')!.after(replyTo);

  const thread = readAll(gmailAdapter, doc).find((s) => s.kind === 'thread')!;
  // Still read in this language: the sender and the recipients.
  expect(thread.people.find((p) => p.email === 'maya.chen@example.com')?.roles).toContain('sender');
  expect(thread.people.find((p) => p.email === 'alex.kim@example.com')).toBeDefined();
  // The address the sender put in Reply-To is no participant.
  expect(thread.people.find((p) => p.email === 'ceo@company.example')).toBeUndefined();
});

/** The expanded message's details labels in an unlisted language ("dari", "kepada", "tembusan"). */
function unlistedLanguage(): Document {
  return parse(
    fixtureHtml('gmail/thread.html')
      .replace('<span class="gI">from:</span>', '<span class="gI">dari:</span>')
      .replace('<span class="gI">to:</span>', '<span class="gI">kepada:</span>')
      .replace('<span class="gI">cc:</span>', '<span class="gI">tembusan:</span>'),
  );
}

const byEmail = (people: FoundPerson[]): Record<string, PersonRole[]> =>
  Object.fromEntries(people.map((p) => [p.email ?? '', p.roles]));

it('keeps every recipient of the to and cc rows in an unlisted language, also those the header leaves out', () => {
  const english = readAll(gmailAdapter, parse(fixtureHtml('gmail/thread.html'))).find((s) => s.kind === 'thread')!;
  const thread = readAll(gmailAdapter, unlistedLanguage()).find((s) => s.kind === 'thread')!;
  // The header shows "to me, Alex, +5": Jonas and Riley (to), Daniel, Mallory and Eve (cc) are only in the table.
  expect(thread.people.map((p) => p.email).sort()).toEqual(english.people.map((p) => p.email).sort());
  const roles = byEmail(thread.people);
  for (const email of ['alex.kim@example.com', 'jonas.berg@example.org', 'riley.stone@unknown.example', 'mallory@unknown.example']) {
    expect(roles[email]).toEqual(['to']);
  }
  // Senders of the collapsed messages, and recipients here.
  expect(roles['me@primer-user.example']).toEqual(['sender', 'to']);
  expect(roles['daniel.weiss@example.net']).toEqual(['sender', 'to']);
  expect(roles['maya.chen@example.com']).toEqual(['sender']);
});

it('leaves out a reply-to row that also names people the header shows (me, a list that is also a recipient)', () => {
  const doc = unlistedLanguage();
  const replyTo = doc.createElement('tr');
  replyTo.className = 'ajv';
  replyTo.innerHTML =
    '<td class="gG"><span class="gI">balas ke:</span></td><td class="gL"><span class="gI"><span email="me@primer-user.example" name="Primer Tester">Primer Tester</span></span>, <span class="gI"><span email="alex.kim@example.com" name="Alex Kim">Alex Kim</span></span>, <span class="gI"><span email="ceo@company.example" name="Casey CEO">Casey CEO</span></span></td>';
  doc.querySelector('.ajC tr')!.after(replyTo);
  const thread = readAll(gmailAdapter, doc).find((s) => s.kind === 'thread')!;
  expect(thread.people.find((p) => p.email === 'ceo@company.example')).toBeUndefined();
  // The people of the to row are still recipients.
  expect(byEmail(thread.people)['alex.kim@example.com']).toEqual(['to']);
  expect(byEmail(thread.people)['riley.stone@unknown.example']).toEqual(['to']);
});

it('leaves out the reply-to row when the sender also wrote themselves among the recipients', () => {
  const doc = unlistedLanguage();
  const replyTo = doc.createElement('tr');
  replyTo.className = 'ajv';
  replyTo.innerHTML =
    '<td class="gG"><span class="gI">balas ke:</span></td><td class="gL"><span class="gI"><span email="ceo@company.example" name="Casey CEO">Casey CEO</span></span></td>';
  doc.querySelector('.ajC tr')!.after(replyTo);
  // "to Maya, me, Alex": the sender's own address in the header (and in the to row).
  const maya = doc.createElement('span');
  maya.setAttribute('email', 'maya.chen@example.com');
  maya.setAttribute('name', 'Maya Chen');
  maya.textContent = 'Maya';
  doc.querySelector('.hb [email]')!.before(maya, ', ');
  doc.querySelector('.ajC tr:nth-child(3) .gL')!.append(', ', maya.cloneNode(true));
  const thread = readAll(gmailAdapter, doc).find((s) => s.kind === 'thread')!;
  expect(thread.people.find((p) => p.email === 'ceo@company.example')).toBeUndefined();
  expect(byEmail(thread.people)['maya.chen@example.com']).toEqual(['sender', 'to']);
});
