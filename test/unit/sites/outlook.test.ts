import { describe, expect, it } from 'vitest';
import { outlookAdapter, outlookOwnNames } from '@/lib/sites/outlook';
import { EXPECTED, checkView, fixtureHtml, loadView, pagesOf, parse, readAll, renamed, timeReads } from './fixtures';

const ME = EXPECTED.signedInUser;

function only(file: string, view: string) {
  const surfaces = readAll(outlookAdapter, loadView(file, view));
  expect(surfaces).toHaveLength(1);
  return surfaces[0]!;
}

describe('outlook adapter: fixtures', () => {
  for (const page of pagesOf('outlook')) {
    for (const view of page.views) {
      it(`${page.file} [${view.view}] reads exactly the expected people, names-only people and context`, () => {
        checkView(outlookAdapter, page, view);
      });
    }
  }
});

describe('outlook adapter: details', () => {
  it('returns hostile names as plain text: a "<img …>" name stays a name, not an address', () => {
    const pane = only('outlook/reading-pane.html', 'reading-pane');
    expect(pane.people.find((p) => p.name === '<img src=x onerror="window.__pwned=1">')).toMatchObject({ email: null, roles: ['cc'] });
    expect(pane.context.title).toBe('Pricing follow-up "><svg onload=window.__pwned=1>');
    const compose = only('outlook/compose.html', 'compose');
    expect(compose.people.find((p) => p.email === 'attr-name@unknown.example')?.name).toBe('" onmouseover="window.__pwned=1');
    const event = only('outlook/calendar-event.html', 'event-full-view');
    expect(event.people.find((p) => p.name === '<script>window.__pwned=1</script>')).toMatchObject({ email: null, roles: ['guest'] });
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('reads a <main> landmark without the role as the main region: the full event view there too', () => {
    const html = fixtureHtml('outlook/calendar-event.html').replace(/<div([^>]*) role="main"([^>]*)>([\s\S]*)<\/div>(\s*<\/body>)/, '<main$1$2>$3</main>$4');
    expect(html).toContain('<main');
    const doc = parse(html);
    expect(doc.querySelector('[role="main"]')).toBeNull();
    const event = readAll(outlookAdapter, doc).find((surface) => surface.kind === 'event');
    expect(event?.people.map((p) => p.name ?? p.email)).toEqual(only('outlook/calendar-event.html', 'event-full-view').people.map((p) => p.name ?? p.email));
    expect(outlookAdapter.expectsPeople!(doc, new URL('https://outlook.office.com/calendar/item/AAMkAD'))).toBe(true);
  });

  it('in a conversation, takes header roles by position afresh for each message (labels in a language it does not know)', () => {
    const message = (from: string, to: string, cc: string) =>
      `<div role="heading" aria-level="3">Xa: <button>${from}</button></div><div role="heading" aria-level="3">Xb: <button>${to}</button></div>` +
      `<div role="heading" aria-level="3">Xc: <button>${cc}</button></div><div role="document">Body</div>`;
    const doc = parse(`<div role="main" aria-label="Reading Pane">${message('Ana Ruiz', 'Bo Lind', 'Cy Moor')}${message('Dee Park', 'Eli Stone', 'Fay Wong')}</div>`);
    const pane = outlookAdapter.readSurface(doc.querySelector('[role=main]')!)!;
    expect(pane.people.map((p) => [p.name, p.roles])).toEqual([
      ['Ana Ruiz', ['sender']],
      ['Bo Lind', ['to']],
      ['Cy Moor', ['cc']],
      ['Dee Park', ['sender']],
      ['Eli Stone', ['to']],
      ['Fay Wong', ['cc']],
    ]);
  });

  it('parses "Name <addr>", an address alone, and a title attribute; lowercases addresses', () => {
    const pane = only('outlook/reading-pane.html', 'reading-pane');
    expect(pane.people.find((p) => p.email === 'maya.chen@example.com')).toMatchObject({ name: 'Maya Chen', roles: ['sender'] });
    expect(pane.people.find((p) => p.email === 'riley.stone@unknown.example')).toMatchObject({ name: null, roles: ['to'] });
    expect(pane.people.find((p) => p.email === 'alex.kim@example.com')).toMatchObject({ name: 'Alex Kim', roles: ['to'] });
    const compose = only('outlook/compose.html', 'compose');
    expect(compose.people.find((p) => p.email === 'jonas.berg@example.org')).toMatchObject({ name: null, roles: ['to'] });
  });

  it('keeps name-only chips and people by their exact display name, apart from same-named addresses', () => {
    const compose = only('outlook/compose.html', 'compose');
    const names = compose.people.filter((p) => p.email === null);
    expect(names.map((p) => [p.name, p.roles])).toEqual([['Maya Chen', ['to']], ['Omar Haddad', ['cc']]]);
    for (const person of names) expect(person.elements[0]!.getAttribute('draggable')).toBe('true');
    const pane = only('outlook/reading-pane.html', 'reading-pane');
    expect(pane.people.filter((p) => p.name === 'Alex Kim').map((p) => p.email)).toEqual(['alex.kim@example.com', null]);
    expect(pane.people.find((p) => p.name === 'Novak-Brandt, Lena')).toMatchObject({ email: null, roles: ['cc'] });
  });

  it('reads a chip once where chips sit deeper in the field: a draggable chip around a persona target', () => {
    // Each chip wrapped (not a child of the field itself), its persona target a separate element inside it.
    const html = fixtureHtml('outlook/compose.html')
      .replaceAll('<span contenteditable="false" draggable="true" class="chip _EType_RECIPIENT_ENTITY" data-lpc-hover-target-id=', '<span class="wrap"><span contenteditable="false" draggable="true" class="chip _EType_RECIPIENT_ENTITY"><span data-lpc-hover-target-id=')
      .replaceAll('</span></span></span></span>', '</span></span></span></span></span></span>');
    const [compose] = readAll(outlookAdapter, parse(html)).filter((surface) => surface.kind === 'compose');
    const wanted = only('outlook/compose.html', 'compose');
    expect(compose!.people.map((p) => [p.email, p.name, p.roles])).toEqual(wanted.people.map((p) => [p.email, p.name, p.roles]));
    // One element per person: one marker each.
    for (const person of compose!.people) expect(person.elements).toHaveLength(1);
  });

  it('ignores malformed addresses in chips (they stay names) and never reads the bodies', () => {
    const doc = loadView('outlook/compose.html', 'compose');
    const to = doc.querySelector('[contenteditable=true][aria-label=To]')!;
    const chip = to.firstElementChild!.cloneNode(true) as Element;
    chip.querySelector('[class*="individualText-"]')!.textContent = 'Broken <not-an-address>';
    to.append(chip);
    const compose = outlookAdapter.readSurface(doc.querySelector('[role=main]')!)!;
    expect(compose.people.find((p) => p.name === 'Broken <not-an-address>')).toMatchObject({ email: null });
    expect(compose.people.some((p) => p.email === 'tom.okafor@example.org')).toBe(false);
    expect(only('outlook/reading-pane.html', 'reading-pane').people.some((p) => p.email === 'priya.raman@example.com')).toBe(false);
    expect(only('outlook/calendar-event.html', 'event-full-view').people.some((p) => p.email === 'riley.stone@unknown.example')).toBe(false);
  });

  it('does not read the message list', () => {
    const pane = only('outlook/reading-pane.html', 'reading-pane');
    expect(pane.people.some((p) => p.name === 'Weiss, Daniel' || p.name === '<script>window.__pwned=1</script>')).toBe(false);
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    expect(doc.querySelector('[role=listbox]')!.matches(outlookAdapter.surfaceSelectors.join(', '))).toBe(false);
  });

  it('takes header roles from localized labels, then from the headers\' order', () => {
    const html = fixtureHtml('outlook/reading-pane.html')
      .replace('<span class="lbl">To: </span>', '<span class="lbl">An: </span>')
      .replace('<span class="lbl">Cc: </span>', '<span class="lbl">Kopie: </span>')
      .replace(/<span class="lbl" aria-hidden="true">From: <\/span>/, '<span class="lbl" aria-hidden="true">Von: </span>');
    let surface = readAll(outlookAdapter, parse(html))[0]!;
    expect(surface.people.find((p) => p.email === 'grace.liu@example.org')?.roles).toEqual(['cc']);
    expect(surface.people.find((p) => p.email === 'maya.chen@example.com')?.roles).toEqual(['sender']);
    const unknown = html.replace(/<span class="lbl"( aria-hidden="true")?>[^<]*<\/span>/g, '<span class="lbl">❓ </span>');
    surface = readAll(outlookAdapter, parse(unknown))[0]!;
    expect(surface.people.find((p) => p.email === 'maya.chen@example.com')?.roles).toEqual(['sender']);
    expect(surface.people.find((p) => p.email === 'riley.stone@unknown.example')?.roles).toEqual(['to']);
    expect(surface.people.find((p) => p.email === 'grace.liu@example.org')?.roles).toEqual(['cc']);
  });

  it('finds the event organizer without the English label', () => {
    const html = fixtureHtml('outlook/calendar-event.html').replace('aria-label="Opens card for Sofia Alvarez"', 'aria-label="Ouvre la carte de Sofia Alvarez"');
    const surface = readAll(outlookAdapter, parse(html))[0]!;
    expect(surface.people.find((p) => p.name === 'Sofia Alvarez')).toMatchObject({ email: null, roles: ['organizer'] });
  });

  it('reads an inline reply inside the reading pane as its own compose surface', () => {
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    const form = loadView('outlook/compose.html', 'compose').querySelector('[data-app-section="Form_Content"]')!;
    const inline = doc.importNode(form, true);
    inline.removeAttribute('role');
    doc.getElementById('ReadingPaneContainerId')!.append(inline);
    const surfaces = readAll(outlookAdapter, doc);
    expect(surfaces.map((s) => s.kind).sort()).toEqual(['compose', 'message']);
    expect(surfaces.find((s) => s.kind === 'message')!.people.some((p) => p.email === 'sofia.alvarez@example.com')).toBe(false);
  });

  it('on a calendar page, reads group headings with a toggle button as headings, and files in the event as no one', () => {
    // Outlook's collapsible response groups: the heading holds a button. In the mail reader the
    // button would be a person called "Accepted (3)".
    const html = fixtureHtml('outlook/calendar-event.html')
      .replace('<h3 role="heading" aria-level="3">Accepted (3)</h3>', '<h3 role="heading" aria-level="3"><button type="button" aria-expanded="true">Accepted (3)</button></h3>')
      .replace('<div role="document"', '<div role="list" aria-label="Files"><div role="listitem">Partner tiers.pdf</div></div><div role="document"');
    const body = parse(html).body.innerHTML;
    const before = window.location.href;
    window.history.replaceState(null, '', '/calendar/item/AAMkAD');
    document.body.innerHTML = body;
    try {
      const surfaces = readAll(outlookAdapter, document);
      expect(surfaces).toHaveLength(1);
      const event = surfaces[0]!;
      expect(event.kind).toBe('event');
      const names = event.people.map((person) => person.name ?? person.email);
      expect(names).toContain('Maya Chen');
      expect(names).not.toContain('Accepted (3)');
      expect(names).not.toContain('Partner tiers.pdf');
      // The same people, names and roles as the unchanged fixture.
      const plain = only('outlook/calendar-event.html', 'event-full-view');
      expect(event.people.map((person) => [person.email, person.name, person.roles])).toEqual(plain.people.map((person) => [person.email, person.name, person.roles]));
    } finally {
      document.body.innerHTML = '';
      window.history.replaceState(null, '', before);
    }
  });

  it('on a calendar page, reads an event form’s attendee fields (the organizer editing their meeting) as the event’s guests, and a mail form there as mail', () => {
    const chip = (name: string) => `<span contenteditable="false"><span class="individualText-151">${name}</span></span>`;
    const form = (fields: string) =>
      `<div data-app-section="Form_Content"><input type="text" maxlength="255" value="Partnership planning">${fields}<div contenteditable="true" aria-multiline="true" role="textbox" aria-label="Event body"></div></div>`;
    const before = window.location.href;
    const read = (path: string, html: string) => {
      window.history.replaceState(null, '', path);
      document.body.innerHTML = html;
      return readAll(outlookAdapter, document);
    };
    try {
      const invite = form(`<div contenteditable="true" aria-label="Invite required attendees">${chip('Maya Chen')}${chip('Daniel Weiss &lt;daniel.weiss@example.net&gt;')}</div><div contenteditable="true" aria-label="Optional attendees">${chip('Grace Liu')}</div>`);
      const [event] = read('/calendar/deeplink/compose', invite);
      expect(event).toMatchObject({ kind: 'event', context: { title: 'Partnership planning', when: null } });
      expect(event!.people.map((person) => [person.name, person.roles])).toEqual([['Maya Chen', ['guest']], ['Daniel Weiss', ['guest']], ['Grace Liu', ['guest']]]);
      // The same form in mail is a message being written (its fields taken by their order).
      expect(read('/mail/deeplink/compose', invite)[0]).toMatchObject({ kind: 'compose' });
      // A mail form on a calendar page (labelled To / Cc) stays mail.
      const mail = form(`<div contenteditable="true" aria-label="To">${chip('Maya Chen')}</div><div contenteditable="true" aria-label="Cc">${chip('Grace Liu')}</div>`);
      const [compose] = read('/calendar/view/week', mail);
      expect(compose!.kind).toBe('compose');
      expect(compose!.people.map((person) => person.roles)).toEqual([['to'], ['cc']]);
    } finally {
      document.body.innerHTML = '';
      window.history.replaceState(null, '', before);
    }
  });

  it('reads no toggle or overflow count in a header as a person ("+12 others", "12 more", a menu button)', () => {
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    const [, , to, cc] = [...doc.querySelectorAll('#ReadingPaneContainerId [role=heading]')];
    const add = (heading: Element, html: string) => heading.insertAdjacentHTML('beforeend', `<span aria-hidden="true">; </span>${html}`);
    add(to!, '<button type="button">+12 others</button>');
    for (const count of ['3 more', '+ 7', '+١٢', '+12 autres', '12 weitere']) add(cc!, `<button type="button">${count}</button>`);
    add(cc!, '<button type="button" aria-expanded="false">Show all recipients</button>');
    add(cc!, '<button type="button" aria-haspopup="menu">Recipient options</button>');
    // People still: a button whose popup is a card (a dialog), a persona card target that toggles.
    add(cc!, '<button type="button" aria-haspopup="dialog">Drew Ellis</button>');
    add(cc!, '<button type="button" data-lpc-hover-target-id="lpc-rcp-9" aria-expanded="false">Sam Porter</button>');
    // Names that start with a number are names.
    add(cc!, '<button type="button">3 Musketeers</button>');
    add(cc!, '<button type="button" data-lpc-hover-target-id="lpc-rcp-10">99 Ranch Market</button>');
    const surface = outlookAdapter.readSurface(doc.getElementById('ReadingPaneContainerId')!)!;
    const plain = only('outlook/reading-pane.html', 'reading-pane');
    const rows = (people: typeof plain.people) => people.map((person) => [person.email, person.name, person.roles]);
    expect(rows(surface.people)).toEqual([...rows(plain.people), [null, 'Drew Ellis', ['cc']], [null, 'Sam Porter', ['cc']], [null, '3 Musketeers', ['cc']], [null, '99 Ranch Market', ['cc']]]);
  });

  it('reads a hidden root as nothing', () => {
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    const pane = doc.getElementById('ReadingPaneContainerId')!;
    pane.setAttribute('hidden', '');
    expect(outlookAdapter.readSurface(pane)).toBeNull();
  });

  it('expects people where a message is open in mail and where an event counts responses, not in a compose form', () => {
    const mail = new URL('https://outlook.office.com/mail/id/AAkALg');
    const event = new URL('https://outlook.office.com/calendar/item/AAMkAD');
    expect(outlookAdapter.expectsPeople!(parse(fixtureHtml('outlook/reading-pane.html')), mail)).toBe(true);
    expect(outlookAdapter.expectsPeople!(parse(fixtureHtml('outlook/compose.html')), mail)).toBe(false);
    expect(outlookAdapter.expectsPeople!(parse(fixtureHtml('outlook/calendar-event.html')), event)).toBe(true);
    // Groups that count no one, or no event open (the week's grid): no one is expected.
    expect(outlookAdapter.expectsPeople!(parse(fixtureHtml('outlook/calendar-event.html').replace(/\((\d+)\)<\/h3>/g, '(0)</h3>')), event)).toBe(false);
    expect(outlookAdapter.expectsPeople!(parse('<div role="main"><div role="heading">Week of 18 May (5)</div></div>'), event)).toBe(false);
    // The event's body may hold such a heading: it is the organiser's text, not a response group.
    expect(outlookAdapter.expectsPeople!(parse('<div role="main"><div role="document"><h3>Agenda (3)</h3><ul><li>One</li></ul></div></div>'), event)).toBe(false);
    // A message hidden away (a view left in the page) expects no one.
    expect(outlookAdapter.expectsPeople!(parse(fixtureHtml('outlook/reading-pane.html').replace('role="document"', 'hidden role="document"')), mail)).toBe(false);
  });

  it('an event whose attendee rows changed markup reads no one but still expects people (the self-check reports it)', () => {
    const changed = fixtureHtml('outlook/calendar-event.html').replace(/role="listitem"/g, 'role="presentation"').replace(/ms-Persona/g, 'fui-Persona').replace(/data-lpc-hover-target-id/g, 'data-x');
    const doc = parse(changed);
    const event = new URL('https://outlook.office.com/calendar/item/AAMkAD');
    // Nobody at all is read from the page (the self-check's "found anyone" is false).
    expect(readAll(outlookAdapter, doc).flatMap((surface) => surface.people)).toEqual([]);
    expect(outlookAdapter.expectsPeople!(doc, event)).toBe(true);
  });

  it('recognise(): true on every fixture, false on an unrelated page and on renamed anchors', () => {
    for (const page of pagesOf('outlook')) {
      expect(outlookAdapter.recognise(loadView(page.file, page.views[0]!.view))).toBe(true);
      const html = renamed(fixtureHtml(page.file), [
        [/O365_/g, 'X365_'],
        [/data-convid/g, 'data-cx'],
        [/data-app-section/g, 'data-as'],
        [/ReadingPaneContainerId/g, 'RPC'],
        [/owamail/g, 'xxxmail'],
      ]);
      expect(outlookAdapter.recognise(parse(html))).toBe(false);
    }
    expect(outlookAdapter.recognise(parse('<html><body><p>Hello</p></body></html>'))).toBe(false);
  });

  it('a reply written inline in the reading pane keeps the message it answers read (its people still marked), and adds the reply’s recipients', () => {
    const before = readAll(outlookAdapter, loadView('outlook/reading-pane.html', 'reading-pane'))[0]!;
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    doc.querySelector('#ReadingPaneContainerId [role="menubar"]')!.insertAdjacentHTML(
      'beforebegin',
      '<div class="inline-reply"><div contenteditable="true" aria-label="To"><span contenteditable="false"><span class="individualText-151">Maya Chen</span></span><span contenteditable="false"><span class="individualText-151">Lee Park &lt;lee.park@unknown.example&gt;</span></span></div>' +
        '<div contenteditable="true" aria-multiline="true" role="textbox" aria-label="Message body">Thanks</div></div>',
    );
    const surfaces = readAll(outlookAdapter, doc);
    expect(surfaces).toHaveLength(1);
    const pane = surfaces[0]!;
    expect(pane.kind).toBe('message');
    expect(pane.context).toEqual(before.context);
    const key = (person: { email: string | null; name: string | null }) => person.email ?? person.name;
    // Everyone the message shows, as before; the reply's recipients with them.
    for (const person of before.people) expect(pane.people.find((found) => key(found) === key(person))?.roles, key(person) ?? '').toEqual(expect.arrayContaining(person.roles));
    expect(pane.people.find((person) => person.email === 'lee.park@unknown.example')?.roles).toEqual(['to']);
    // A chip showing a name only is a name-only person (matched by name later), beside the header's Maya.
    expect(pane.people.find((person) => person.email === null && person.name === 'Maya Chen')?.roles).toEqual(['to']);
    expect(pane.people).toHaveLength(before.people.length + 2);
  });

  it('ownAddresses() finds the signed-in user; outlookOwnNames() their display name', () => {
    for (const page of pagesOf('outlook')) {
      const doc = loadView(page.file, page.views[0]!.view);
      expect(outlookAdapter.ownAddresses(doc)).toEqual([ME.email]);
      expect(outlookOwnNames(doc)).toEqual([ME.name]);
    }
    expect(outlookAdapter.ownAddresses(parse('<p>Hello</p>'))).toEqual([]);
  });

  it('outlookOwnNames() finds the display name before the account menu was ever opened (its flyout is not in the page yet)', () => {
    const shell = (button: string) => parse(`<div id="O365_MainLink_Me_container">${button}</div>`);
    // The header's text on one element with both classes (WebKit's quirks, public scripts).
    expect(outlookOwnNames(shell('<button id="O365_MainLink_Me" type="button"><div class="mectrl_headertext mectrl_truncate">Primer Tester</div><div class="mectrl_profilepic">PT</div></button>'))).toEqual(['Primer Tester']);
    // No text, only the button's label.
    expect(outlookOwnNames(shell('<button id="O365_MainLink_Me" type="button" aria-label="Account manager for Primer  Tester"><div class="mectrl_profilepic">PT</div></button>'))).toEqual(['Primer Tester']);
    expect(outlookOwnNames(shell('<button id="O365_MainLink_Me" type="button" aria-label="Account manager"></button>'))).toEqual([]);
    expect(outlookOwnNames(shell('<button id="O365_MainLink_Me" type="button" aria-label="Account manager for me@example.com"></button>'))).toEqual([]);
  });

  it('reads a reading pane with 300 recipients fast (synthetic: the fixtures have no large Outlook page)', () => {
    const doc = loadView('outlook/reading-pane.html', 'reading-pane');
    const to = [...doc.querySelectorAll('#ReadingPaneContainerId [role=heading]')][2]!;
    for (let n = 0; n < 300; n++) {
      const button = doc.createElement('button');
      button.setAttribute('data-lpc-hover-target-id', `lpc-x-${String(n)}`);
      button.textContent = n % 3 === 0 ? `Person ${String(n)}` : `Person ${String(n)} <Person${String(n)}@Example.net>`;
      to.append(button);
    }
    const { fastest, median, max, people } = timeReads(outlookAdapter, doc.getElementById('ReadingPaneContainerId')!);
    console.log(`outlook reading pane + 300 recipients: ${String(people)} people, fastest ${fastest.toFixed(2)} ms, median ${median.toFixed(2)} ms, max ${max.toFixed(2)} ms per read`);
    // The pane's own people (expected.json: with an address, by name only, and the signed-in
    // user, whom the adapter reads and the scanner leaves out), and the 300 added.
    const pane = EXPECTED.pages.find((page) => page.file === 'outlook/reading-pane.html')!.views[0]!;
    const own = pane.surfaces[0]!.people.length + pane.surfaces[0]!.namesOnly.length + pane.excluded.length;
    expect(people).toBe(own + 300);
    expect(fastest).toBeLessThan(50);
  });
});
