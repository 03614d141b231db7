import { describe, expect, it } from 'vitest';
import { gmailAdapter } from '@/lib/sites/gmail';
import { EXPECTED, checkView, fixtureHtml, loadView, pagesOf, parse, readAll, renamed, timeReads } from './fixtures';

const ME = EXPECTED.signedInUser;

function thread(doc: Document) {
  return readAll(gmailAdapter, doc).find((s) => s.kind === 'thread')!;
}

describe('gmail adapter: fixtures', () => {
  for (const page of pagesOf('gmail')) {
    for (const view of page.views) {
      it(`${page.file} [${view.view}] reads exactly the expected people and context`, () => {
        checkView(gmailAdapter, page, view);
      });
    }
  }
});

describe('gmail adapter: details', () => {
  it('returns hostile display names as plain text, and nothing on the page runs', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const surface = thread(doc);
    expect(surface.context.title).toBe('Q3 roadmap review <img src=x onerror="window.__pwned=1">');
    expect(surface.people.find((p) => p.email === 'mallory@unknown.example')?.name).toBe('"><svg onload=window.__pwned=1>');
    // A known contact's name, read from the details table's name attribute, with an attribute break-out in it.
    expect(surface.people.find((p) => p.email === 'eve.moreau@example.org')).toMatchObject({ name: 'Eve "><img src=x onerror=window.__pwned=1>', roles: ['cc'] });
    const compose = readAll(gmailAdapter, loadView('gmail/compose.html', 'inbox+compose')).find((s) => s.kind === 'compose')!;
    expect(compose.context.title).toBe('<script>window.__pwned=1</script> intro call');
    expect(compose.people.find((p) => p.email === 'attr-name@unknown.example')?.name).toBe('" onmouseover="window.__pwned=1');
    expect(doc.querySelector('svg, img, [onload], [onerror], [onmouseover]')).toBeNull();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('lowercases mixed-case addresses (details row, compose chip whose data-name is the address)', () => {
    const jonas = thread(loadView('gmail/thread.html', 'thread')).people.find((p) => p.email === 'jonas.berg@example.org');
    expect(jonas).toMatchObject({ name: 'Jonas Berg', roles: ['to'] });
    const compose = readAll(gmailAdapter, loadView('gmail/compose.html', 'inbox+compose')).find((s) => s.kind === 'compose')!;
    expect(compose.people.find((p) => p.email === 'jonas.berg@example.org')).toMatchObject({ name: null, roles: ['cc'] });
  });

  it('ignores malformed addresses', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const hb = doc.querySelector('.h7 .hb')!;
    for (const bad of ['bogus', 'a@b', 'x@@example.com', ' @example.com', 'mallory@unknown.example>']) {
      const span = doc.createElement('span');
      span.setAttribute('email', bad);
      span.setAttribute('name', 'Bad');
      hb.append(span);
    }
    expect(thread(doc).people).toHaveLength(8);
  });

  it('reads the sender of collapsed messages, and only that', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const collapsed = doc.querySelector('.kv[aria-expanded=false] [data-message-id]')!;
    const people = thread(doc).people;
    const daniel = people.find((p) => p.email === 'daniel.weiss@example.net')!;
    expect(daniel.roles).toEqual(['sender', 'cc']);
    expect(daniel.elements.some((el) => collapsed.contains(el))).toBe(true);
    // The collapsed message's snippet and body are never read.
    expect(people.some((p) => p.email === 'priya.raman@example.com')).toBe(false);
  });

  it('never counts the details table\'s reply-to row (where replies go) as a recipient', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const before = thread(doc).people.map((p) => ({ email: p.email, roles: p.roles }));
    const replyTo = doc.createElement('tr');
    replyTo.className = 'ajv';
    replyTo.innerHTML = '<td class="gG"><span class="gI">reply-to:</span></td><td class="gL"><span class="gI"><span email="team-list@lists.example" name="Team list">Team list</span></span></td>';
    doc.querySelector('.ajC tr')!.after(replyTo);
    expect(doc.querySelectorAll('.ajC [email="team-list@lists.example"]')).toHaveLength(1);
    expect(thread(doc).people.map((p) => ({ email: p.email, roles: p.roles }))).toEqual(before);
    // In German too ("Antwort an:").
    doc.querySelector('.ajC tr + tr .gG .gI')!.textContent = 'Antwort an:';
    expect(thread(doc).people.map((p) => p.email)).not.toContain('team-list@lists.example');
  });

  it('with the details closed, reads the header recipients as "to" and not the "+N" marker', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    doc.querySelector('.ajA')!.remove();
    expect(doc.querySelector('.ajz-more')?.textContent).toBe('+5');
    const people = thread(doc).people.map((p) => ({ email: p.email, roles: p.roles }));
    expect(people).toEqual([
      { email: 'daniel.weiss@example.net', roles: ['sender'] },
      { email: ME.email, roles: ['sender', 'to'] },
      { email: 'maya.chen@example.com', roles: ['sender'] },
      { email: 'alex.kim@example.com', roles: ['to'] },
    ]);
  });

  it('never counts addresses in a message’s body, even in Gmail’s own header or details markup (quoted or crafted mail)', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    // Details closed (as Gmail shows a message until asked), so the body's table is the only one.
    doc.querySelector('.ajA')!.remove();
    const before = thread(doc).people.map((p) => ({ email: p.email, roles: p.roles }));
    const body = doc.querySelector('.ajy')!.closest('[data-message-id]')!.querySelector('.a3s')!;
    body.insertAdjacentHTML(
      'beforeend',
      `<div class="gmail_quote"><span class="hb">to <span class="g2" email="quoted.header@elsewhere.example" name="Quoted Header">Quoted Header</span></span>
        <div class="ajA SK"><table class="ajC"><tbody><tr><td class="gG">to:</td><td><span class="gI"><span email="quoted.details@elsewhere.example" name="Quoted Details">Quoted Details</span></span></td></tr></tbody></table></div></div>`,
    );
    expect(thread(doc).people.map((p) => ({ email: p.email, roles: p.roles }))).toEqual(before);
  });

  it('reads no compose window or message list written inside a message’s body (crafted mail)', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const before = readAll(gmailAdapter, doc).flatMap((surface) => surface.people.map((p) => p.email));
    const body = doc.querySelector('.a3s')!;
    body.insertAdjacentHTML(
      'beforeend',
      `<div class="M9"><div name="to"><span data-hovercard-id="crafted.compose@elsewhere.example" data-name="Maya Chen">Maya Chen</span></div></div>
        <div gh="tl"><table><tbody><tr class="zA" role="row"><td><span email="crafted.list@elsewhere.example" name="Maya Chen">Maya Chen</span></td></tr></tbody></table></div>`,
    );
    const after = readAll(gmailAdapter, doc).flatMap((surface) => surface.people.map((p) => p.email));
    expect(after).toEqual(before);
    expect(after.filter((email) => email?.includes('crafted'))).toEqual([]);
  });

  it('with the details open, the header recipients keep their detail roles and add their elements', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const alex = thread(doc).people.find((p) => p.email === 'alex.kim@example.com')!;
    expect(alex.roles).toEqual(['to']);
    expect(alex.elements).toHaveLength(2);
    expect(alex.elements.some((el) => el.classList.contains('g2'))).toBe(true);
  });

  it('maps the details labels of other languages, and falls back to "to" for unknown ones', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const labels = [...doc.querySelectorAll('.ajC tr.ajv td.gG .gI')];
    const byText = (t: string) => labels.find((l) => l.textContent === t)!;
    byText('from:').textContent = 'von:';
    byText('to:').textContent = 'An:';
    byText('cc:').textContent = 'Cc :';
    let people = thread(doc).people;
    expect(people.find((p) => p.email === 'mallory@unknown.example')?.roles).toEqual(['cc']);
    expect(people.find((p) => p.email === 'riley.stone@unknown.example')?.roles).toEqual(['to']);
    byText('Cc :').textContent = '抄本:';
    people = thread(doc).people;
    expect(people.find((p) => p.email === 'mallory@unknown.example')?.roles).toEqual(['to']);
    expect(people.find((p) => p.email === 'maya.chen@example.com')?.roles).toEqual(['sender']);
  });

  it('compose: chips only, not the typed text, the suggestions, the From row or the body', () => {
    const doc = loadView('gmail/compose.html', 'inbox+compose');
    const compose = readAll(gmailAdapter, doc).find((s) => s.kind === 'compose')!;
    const emails = compose.people.map((p) => p.email);
    expect(emails).not.toContain('grace.liu@example.org');
    expect(emails).not.toContain(ME.email);
    for (const person of compose.people) for (const el of person.elements) expect(el.getAttribute('role')).toBe('option');
  });

  it('reads an inline reply inside a thread as its own compose surface (nested roots)', () => {
    const doc = loadView('gmail/thread.html', 'thread');
    const compose = loadView('gmail/compose.html', 'inbox+compose').querySelector('div.M9')!;
    const inline = doc.importNode(compose, true);
    doc.querySelector('#fixture-thread [role=list]')!.append(inline);
    const surfaces = readAll(gmailAdapter, doc);
    expect(surfaces.map((s) => s.kind).sort()).toEqual(['compose', 'thread']);
    const t = surfaces.find((s) => s.kind === 'thread')!;
    expect(t.people.some((p) => p.email === 'sofia.alvarez@example.com')).toBe(false);
    expect(t.people).toHaveLength(8);
    expect(surfaces.find((s) => s.kind === 'compose')!.people).toHaveLength(7);
  });

  it('falls back to the main view when the thread classes change', () => {
    const html = fixtureHtml('gmail/thread.html').replace('class="nH a98 iY"', 'class="nH zz9 qQ"');
    const surfaces = readAll(gmailAdapter, parse(html));
    expect(surfaces).toHaveLength(1);
    expect(surfaces[0]!.kind).toBe('thread');
    expect(surfaces[0]!.root.getAttribute('role')).toBe('main');
    expect(surfaces[0]!.people).toHaveLength(8);
    expect(surfaces[0]!.context.title).toBe('Q3 roadmap review <img src=x onerror="window.__pwned=1">');
  });

  it('still finds every recipient when the header and details classes change (as "to")', () => {
    const original = thread(loadView('gmail/thread.html', 'thread')).people;
    const html = fixtureHtml('gmail/thread.html').replaceAll(/class="([^"]*)\b(hb|ajC)\b([^"]*)"/g, 'class="$1x$2x$3"');
    expect(html).not.toMatch(/class="[^"]*\b(hb|ajC)\b/);
    const renamed = readAll(gmailAdapter, parse(html)).find((s) => s.kind === 'thread')!.people;
    expect(renamed.map((p) => p.email).sort()).toEqual(original.map((p) => p.email).sort());
    for (const person of renamed) {
      const was = original.find((p) => p.email === person.email)!;
      // Senders stay senders (and only that, unless also a recipient); recipients lose only which field they were in.
      const expected = [...(was.roles.includes('sender') ? ['sender'] : []), ...(was.roles.some((role) => role !== 'sender') ? ['to'] : [])];
      expect([...person.roles].sort(), person.email!).toEqual(expected.sort());
    }
  });

  it('falls back to the compose dialog when the compose classes change', () => {
    const original = readAll(gmailAdapter, loadView('gmail/compose.html', 'inbox+compose')).find((s) => s.kind === 'compose')!;
    const html = fixtureHtml('gmail/compose.html').replaceAll('class="M9"', 'class="Q7"').replaceAll(/class="([^"]*)\bAD\b([^"]*)"/g, 'class="$1ZZ$2"');
    expect(html).not.toMatch(/class="M9"/);
    const compose = readAll(gmailAdapter, parse(html)).find((s) => s.kind === 'compose');
    expect(compose?.root.getAttribute('role')).toBe('dialog');
    expect(compose?.people.map((p) => [p.email, p.roles])).toEqual(original.people.map((p) => [p.email, p.roles]));
    expect(compose?.context.title).toBe(original.context.title);
  });

  it('SPA: the hidden list reads as nothing while a thread is open', () => {
    const doc = loadView('gmail/spa.html', 'thread');
    const list = doc.getElementById('fixture-list')!;
    expect(list.matches(gmailAdapter.surfaceSelectors.join(', '))).toBe(true);
    expect(gmailAdapter.readSurface(list)).toBeNull();
    // Templates are inert: nothing inside <template> is a surface.
    const fresh = loadView('gmail/spa.html', 'inbox');
    expect(readAll(gmailAdapter, fresh).map((s) => s.kind)).toEqual(['list']);
  });

  it('SPA: a thread whose messages arrive later is read once they are in', () => {
    const doc = loadView('gmail/spa.html', 'inbox');
    const fragment = doc.importNode((doc.getElementById('tpl-thread') as HTMLTemplateElement).content, true);
    const messages = fragment.querySelector('[role=list]')!;
    messages.remove();
    doc.getElementById('fixture-list')!.style.display = 'none';
    doc.querySelector('div[role=main]')!.append(fragment);
    const root = doc.getElementById('fixture-thread')!;
    expect(gmailAdapter.readSurface(root)).toBeNull();
    root.append(messages);
    expect(gmailAdapter.readSurface(root)?.people).toHaveLength(8);
  });

  it('reads legacy compose fields ("Name <addr>" values) when there are no chips', () => {
    const doc = parse(`<div class="M9"><input type="hidden" name="to" value='"Weiss, Daniel" <Daniel.Weiss@example.net>, maya.chen@example.com, <img src=x>'><input name="subjectbox" value="Hi"></div>`);
    const surface = gmailAdapter.readSurface(doc.querySelector('.M9')!)!;
    expect(surface.people.map((p) => [p.email, p.name, p.roles])).toEqual([
      ['daniel.weiss@example.net', '"Weiss, Daniel"', ['to']],
      ['maya.chen@example.com', null, ['to']],
    ]);
    // One field holds them all: no element stands for any one of them (nothing to mark or hover).
    expect(surface.people.map((p) => p.elements)).toEqual([[], []]);
    expect(surface.context).toEqual({ title: 'Hi', when: null });
  });

  it('expects people where a message is open, and reads no one once the address attributes are gone (the self-check then reports)', () => {
    const url = new URL('https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWDsKmvBqLwNkPdTrZhbVcQx');
    expect(gmailAdapter.expectsPeople!(loadView('gmail/thread.html', pagesOf('gmail').find((p) => p.file === 'gmail/thread.html')!.views[0]!.view), url)).toBe(true);
    // The SPA's inbox: a list, no open message (the thread's template is not in the page).
    expect(gmailAdapter.expectsPeople!(loadView('gmail/spa.html', 'inbox'), url)).toBe(false);
    expect(gmailAdapter.expectsPeople!(loadView('gmail/spa.html', 'thread'), url)).toBe(true);
    const broken = parse(renamed(fixtureHtml('gmail/thread.html'), [[/ email="/g, ' data-x="']]));
    expect(gmailAdapter.recognise(broken)).toBe(true);
    expect(gmailAdapter.expectsPeople!(broken, url)).toBe(true);
    expect(readAll(gmailAdapter, broken).flatMap((surface) => surface.people)).toEqual([]);
  });

  it('knows its settings pages list no one', () => {
    expect(gmailAdapter.peopleless!(new URL('https://mail.google.com/mail/u/0/#settings/general'))).toBe(true);
    expect(gmailAdapter.peopleless!(new URL('https://mail.google.com/mail/u/0/#inbox'))).toBe(false);
  });

  it('knows a message’s "Show original" and a thread’s "Print all" are no app page (no "layout not recognised" there)', () => {
    for (const plain of ['https://mail.google.com/mail/u/0/?ik=1a2b3c&view=om&permmsgid=msg-f:1800010000000000001', 'https://mail.google.com/mail/u/0/?ik=1a2b3c&view=pt&search=all&permthid=thread-f:1800010000000000001']) {
      expect(gmailAdapter.peopleless!(new URL(plain)), plain).toBe(true);
    }
    expect(gmailAdapter.peopleless!(new URL('https://mail.google.com/mail/u/0/?view=cm&fs=1&to=a@example.com'))).toBe(false);
    expect(gmailAdapter.peopleless!(new URL('https://mail.google.com/mail/u/0/#search/view%3Dom'))).toBe(false);
  });

  it('knows Google Chat on its host is not mail (no "layout not recognised" there), and a label named chat is', () => {
    for (const chat of ['https://mail.google.com/chat/u/0/#chat/home', 'https://mail.google.com/chat/', 'https://mail.google.com/mail/u/0/#chat/dm/abc123', 'https://mail.google.com/mail/u/0/#chat/space/AAAA']) {
      expect(gmailAdapter.peopleless!(new URL(chat)), chat).toBe(true);
    }
    for (const mail of ['https://mail.google.com/mail/u/0/#label/chats', 'https://mail.google.com/mail/u/0/#chats', 'https://mail.google.com/mail/u/0/#search/chat', 'https://mail.google.com/mail/u/0/#inbox/FMfcg']) {
      expect(gmailAdapter.peopleless!(new URL(mail)), mail).toBe(false);
    }
  });

  it('recognise(): true on every fixture, false on an unrelated page and on renamed anchors', () => {
    for (const page of pagesOf('gmail')) {
      for (const view of page.views) expect(gmailAdapter.recognise(loadView(page.file, view.view))).toBe(true);
      const html = renamed(fixtureHtml(page.file), [
        [/gh="tl"/g, 'gx="tl"'],
        [/class="zA /g, 'class="zQ '],
        [/data-message-id/g, 'data-mx-id'],
        [/data-legacy-/g, 'data-lx-'],
        [/data-thread-/g, 'data-tx-'],
        [/class="M9"/g, 'class="M0"'],
        [/peoplekit-id/g, 'pk-id'],
      ]);
      expect(gmailAdapter.recognise(parse(html))).toBe(false);
    }
    expect(gmailAdapter.recognise(parse('<html><body><p>Hello</p></body></html>'))).toBe(false);
  });

  it('ownAddresses() finds the signed-in user (account button, else the document title)', () => {
    for (const page of pagesOf('gmail')) expect(gmailAdapter.ownAddresses(loadView(page.file, page.views[0]!.view))).toEqual([ME.email]);
    const doc = loadView('gmail/thread.html', 'thread');
    doc.querySelector('a.gb_B')!.remove();
    expect(gmailAdapter.ownAddresses(doc)).toEqual([ME.email]);
    expect(gmailAdapter.ownAddresses(parse('<title>Hello</title><p>Hello</p>'))).toEqual([]);
  });

  it('reads the 317-participant thread fast', () => {
    const doc = loadView('gmail/thread-large.html', 'thread');
    const { fastest, median, max, people } = timeReads(gmailAdapter, doc.getElementById('fixture-thread')!);
    console.log(`gmail/thread-large.html: ${String(people)} people, fastest ${fastest.toFixed(2)} ms, median ${median.toFixed(2)} ms, max ${max.toFixed(2)} ms per read`);
    expect(people).toBe(318);
    expect(fastest).toBeLessThan(50);
  });
});
