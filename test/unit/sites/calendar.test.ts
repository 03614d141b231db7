import { describe, expect, it } from 'vitest';
import { calendarAdapter } from '@/lib/sites/calendar';
import { EXPECTED, checkView, fixtureHtml, loadView, pagesOf, parse, readAll, renamed, timeReads } from './fixtures';

const ME = EXPECTED.signedInUser;

describe('calendar adapter: fixtures', () => {
  for (const page of pagesOf('google-calendar')) {
    for (const view of page.views) {
      it(`${page.file} [${view.view}] reads exactly the expected people and context`, () => {
        checkView(calendarAdapter, page, view);
      });
    }
  }
});

describe('calendar adapter: details', () => {
  it('returns hostile display names as plain text, and nothing on the page runs', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const [surface] = readAll(calendarAdapter, doc);
    expect(surface!.people.find((p) => p.email === 'mallory@unknown.example')?.name).toBe('"><svg onload=window.__pwned=1>');
    expect(doc.querySelector('svg, img, [onload], [onerror]')).toBeNull();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
    const edit = readAll(calendarAdapter, loadView('calendar/event-page.html', 'edit-page'))[0]!;
    expect(edit.people.find((p) => p.email === 'script-name@unknown.example')?.name).toBe('<script>window.__pwned=1</script>');
    // A known contact's name, as the page shows it, with an attribute break-out in it.
    expect(edit.people.find((p) => p.email === 'eve.moreau@example.org')).toMatchObject({ name: 'Eve "><img src=x onerror=window.__pwned=1>', roles: ['guest'] });
    expect(edit.context.title).toBe('Renewal sync "><svg onload=window.__pwned=1>');
  });

  it('takes a shared, holiday or imported calendar listed as the organizer for no one', () => {
    for (const calendar of ['c_8f1e2d3c4b5a@group.calendar.google.com', 'en.usa#holiday@group.v.calendar.google.com', 'q7w8e9@import.calendar.google.com']) {
      // The event sits on a shared calendar: Calendar lists that calendar as the organizer.
      const html = fixtureHtml('calendar/event-popup.html').replaceAll('maya.chen@example.com', calendar).replace('Maya Chen, Organizer', 'Team Offsite, Organizer');
      const [surface] = readAll(calendarAdapter, parse(html));
      expect(surface!.people.map((p) => p.email)).not.toContain(calendar);
      expect(surface!.people.some((p) => p.roles.includes('organizer'))).toBe(false);
      expect(surface!.people).toHaveLength(6);
    }
  });

  it('lowercases mixed-case addresses and shows no name where the page shows the address', () => {
    const [surface] = readAll(calendarAdapter, loadView('calendar/event-popup.html', 'popup-open'));
    const jonas = surface!.people.find((p) => p.email === 'jonas.berg@example.org');
    expect(jonas).toMatchObject({ name: null, roles: ['guest'] });
  });

  it('takes no guest shown by an address with "organizer" in it for an organizer (row labels, and row text where labels say nothing)', () => {
    const cases = [
      ['calendar/event-popup.html', (html: string) => html.replaceAll('Jonas.Berg@Example.org', 'Meetup-Organizers@Example.org'), 'maya.chen@example.com'],
      ['calendar/event-page.html', (html: string) => html.replaceAll('sam.porter@unknown.example', 'meetup-organizers@example.org'), 'grace.liu@example.org'],
      // Labels that do not name the organizer: the rows' text is read instead.
      ['calendar/event-page.html', (html: string) => html.replaceAll('sam.porter@unknown.example', 'meetup-organizers@example.org').replaceAll(', Organizer, ', ', '), 'grace.liu@example.org'],
    ] as const;
    for (const [file, edit, organizer] of cases) {
      const people = readAll(calendarAdapter, parse(edit(fixtureHtml(file)))).flatMap((surface) => surface.people);
      expect(people.find((person) => person.email === 'meetup-organizers@example.org')?.roles, file).toEqual(['guest']);
      expect(people.filter((person) => person.roles.includes('organizer')).map((person) => person.email), file).toEqual([organizer]);
    }
  });

  it('ignores malformed addresses', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const tree = doc.querySelector('#xDetDlg [role=tree]')!;
    for (const bad of ['not-an-address', 'a@b', 'x@@example.com', 'two words@example.com', '<img src=x>@example.com', '']) {
      const row = doc.createElement('div');
      row.setAttribute('role', 'treeitem');
      row.setAttribute('data-email', bad);
      row.textContent = bad;
      tree.append(row);
    }
    const surface = calendarAdapter.readSurface(doc.getElementById('xDetDlg')!)!;
    expect(surface.people.map((p) => p.email).sort()).toEqual(
      ['alex.kim@example.com', 'daniel.weiss@example.net', 'jonas.berg@example.org', 'mallory@unknown.example', 'maya.chen@example.com', ME.email, 'riley.stone@unknown.example'].sort(),
    );
  });

  it('leaves rooms and resources out (popup row, edit-page row, Rooms tab)', () => {
    for (const [file, view] of [['calendar/event-popup.html', 'popup-open'], ['calendar/event-page.html', 'edit-page'], ['calendar/event-large.html', 'popup-open']] as const) {
      const people = readAll(calendarAdapter, loadView(file, view)).flatMap((s) => s.people);
      expect(people.some((p) => p.email?.endsWith('@resource.calendar.google.com'))).toBe(false);
      expect(people.some((p) => p.name?.startsWith('HQ-'))).toBe(false);
    }
  });

  it('ignores the hidden leftover dialog, and would read it were it shown', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const stale = doc.querySelector('.RDlrG.stale')!;
    expect(stale.matches(calendarAdapter.surfaceSelectors.join(', '))).toBe(true);
    expect(calendarAdapter.readSurface(stale)).toBeNull();
    stale.removeAttribute('aria-hidden');
    stale.removeAttribute('style');
    expect(calendarAdapter.readSurface(stale)?.people).toEqual([expect.objectContaining({ email: 'tom.okafor@example.org', name: 'Tom Okafor', roles: ['organizer'] })]);
  });

  it('does not read the description (mailto links) or the grid chips', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const people = readAll(calendarAdapter, doc).flatMap((s) => s.people);
    expect(people.some((p) => p.email === 'helpdesk@unknown.example')).toBe(false);
    for (const chip of doc.querySelectorAll('[data-eventchip]')) expect(chip.matches(calendarAdapter.surfaceSelectors.join(', '))).toBe(false);
  });

  it('never takes a heading in the description for the title (the description is never read)', () => {
    // The title's own id gone and a heading written by the organiser first in the description.
    const html = fixtureHtml('calendar/event-popup.html')
      .replace(/<span id="rAECCd" role="heading" aria-level="1" class="UfeRlc">Q3 roadmap review<\/span>/, '')
      .replace('<div id="xDetDlgDesc" class="toUqff D29CYb">', '<div id="xDetDlgDesc" class="toUqff D29CYb"><h2>Read before the call</h2>');
    const doc = parse(html);
    expect(doc.querySelector('#xDetDlgDesc h2')).not.toBeNull();
    const [surface] = readAll(calendarAdapter, doc);
    expect(surface!.context.title).not.toBe('Read before the call');
    // The parts of a popup that are never read are what the observer may ignore.
    expect(calendarAdapter.unreadRegions?.some((selector) => doc.querySelector('#xDetDlgDesc')!.matches(selector))).toBe(true);
  });

  it('recognises the organizer in other languages, and only from the part after the name', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const rows = [...doc.querySelectorAll('#xDetDlg [role=treeitem][data-email]')];
    const maya = rows.find((r) => r.getAttribute('data-email') === 'maya.chen@example.com')!;
    const daniel = rows.find((r) => r.getAttribute('data-email') === 'daniel.weiss@example.net')!;
    maya.setAttribute('aria-label', 'Maya Chen, Organisateur, Accepté');
    maya.querySelector('.bgOWSb')!.textContent = 'Organisateur';
    daniel.setAttribute('aria-label', 'Daniel Weiss, Vielleicht');
    const surface = calendarAdapter.readSurface(doc.getElementById('xDetDlg')!)!;
    expect(surface.people.find((p) => p.email === 'maya.chen@example.com')?.roles).toEqual(['organizer']);
    expect(surface.people.find((p) => p.email === 'daniel.weiss@example.net')?.roles).toEqual(['guest']);
  });

  it('reads the organizer from the rows’ text only where no row’s label names one', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const rows = [...doc.querySelectorAll('#xDetDlg [role=treeitem][data-email]')];
    const roleOf = (email: string) => calendarAdapter.readSurface(doc.getElementById('xDetDlg')!)!.people.find((p) => p.email === email)?.roles;
    const organizer = rows.find((r) => /organi[sz]er/i.test(r.getAttribute('aria-label') ?? ''))!;
    const email = organizer.getAttribute('data-email')!;
    const daniel = rows.find((r) => r.getAttribute('data-email') === 'daniel.weiss@example.net')!;
    // A guest row whose text happens to carry the word: the labels say who organizes.
    daniel.append(doc.createTextNode(' Organizer of the offsite'));
    expect(roleOf(email)).toEqual(['organizer']);
    expect(roleOf('daniel.weiss@example.net')).toEqual(['guest']);
    // Labels without roles: the second line under the name says it.
    daniel.lastChild!.remove();
    for (const row of rows) row.setAttribute('aria-label', row.getAttribute('aria-label')!.replace(/,\s*organi[sz]er/i, ''));
    expect(organizer.textContent).toMatch(/organi[sz]er/i);
    expect(roleOf(email)).toEqual(['organizer']);
    expect(roleOf('daniel.weiss@example.net')).toEqual(['guest']);
  });

  it('falls back when the ids and data-email go away: event-id block, dialog root, then data-hovercard-id', () => {
    let html = fixtureHtml('calendar/event-popup.html').replace(/id="xDetDlg"/, 'id="renamedDlg"');
    let surfaces = readAll(calendarAdapter, parse(html));
    expect(surfaces).toHaveLength(1);
    expect(surfaces[0]!.root.id).toBe('renamedDlg');
    expect(surfaces[0]!.people).toHaveLength(7);
    html = html.replace(/ data-is-create="false"/g, '');
    surfaces = readAll(calendarAdapter, parse(html));
    expect(surfaces).toHaveLength(1);
    expect(surfaces[0]!.root.getAttribute('role')).toBe('dialog');
    expect(surfaces[0]!.context.title).toBe('Q3 roadmap review');
    expect(surfaces[0]!.people).toHaveLength(7);
    html = html.replace(/ data-email="[^"]*"/g, '');
    surfaces = readAll(calendarAdapter, parse(html));
    expect(surfaces[0]!.people.map((p) => p.email)).toContain('maya.chen@example.com');
    expect(surfaces[0]!.people.some((p) => p.email?.endsWith('@resource.calendar.google.com'))).toBe(false);
    expect(surfaces[0]!.people).toHaveLength(7);
  });

  it('a dialog around the event block reads only the guests outside it, and nothing when the block holds them all', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const dialog = doc.querySelector('[role="dialog"][aria-modal="true"]')!;
    const block = doc.getElementById('xDetDlg')!;
    expect(dialog.contains(block)).toBe(true);
    expect(calendarAdapter.readSurface(dialog)).toBeNull();
    // A guest row of the dialog's own, beside the block (and one more inside it, to make the counts differ).
    const row = block.querySelector('[data-email]')!;
    const own = row.cloneNode(true) as Element;
    own.setAttribute('data-email', 'outside.guest@example.com');
    own.setAttribute('aria-label', 'Outside Guest, Accepted');
    own.querySelector('[data-hovercard-id]')?.setAttribute('data-hovercard-id', 'outside.guest@example.com');
    own.querySelector('.SDqFWd')!.textContent = 'Outside Guest';
    dialog.append(own);
    const surface = calendarAdapter.readSurface(dialog)!;
    expect(surface.people.map((p) => [p.email, p.name])).toEqual([['outside.guest@example.com', 'Outside Guest']]);
    expect(calendarAdapter.readSurface(block)!.people.map((p) => p.email)).not.toContain('outside.guest@example.com');
  });

  it('edit page: the guest list (English label) or, in other languages, the [data-is-create] page reads the guests', () => {
    let doc = loadView('calendar/event-page.html', 'edit-page');
    const list = doc.querySelector('div[aria-label="Guests invited to this event."]')!;
    const context = { title: 'Renewal sync "><svg onload=window.__pwned=1>', when: 'Thursday, May 21, 2026 2:00pm – 3:00pm' };
    let surfaces = readAll(calendarAdapter, doc);
    expect(surfaces.map((s) => s.root)).toEqual([list]);
    expect(calendarAdapter.readSurface(doc.querySelector('[data-is-create]')!)).toBeNull();
    doc = parse(fixtureHtml('calendar/event-page.html').replace('aria-label="Guests invited to this event."', 'aria-label="Invités à cet événement."'));
    surfaces = readAll(calendarAdapter, doc);
    expect(surfaces.map((s) => s.root)).toEqual([doc.querySelector('[data-is-create]')]);
    for (const s of [surfaces[0]!, readAll(calendarAdapter, loadView('calendar/event-page.html', 'edit-page'))[0]!]) {
      expect(s.people).toHaveLength(10);
      expect(s.context).toEqual(context);
    }
  });

  it('re-reads a reused popup: the same root now shows another event', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    const root = doc.getElementById('xDetDlg')!;
    doc.getElementById('rAECCd')!.textContent = 'Another event';
    for (const row of [...root.querySelectorAll('[role=treeitem]')].slice(1)) row.remove();
    const surface = calendarAdapter.readSurface(root)!;
    expect(surface.context.title).toBe('Another event');
    expect(surface.people.map((p) => p.email)).toEqual(['maya.chen@example.com']);
  });

  it('reads nothing from a popup without guests', () => {
    const doc = loadView('calendar/event-popup.html', 'popup-open');
    for (const row of doc.querySelectorAll('#xDetDlg [data-email]')) row.remove();
    expect(calendarAdapter.readSurface(doc.getElementById('xDetDlg')!)).toBeNull();
  });

  it('knows its settings pages list no one', () => {
    expect(calendarAdapter.peopleless!(new URL('https://calendar.google.com/calendar/u/0/r/settings/general'))).toBe(true);
    expect(calendarAdapter.peopleless!(new URL('https://calendar.google.com/calendar/u/0/r/settings'))).toBe(true);
    expect(calendarAdapter.peopleless!(new URL('https://calendar.google.com/calendar/u/0/r/week/2026/5/18'))).toBe(false);
  });

  it('expects people where an event shows a guest list (not of an event without guests), and reads no one once the rows lose their address attributes (the self-check then reports)', () => {
    const url = new URL('https://calendar.google.com/calendar/u/0/r/week/2026/11/24');
    for (const file of ['calendar/event-popup.html', 'calendar/event-page.html']) {
      expect(calendarAdapter.expectsPeople!(parse(fixtureHtml(file)), url), file).toBe(true);
      const broken = parse(renamed(fixtureHtml(file), [[/ data-(email|hovercard-id|id)="/g, ' data-x="']]));
      expect(calendarAdapter.recognise(broken), file).toBe(true);
      expect(calendarAdapter.expectsPeople!(broken, url), file).toBe(true);
      expect(readAll(calendarAdapter, broken).flatMap((surface) => surface.people), file).toEqual([]);
    }
    // An event without guests has no guest list: no one is expected of it.
    const solo = loadView('calendar/event-popup.html', 'popup-open');
    solo.getElementById('xDetDlgAtt')!.remove();
    expect(calendarAdapter.expectsPeople!(solo, url)).toBe(false);
    // A popup closed (hidden, kept for reuse) expects no one either.
    const closed = loadView('calendar/event-popup.html', 'popup-open');
    closed.getElementById('xDetDlgAtt')!.setAttribute('hidden', '');
    expect(calendarAdapter.expectsPeople!(closed, url)).toBe(false);
  });

  it('knows the pages on its host that are not the calendar app list no one: booking pages, embeds, Tasks', () => {
    for (const other of [
      'https://calendar.google.com/calendar/appointments/schedules/AcZssZ1abc?gv=true',
      'https://calendar.google.com/calendar/u/0/appointments/AcZssZ2def',
      'https://calendar.google.com/calendar/selfsched?sstoken=UUxyz',
      'https://calendar.google.com/calendar/embed?src=team%40example.com&ctz=Europe%2FBerlin',
      'https://calendar.google.com/calendar/u/0/embed?src=team%40example.com',
      'https://calendar.google.com/calendar/u/0/r/tasks',
    ]) {
      expect(calendarAdapter.peopleless!(new URL(other)), other).toBe(true);
    }
    for (const app of ['https://calendar.google.com/calendar/u/0/r/eventedit/abc', 'https://calendar.google.com/calendar/u/0/r', 'https://calendar.google.com/calendar/u/0/r/day/2026/5/19']) {
      expect(calendarAdapter.peopleless!(new URL(app)), app).toBe(false);
    }
  });

  it('recognise(): true on every fixture, false on an unrelated page and on renamed anchors', () => {
    for (const page of pagesOf('google-calendar')) {
      expect(calendarAdapter.recognise(loadView(page.file, page.views[0]!.view))).toBe(true);
      const html = renamed(fixtureHtml(page.file), [
        [/data-eventid/g, 'data-evx'],
        [/data-eventchip/g, 'data-chx'],
        [/data-datekey/g, 'data-dkx'],
        [/data-is-create/g, 'data-isx'],
        [/xDetDlg/g, 'yDetDlg'],
        [/xTiIn/g, 'yTiIn'],
      ]);
      expect(calendarAdapter.recognise(parse(html))).toBe(false);
    }
    expect(calendarAdapter.recognise(parse('<html><body><p>Hello</p></body></html>'))).toBe(false);
  });

  it('ownAddresses() finds the signed-in user', () => {
    for (const page of pagesOf('google-calendar')) {
      expect(calendarAdapter.ownAddresses(loadView(page.file, page.views[0]!.view))).toEqual([ME.email]);
    }
    expect(calendarAdapter.ownAddresses(parse('<p>Hello</p>'))).toEqual([]);
  });

  it('reads the 322-guest popup fast', () => {
    const doc = loadView('calendar/event-large.html', 'popup-open');
    const { fastest, median, max, people } = timeReads(calendarAdapter, doc.getElementById('xDetDlg')!);
    console.log(`calendar/event-large.html: ${String(people)} people, fastest ${fastest.toFixed(2)} ms, median ${median.toFixed(2)} ms, max ${max.toFixed(2)} ms per read`);
    expect(people).toBe(323);
    expect(fastest).toBeLessThan(50);
  });
});
