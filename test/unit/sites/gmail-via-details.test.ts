/**
 * Mail a Google Group re-sent as itself ("'Maya Chen' via support"
 * <support@…>) names the person by name only. With the message's "Show details" open (thread.html:
 * its `.ajC` table), the same From is listed again there, and must not give the group's address
 * the person's name either.
 */
import { expect, it } from 'vitest';
import { gmailAdapter } from '@/lib/sites/gmail';
import { fixtureHtml, parse, readAll } from './fixtures';

it('a sender re-sent by a Google Group is not the group’s address in the details table either', () => {
  const html = fixtureHtml('gmail/thread.html')
    .replace(
      '<span class="gD" email="maya.chen@example.com" name="Maya Chen" data-hovercard-id="maya.chen@example.com"><span>Maya Chen</span></span>',
      `<span class="gD" email="support@example.com" name="Maya Chen" data-hovercard-id="support@example.com"><span>'Maya Chen' via support</span></span>`,
    )
    .replace(
      '<span email="maya.chen@example.com" name="Maya Chen" data-hovercard-id="maya.chen@example.com">Maya Chen</span>',
      `<span email="support@example.com" name="Maya Chen" data-hovercard-id="support@example.com">'Maya Chen' via support</span>`,
    );
  expect(html.match(/via support/g)).toHaveLength(2);
  const people = readAll(gmailAdapter, parse(html)).find((s) => s.kind === 'thread')!.people;
  expect(people).toContainEqual(expect.objectContaining({ email: null, name: 'Maya Chen', roles: ['sender'] }));
  expect(people.find((p) => p.email === 'support@example.com')).toBeUndefined();
});
