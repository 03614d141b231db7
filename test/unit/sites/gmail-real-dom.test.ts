/**
 * Gmail adapter against markup as Gmail really renders it (snippets from public captures; each
 * cited where it is built). Each test failed on the adapter before its fix.
 */
import { describe, expect, it } from 'vitest';
import { gmailAdapter } from '@/lib/sites/gmail';
import { fixtureHtml, parse, readAll } from './fixtures';

function thread(doc: Document) {
  return readAll(gmailAdapter, doc).find((s) => s.kind === 'thread')!;
}

/**
 * A message collapsed in a thread and never opened, as Gmail renders it: the `kv` list item holds
 * only the summary `div.adf.ads` (avatar, `span.gD[email][name]`, snippet, time) and no
 * `data-message-id`/`div.adn` at all. Captured live (Gmail, Russian UI) in the comment of
 * `MailPage.java` found by `find_string 'class="adf ads"'` (id 27234222622); InboxSDK
 * gmail-message-view.ts reads a COLLAPSED message's parts from `.adf.ads` (L614-617), `.kv` = COLLAPSED (L709-714).
 */
const neverOpened = (email: string, name: string, snippet: string) =>
  `<div class="kv  " role="listitem"><div class="Bk"><div class="G3 G2"><div><div id=":7y"><div class="adf ads"><div class="aju"><div class="aCi"><img id=":62_5-c" name=":62" class="ajn" jid="${email}" data-hovercard-id="${email}" data-name="${name}" aria-hidden="true"></div></div><div class="gs gt"><div class="gE hI"><table cellpadding="0" role="presentation" class="cf gJ"><tbody><tr><td class="gF gK" style="width:auto"><span email="${email}" data-hovercard-id="${email}" name="${name}" class="gD" role="gridcell" tabindex="-1">${name}</span></td><td class="gF gK"><table cellpadding="0" class="cf iB za "><tbody><tr><td><div class="iA g6">${snippet}</div></td></tr></tbody></table></td><td class="gH bAk"><span></span><span id=":7z" class="g3" title="18 May 2026, 16:02" role="gridcell" tabindex="-1">18 May 2026, 16:02</span></td></tr></tbody></table></div></div><div class="ajx"></div></div></div></div></div></div></div>`;

/**
 * A message opened, then collapsed again: the summary `.adf.ads` is shown and the loaded message
 * `.adn.ads[data-message-id]` is kept hidden inline (a Gmail extension's fixture found by
 * `find_string 'class="adf ads"'`, id 71618046931; a font extension tells the two apart by
 * `previewDiv.style.display !== 'none'`, id 25128575566).
 */
const reCollapsed = (email: string, name: string) =>
  `<div class="kv" role="listitem"><div class="adf ads"><table class="cf gJ"><tbody><tr><td class="gF gK"><span class="gD" email="${email}" name="${name}" data-hovercard-id="${email}">${name}</span></td></tr></tbody></table></div><div class="adn ads" data-message-id="#msg-f:1800010000000000099" data-legacy-message-id="18f9a0b1c2d3e499" style="display:none"><h3 class="iw"><span class="gD" email="${email}" name="${name}">${name}</span></h3><span class="hb">to <span class="g2" email="me@primer-user.example" name="me">me</span></span></div></div>`;

/** thread-details-closed.html with its two collapsed messages as Gmail renders them. */
function withRealCollapsed(first: string, second: string): Document {
  const html = fixtureHtml('gmail/thread-details-closed.html');
  const start = html.indexOf('<div class="kv"');
  const end = html.indexOf('<div class="h7');
  expect(start).toBeGreaterThan(0);
  return parse(html.slice(0, start) + first + second + html.slice(end));
}

describe('gmail adapter: real collapsed messages', () => {
  it('reads the sender of a message collapsed and never opened (no data-message-id)', () => {
    const doc = withRealCollapsed(neverOpened('daniel.weiss@example.net', 'Daniel Weiss', 'Numbers are in.'), neverOpened('me@primer-user.example', 'Primer Tester', 'Thanks Daniel'));
    expect(doc.querySelectorAll('[data-message-id]')).toHaveLength(1);
    const people = thread(doc).people.map((p) => ({ email: p.email, name: p.name, roles: p.roles }));
    expect(people).toContainEqual({ email: 'daniel.weiss@example.net', name: 'Daniel Weiss', roles: ['sender'] });
    // The first person is the first message's sender (the panel tells threads apart by it).
    expect(people[0]!.email).toBe('daniel.weiss@example.net');
  });

  it('reads the sender of a message opened and collapsed again (its loaded part hidden)', () => {
    const doc = withRealCollapsed(reCollapsed('daniel.weiss@example.net', 'Daniel Weiss'), neverOpened('me@primer-user.example', 'Primer Tester', 'Thanks Daniel'));
    const daniel = thread(doc).people.find((p) => p.email === 'daniel.weiss@example.net');
    expect(daniel?.roles).toEqual(['sender']);
    // Only shown elements stand for him (the hidden loaded copy is not read).
    expect(daniel?.elements.every((el) => !el.closest('[style*="display:none"]'))).toBe(true);
  });
});

/**
 * Mail to a Google Group from a domain with a strict DMARC policy: Google rewrites the From header
 * to the group, `"'Maya Chen' via support" <support@…>` (a real header: pastebin.com/mhijn3yX,
 * `From: "'You' via my-group" <my-group@…>`; Google rewrites Header-From for p=reject/quarantine
 * senders: HENNGE support article 58030646355097). Gmail shows that display name; the `name`
 * attribute may hold the short contact name instead ("Some headers have a short contact name in the
 * attribute and 'via' in the text": a Gmail extension's tests found by `find_string 'class="adf ads"'`, id 71618046931).
 */
function viaGroup(nameAttribute: string): Document {
  const html = fixtureHtml('gmail/thread-details-closed.html').replace(
    '<span class="gD" email="maya.chen@example.com" name="Maya Chen" data-hovercard-id="maya.chen@example.com"><span>Maya Chen</span></span> <span class="go"><span aria-hidden="true">&lt;</span>maya.chen@example.com<span aria-hidden="true">&gt;</span></span>',
    `<span class="gD" email="support@example.com" name="${nameAttribute}" data-hovercard-id="support@example.com"><span>'Maya Chen' via support</span></span> <span class="go"><span aria-hidden="true">&lt;</span>support@example.com<span aria-hidden="true">&gt;</span></span>`,
  );
  expect(html).toContain('via support');
  return parse(html);
}

describe('gmail adapter: a sender rewritten to a Google Group ("via")', () => {
  for (const nameAttribute of ['Maya Chen', "'Maya Chen' via support"]) {
    it(`does not give the group's address the sender's name, and looks the sender up by name (name="${nameAttribute}")`, () => {
      const people = thread(viaGroup(nameAttribute)).people;
      expect(people.find((p) => p.email === 'support@example.com')).toBeUndefined();
      expect(people).toContainEqual(expect.objectContaining({ email: null, name: 'Maya Chen', roles: ['sender'] }));
    });
  }
});
