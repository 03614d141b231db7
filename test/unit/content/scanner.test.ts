import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MS, FAILED_RETRY_MS, PeopleLookup, WHOLE_FAILURE_MS } from '@/lib/content/lookup';
import { MARKER_ATTRIBUTE, MARKER_TAG, markerLabel } from '@/lib/content/marker';
import { BATCH_DELAY_MS, watchSurfaces } from '@/lib/content/observer';
import { PageScanner } from '@/lib/content/scanner';
import { calendarAdapter } from '@/lib/sites/calendar';
import { gmailAdapter } from '@/lib/sites/gmail';
import { outlookAdapter } from '@/lib/sites/outlook';
import { queryAll } from '@/lib/sites/query';
import { LOOKUP_FAILED, type PersonAnswer, type PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';
import type { SiteAdapter, Surface } from '@/lib/sites/types';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/storage/preferences';
import { loadView } from '../sites/fixtures';

/** A tiny adapter over `<div class="s" data-title><span data-mail|data-who>…</span></div>`. */
const adapter: SiteAdapter = {
  site: 'gmail',
  surfaceSelectors: ['.s'],
  identityAttributes: ['data-mail', 'data-who'],
  readSurface(root): Surface | null {
    const spans = [...root.querySelectorAll<HTMLElement>('span[data-mail], span[data-who]')];
    if (spans.length === 0) return null;
    return {
      kind: 'thread',
      root,
      context: { title: root.getAttribute('data-title'), when: null },
      people: spans.map((span) => ({
        email: span.dataset.mail?.toLowerCase() ?? null,
        name: span.dataset.who ?? span.textContent,
        roles: ['to'],
        elements: [span],
      })),
    };
  },
  recognise: () => true,
  ownAddresses: () => ['me@example.com'],
};

const KNOWN: Record<string, ContactMatch> = {
  'e:maya@example.com': { contact: { id: 'm', name: 'Maya', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' },
  'e:bo@example.com': { contact: { id: 'b', name: 'Bo', email: 'bo@example.com', company: null, title: null }, matchedBy: 'email' },
  'n:grace liu': { contact: { id: 'g', name: 'Grace Liu', email: null, company: null, title: null }, matchedBy: 'name' },
};

let preferences: Preferences;
let find: ReturnType<typeof vi.fn<(people: PersonQuery[]) => Promise<(ContactMatch | null)[]>>>;
let scanner: PageScanner;

function key(query: PersonQuery) {
  return 'email' in query ? `e:${query.email}` : `n:${query.name.toLowerCase()}`;
}

/** The shared scanner's lookup clock (ms). */
let clock = 0;

beforeEach(() => {
  document.body.innerHTML = '';
  preferences = structuredClone(DEFAULT_PREFERENCES);
  find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => KNOWN[key(p)] ?? null)));
  clock = 1_000;
  scanner = new PageScanner({
    adapter,
    lookup: new PeopleLookup(find, () => clock),
    preferences: () => preferences,
    ownAddresses: () => new Set(['me@example.com']),
  });
});

function page(html: string) {
  document.body.innerHTML = html;
  return [...document.querySelectorAll('.s')];
}

const markers = () => [...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)];

describe('PageScanner', () => {
  it('places a marker by what the page shows, never by the matched contact’s address or name (the page would learn them from where it went)', async () => {
    const grace: ContactMatch = { contact: { id: 'g', name: 'Grace M. Liu', email: 'grace@private.example', company: null, title: null }, matchedBy: 'name' };
    find.mockImplementation((people: PersonQuery[]) => Promise.resolve(people.map((p) => (key(p) === 'n:grace liu' ? grace : null))));
    const roots = page('<div class="s"><span data-who="Grace Liu"><b>grace@private.example</b><i>Grace M. Liu</i><u>someone else</u></span></div>');
    await scanner.scan(roots);
    const [marker] = markers();
    const span = document.querySelector('span[data-who]')!;
    expect(marker).toBeDefined();
    // Not after either of the service's texts: at the end of the person's element, as for any text the page made up.
    expect(marker!.parentElement).toBe(span);
    expect(span.lastChild).toBe(marker);
  });

  it('marks known contacts only, by address or unique name, never the user', async () => {
    const roots = page(`<div class="s" data-title="Hi">
      <span data-mail="Maya@example.com">Maya</span><span data-mail="nobody@unknown.example">N</span>
      <span data-mail="me@example.com">Me</span><span data-who="Grace Liu">Grace Liu</span></div>`);
    await scanner.scan(roots);
    expect(markers().map((m) => m.parentElement?.textContent)).toEqual(['Maya', 'Grace Liu']);
    expect(markers().map((m) => m.getAttribute(MARKER_ATTRIBUTE))).toEqual(['email', 'name']);
    expect(markers()[1]?.getAttribute('aria-label')).toBe('Primer briefing: Grace Liu (matched by name)');
    // A button that opens the briefing's card, a dialog: screen readers say so with it.
    expect(markers().map((m) => [m.getAttribute('role'), m.getAttribute('aria-haspopup')])).toEqual([
      ['button', 'dialog'],
      ['button', 'dialog'],
    ]);
    expect(find.mock.calls.flatMap((c) => c[0])).not.toContainEqual({ email: 'me@example.com' });
    expect(scanner.stats()).toMatchObject({ surfaces: 1, people: 3, known: 2 });
  });

  /** A scanner whose writes are counted: how many markers each one added (or took away, negative). */
  const withWriteHook = () => {
    const writes: number[] = [];
    // Markers added or taken away outside the hook: the page's observer would see those.
    const unhooked: Node[] = [];
    const watch = new MutationObserver(() => undefined);
    watch.observe(document, { childList: true, subtree: true });
    const collect = () => {
      for (const record of watch.takeRecords()) {
        for (const node of [...record.addedNodes, ...record.removedNodes]) if (node instanceof Element && node.matches(MARKER_TAG)) unhooked.push(node);
      }
    };
    const lookup = new PeopleLookup(find);
    const hooked = new PageScanner({
      adapter,
      lookup,
      preferences: () => preferences,
      ownAddresses: () => new Set(),
      write: (apply) => {
        collect();
        const before = markers().length;
        apply();
        watch.takeRecords();
        writes.push(markers().length - before);
      },
    });
    /** The markers changed outside the hook since last asked (the test's own edits included). */
    const outsideHook = () => {
      collect();
      return unhooked.splice(0);
    };
    return { hooked, writes, lookup, outsideHook };
  };

  it('makes its DOM changes (markers in, markers out) through the write hook', async () => {
    const { hooked, writes } = withWriteHook();
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="bo@example.com">Bo</span></div>`);
    await hooked.scan(roots);
    expect(writes).toEqual([2]);
    document.querySelector('span[data-mail="bo@example.com"]')!.setAttribute('data-mail', 'nobody@unknown.example');
    await hooked.scan(roots);
    // Bo's mark goes as soon as the element shows someone else; the marking after the lookup changes
    // nothing more, and goes without the hook.
    expect(writes).toEqual([2, -1]);
  });

  it('reads a surface again without the write hook when no marker changes (a time rewritten, a line added)', async () => {
    const { hooked, writes, lookup, outsideHook } = withWriteHook();
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="bo@example.com">Bo</span><span data-mail="x@unknown.example">X</span><i>2 minutes ago</i></div>`);
    await hooked.scan(roots);
    expect(writes).toEqual([2]);
    document.querySelector('i')!.textContent = '3 minutes ago';
    await hooked.scan(roots);
    await hooked.scan(roots);
    expect(writes).toEqual([2]);
    expect(markers()).toHaveLength(2);
    expect(outsideHook()).toEqual([]);
    // A marker the site took away is put back, through the hook.
    markers()[0]!.remove();
    expect(outsideHook()).toHaveLength(1);
    await hooked.scan(roots);
    expect(writes).toEqual([2, 1]);
    expect(outsideHook()).toEqual([]);
    // Someone still shown who is no longer a contact loses their marker through it.
    find.mockImplementation((people) => Promise.resolve(people.map((p) => (key(p) === 'e:bo@example.com' ? null : (KNOWN[key(p)] ?? null)))));
    lookup.forget('e:bo@example.com');
    await hooked.scan(roots);
    expect(writes).toEqual([2, 1, -1]);
    expect(markers()).toHaveLength(1);
    expect(outsideHook()).toEqual([]);
  });

  it('takes down a marker that outlived its person’s element through the write hook too (the observer must not see it)', async () => {
    const { hooked, writes } = withWriteHook();
    // In a control, the marker goes after the control, beside it: it outlives the name inside.
    const roots = page(`<div class="s"><button type="button"><span data-mail="maya@example.com">Maya</span></button></div>`);
    await hooked.scan(roots);
    expect(writes).toEqual([1]);
    expect(document.querySelector('button + [data-primer-marker]')).not.toBeNull();
    document.querySelector('span[data-mail]')!.remove();
    await hooked.scan(roots);
    expect(markers()).toHaveLength(0);
    expect(writes[1]).toBe(-1);
  });

  it('takes a marker out of a subtree the site took out, so the subtree put back holds one marker, not two', async () => {
    const { hooked } = withWriteHook();
    const roots = page(`<div class="s"><p class="row"><button type="button"><span data-mail="maya@example.com">Maya</span></button></p></div>`);
    await hooked.scan(roots);
    const row = document.querySelector('.row')!;
    expect(row.querySelectorAll('[data-primer-marker]')).toHaveLength(1);
    // A view kept aside and shown again: the same nodes, out of the page and back.
    row.remove();
    await hooked.scan(roots);
    document.querySelector('.s')!.append(row);
    await hooked.scan(roots);
    expect(row.querySelectorAll('[data-primer-marker]')).toHaveLength(1);
  });

  it('never asks about excluded domains', async () => {
    preferences.excludedDomains = ['example.com'];
    await scanner.scan(page(`<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="x@eu.example.com">X</span></div>`));
    expect(markers()).toHaveLength(0);
    expect(find).not.toHaveBeenCalled();
  });

  it('never asks about a domain excluded as typed in its own script (the page shows its ASCII form)', async () => {
    preferences.excludedDomains = ['Müller.de', 'bücher.example'];
    await scanner.scan(page(`<div class="s"><span data-mail="max@xn--mller-kva.de">Max</span><span data-mail="eva@shop.xn--bcher-kva.example">Eva</span></div>`));
    expect(find).not.toHaveBeenCalled();
    preferences.excludedDomains = ['müller.de'];
    scanner.clear();
    await scanner.scan(page(`<div class="s"><span data-mail="max@mueller.de">Max</span></div>`));
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('is idempotent, and follows a reused surface that now shows someone else', async () => {
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span></div>`);
    await scanner.scan(roots);
    await scanner.scan(roots);
    expect(markers()).toHaveLength(1);
    const span = document.querySelector('span[data-mail]') as HTMLElement;
    span.dataset.mail = 'bo@example.com';
    span.firstChild!.textContent = 'Bo';
    await scanner.scan(roots);
    expect(markers()).toHaveLength(1);
    expect(markers()[0]?.getAttribute('aria-label')).toBe('Primer briefing: Bo');
    span.dataset.mail = 'nobody@unknown.example';
    await scanner.scan(roots);
    expect(markers()).toHaveLength(0);
  });

  it('keys a person shown by name only by that name, before and after the lookup finds them: one marker, kept', async () => {
    const roots = page(`<div class="s"><span data-who="Grace Liu">Grace Liu</span></div>`);
    const dropped = vi.fn();
    scanner.onDrop = dropped;
    // The first lookup fails (the service was busy): nothing is marked, and a read after WHOLE_FAILURE_MS asks again.
    find.mockRejectedValueOnce(new Error('busy'));
    await scanner.scan(roots);
    expect(markers()).toHaveLength(0);
    expect(scanner.stats()).toMatchObject({ people: 1, known: 0 });
    clock += WHOLE_FAILURE_MS;
    await scanner.scan(roots);
    const [marker] = markers();
    const grace = document.querySelector('[data-who]')!;
    expect(scanner.markFor(grace)).toMatchObject({ key: 'n:grace liu', match: { contact: { id: 'g' } } });
    // Counted as the same person the page showed before the lookup: one person, known.
    expect(scanner.stats()).toMatchObject({ people: 1, known: 1 });
    await scanner.scan(roots);
    expect(markers()).toEqual([marker]);
    expect(dropped).not.toHaveBeenCalled();
  });

  it('finds the mark from the element, its children or the marker, and lets go of removed views', async () => {
    const roots = page(`<div class="s"><span data-mail="maya@example.com"><b>Maya</b></span></div>`);
    await scanner.scan(roots);
    const bold = document.querySelector('b')!;
    expect(scanner.findMark(bold)?.match.contact.id).toBe('m');
    expect(scanner.markFor(markers()[0]!)?.match.contact.id).toBe('m');
    expect(scanner.findMark(document.body)).toBeUndefined();
    expect(scanner.surfaces()).toHaveLength(1);
    document.body.innerHTML = '';
    await scanner.scan([]);
    expect(scanner.surfaces()).toHaveLength(0);
    expect(scanner.findMark(bold)).toBeUndefined();
    expect(scanner.stats()).toEqual({ surfaces: 0, people: 0, known: 0, views: [], who: '' });
  });

  it('takes the address printed right after a marked person (Gmail’s “Maya <maya@…>”) for that person, and nothing else beside them', async () => {
    const roots = page(
      `<div class="s"><span class="qu"><span data-mail="maya@example.com">Maya</span> <span class="go"><span aria-hidden="true">&lt;</span>Maya@Example.com<span aria-hidden="true">&gt;</span></span></span>` +
        `<p><span data-mail="bo@example.com">Bo</span> <span class="go">&lt;someone.else@example.com&gt;</span> <span>maya@example.com</span></p></div>`,
    );
    await scanner.scan(roots);
    const [mayaAddress, otherAddress] = [...document.querySelectorAll('.go')];
    expect(scanner.findMark(mayaAddress!.childNodes[1]!)?.match.contact.id).toBe('m');
    expect(scanner.findMark(mayaAddress!)?.match.contact.id).toBe('m');
    // Another address beside Bo is not Bo; Maya's address elsewhere is not beside her.
    expect(scanner.findMark(otherAddress!)).toBeUndefined();
    expect(scanner.findMark(document.querySelector('p > span:last-child'))).toBeUndefined();
  });

  it('puts no marker inside editable fields but keeps the person hoverable', async () => {
    await scanner.scan(page(`<div class="s"><div contenteditable="true"><span data-mail="maya@example.com">Maya</span></div></div>`));
    expect(markers()).toHaveLength(0);
    expect(scanner.findMark(document.querySelector('span'))?.match.contact.id).toBe('m');
  });

  it('also when the whole surface sits inside an editable region', async () => {
    const roots = page(`<div contenteditable="true"><div class="s"><span data-mail="maya@example.com">Maya</span></div></div>`);
    await scanner.scan(roots);
    expect(markers()).toHaveLength(0);
    expect(scanner.findMark(document.querySelector('span'))?.match.contact.id).toBe('m');
  });

  it('drops answers that arrive after a clear, and marks nothing when lookups fail', async () => {
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span></div>`);
    const pending = scanner.scan(roots);
    scanner.clear();
    await pending;
    expect(markers()).toHaveLength(0);
    find.mockRejectedValueOnce(new Error('offline'));
    await scanner.scan([document.createElement('div')]);
    const failing = new PageScanner({ adapter, lookup: new PeopleLookup(() => Promise.reject(new Error('down'))), preferences: () => preferences, ownAddresses: () => new Set() });
    await failing.scan(roots);
    expect(markers()).toHaveLength(0);
  });

  it('remembers the surfaces in view whose people could not be looked up, with when to ask again, until a read of them succeeds', async () => {
    let now = 1_000;
    let mode: 'bo fails' | 'down' | 'ok' = 'bo fails';
    const lookup = new PeopleLookup((people) => {
      if (mode === 'down') return Promise.reject(new Error('offline'));
      return Promise.resolve(people.map((p): PersonAnswer => (mode === 'bo fails' && 'email' in p && p.email === 'bo@example.com' ? LOOKUP_FAILED : (KNOWN[key(p)] ?? null))));
    }, () => now);
    const failing = new PageScanner({ adapter, lookup, preferences: () => preferences, ownAddresses: () => new Set() });
    const [maya, bo] = page(`<div class="s"><span data-mail="maya@example.com">Maya</span></div>
      <div class="s"><span data-mail="bo@example.com">Bo</span><span data-mail="nobody@unknown.example">N</span></div>`) as [HTMLElement, HTMLElement];
    await failing.scan([maya, bo]);
    expect(markers()).toHaveLength(1);
    // "Not a contact" is no failure; Bo's is remembered for a minute.
    expect(failing.failedRoots()).toEqual([bo]);
    expect(failing.failedRoots(now + FAILED_RETRY_MS - 1)).toEqual([]);
    expect(failing.failedRoots(now + FAILED_RETRY_MS)).toEqual([bo]);
    // Out of view (hidden or gone), it is not offered for reading again.
    bo.style.display = 'none';
    expect(failing.failedRoots()).toEqual([]);
    bo.style.display = '';
    // A wholly failed message is remembered for WHOLE_FAILURE_MS only (not a minute): asked again
    // then, not on every change of the page meanwhile.
    now += FAILED_RETRY_MS;
    mode = 'down';
    await failing.scan([bo]);
    expect(failing.failedRoots(now)).toEqual([]);
    expect(failing.failedRoots(now + WHOLE_FAILURE_MS)).toEqual([bo]);
    mode = 'ok';
    await failing.scan([bo]);
    expect(failing.failedRoots(now + WHOLE_FAILURE_MS)).toEqual([bo]);
    now += WHOLE_FAILURE_MS;
    await failing.scan([bo]);
    expect(failing.failedRoots()).toEqual([]);
    expect(markers()).toHaveLength(2);
    mode = 'down';
    await failing.scan([maya, bo]);
    expect(failing.failedRoots()).toEqual([]);
    now += 10 * FAILED_RETRY_MS;
    await failing.scan([bo]);
    expect(failing.failedRoots()).toEqual([bo]);
    failing.clear();
    expect(failing.failedRoots()).toEqual([]);
    await failing.scan([bo]);
    bo.remove();
    await failing.scan([]);
    expect(failing.failedRoots()).toEqual([]);
  });

  it('keeps the mark of someone marked already when asking about them again fails', async () => {
    let now = 1_000;
    let down = false;
    const lookup = new PeopleLookup((people) => (down ? Promise.reject(new Error('background restarting')) : Promise.resolve(people.map((p) => KNOWN[key(p)] ?? null))), () => now);
    const scanning = new PageScanner({ adapter, lookup, preferences: () => preferences, ownAddresses: () => new Set() });
    const dropped = vi.fn();
    scanning.onDrop = dropped;
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span></div>`);
    await scanning.scan(roots);
    const marker = markers()[0];
    // An hour on, Maya is asked about again, and the answer does not come.
    now += CONTACT_MS + 1;
    down = true;
    await scanning.scan(roots);
    expect(markers()).toEqual([marker]);
    expect(dropped).not.toHaveBeenCalled();
    expect(scanning.failedRoots(now + FAILED_RETRY_MS)).toEqual(roots);
  });

  it('takes a fresh answer for someone marked already: a contact merged into another is the one the card and the panel brief', async () => {
    let now = 1_000;
    let answer: ContactMatch = KNOWN['n:grace liu']!;
    const lookup = new PeopleLookup((people) => Promise.resolve(people.map(() => answer)), () => now);
    const scanning = new PageScanner({ adapter, lookup, preferences: () => preferences, ownAddresses: () => new Set() });
    const roots = page(`<div class="s"><span data-who="Grace Liu">Grace Liu</span></div>`);
    await scanning.scan(roots);
    const marker = markers()[0]!;
    expect(scanning.findMark(marker)?.match.contact.id).toBe('g');
    // An hour on, the service has merged her into another contact.
    answer = { contact: { id: 'g2', name: 'Grace Liu', email: null, company: 'Acme', title: null }, matchedBy: 'name' };
    now += CONTACT_MS + 1;
    await scanning.scan(roots);
    expect(markers()).toEqual([marker]);
    expect(scanning.findMark(marker)?.match.contact.id).toBe('g2');
    expect(scanning.pageContext()[0]?.people[0]?.match?.contact.id).toBe('g2');
  });

  it('puts a marker back beside its person when the site moves their button (a list re-ordered, a row put in after it)', async () => {
    const button = (email: string, name: string) => `<button type="button"><span data-mail="${email}">${name}</span></button>`;
    const [root] = page(`<div class="s">${button('maya@example.com', 'Maya')}${button('bo@example.com', 'Bo')}</div>`) as [HTMLElement];
    await scanner.scan([root]);
    const order = () => [...root.children].map((child) => (child.matches(`[${MARKER_ATTRIBUTE}]`) ? `●${child.getAttribute('aria-label')?.split(': ')[1]}` : child.textContent));
    expect(order()).toEqual(['Maya', '●Maya', 'Bo', '●Bo']);
    // The site re-renders the list in another order, moving its own nodes only.
    root.append(root.querySelector('button')!);
    await scanner.scan([root]);
    expect(order()).toEqual(['Bo', '●Bo', 'Maya', '●Maya']);
    // A new row put in right after Bo's button.
    root.querySelector('button')!.after(Object.assign(document.createElement('button'), { textContent: 'Dan' }));
    await scanner.scan([root]);
    expect(order()).toEqual(['Bo', '●Bo', 'Dan', 'Maya', '●Maya']);
    expect(markers()).toHaveLength(2);
    // Two people in one button: both markers follow it, and stay as they are on a re-read.
    const [shared] = page(`<div class="s"><button type="button"><span data-mail="maya@example.com">Maya</span>, <span data-mail="bo@example.com">Bo</span></button></div>`) as [HTMLElement];
    await scanner.scan([shared]);
    const placed = markers();
    expect(placed).toHaveLength(2);
    await scanner.scan([shared]);
    expect(markers()).toEqual(placed);
    expect(placed.every((marker) => marker.isConnected)).toBe(true);
  });

  /** A lookup that holds back any batch asking about `email` until `answer()`; others answer at once. */
  const slowAbout = (email: string) => {
    const slow: { answer: (() => void) | null; find: (people: PersonQuery[]) => Promise<(ContactMatch | null)[]> } = {
      answer: null,
      find: (people) =>
        people.some((p) => 'email' in p && p.email === email)
          ? new Promise((resolve) => (slow.answer = () => resolve(people.map((p) => KNOWN[key(p)] ?? null))))
          : find(people),
    };
    return slow;
  };

  it('drops the mark of an element that now shows someone else at once, not once the new person is looked up', async () => {
    // Outlook keeps the From button when another message opens; the new sender's lookup is slow.
    const bo = slowAbout('bo@example.com');
    const reused = new PageScanner({ adapter, lookup: new PeopleLookup(bo.find), preferences: () => preferences, ownAddresses: () => new Set() });
    const dropped: string[] = [];
    reused.onDrop = (mark) => dropped.push(mark.key);
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span></div>`);
    await reused.scan(roots);
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual(['Primer briefing: Maya']);
    const from = document.querySelector('span[data-mail]') as HTMLElement;
    from.dataset.mail = 'bo@example.com';
    from.firstChild!.textContent = 'Bo';
    const reading = reused.scan(roots);
    // Bo's answer has not come: Maya's marker and mark are gone already (a card on it closes).
    expect(markers()).toEqual([]);
    expect(reused.findMark(from)).toBeUndefined();
    expect(dropped).toEqual(['e:maya@example.com']);
    // The lookup goes out on a microtask.
    await vi.waitFor(() => expect(bo.answer).toBeTypeOf('function'));
    bo.answer!();
    await reading;
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual(['Primer briefing: Bo']);
  });

  it('applies only the newest read of a reused element: a slow answer about whom it showed before is dropped', async () => {
    // Maya's lookup is slow; Bo is known already (Outlook keeps the From button when another message opens).
    const maya = slowAbout('maya@example.com');
    const lookup = new PeopleLookup(maya.find);
    const reused = new PageScanner({ adapter, lookup, preferences: () => preferences, ownAddresses: () => new Set() });
    await lookup.findAll([{ email: 'bo@example.com' }]);
    const roots = page(`<div class="s"><span data-mail="maya@example.com">Maya</span><span data-mail="nobody@unknown.example">N</span></div>`);
    const first = reused.scan(roots);
    await Promise.resolve();
    const from = document.querySelector('span[data-mail]') as HTMLElement;
    from.dataset.mail = 'bo@example.com';
    from.firstChild!.textContent = 'Bo';
    const other = from.nextElementSibling as HTMLElement;
    other.dataset.mail = 'bo@example.com';
    other.firstChild!.textContent = 'Bo';
    await reused.scan(roots);
    maya.answer!();
    await first;
    const labels = () => markers().map((m) => m.getAttribute('aria-label'));
    expect(labels()).toEqual(['Primer briefing: Bo', 'Primer briefing: Bo']);
    expect(reused.findMark(from)?.match.contact.id).toBe('b');
    expect(reused.pageContext()[0]?.people.map((p) => p.match?.contact.id)).toEqual(['b', 'b']);
    // The next read finds no one: every mark of the newest read goes (none survives a stale read).
    from.dataset.mail = 'nobody@unknown.example';
    other.dataset.mail = 'nobody@unknown.example';
    await reused.scan(roots);
    expect(markers()).toHaveLength(0);
  });

  it('looks up a person shown with an address by that address only, never by the name beside it', async () => {
    // Grace Liu is known by name, but this address is not hers: no marker, and no name is asked about.
    await scanner.scan(page(`<div class="s"><span data-mail="grace@elsewhere.example">Grace Liu</span></div>`));
    expect(markers()).toHaveLength(0);
    expect(find.mock.calls.flatMap(([people]) => people)).toEqual([{ email: 'grace@elsewhere.example' }]);
  });

  it('labels a marker with what the page shows for the person, never with what the service knows', async () => {
    // A page that forged a name for a known address learns nothing from the label but that a marker is there.
    KNOWN['n:g. liu'] = { contact: { id: 'g', name: 'Grace Liu', email: 'grace@example.com', company: null, title: null }, matchedBy: 'name' };
    await scanner.scan(page(`<div class="s"><span data-mail="maya@example.com">Anyone at all</span><span data-who="G. Liu">G. Liu</span></div>`));
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual(['Primer briefing: Anyone at all', 'Primer briefing: G. Liu (matched by name)']);
    expect(markers().map((m) => m.getAttribute(MARKER_ATTRIBUTE))).toEqual(['email', 'name']);
    // A person the page shows by address only is labelled with that address.
    expect(markerLabel({ name: null, email: 'maya@example.com' }, 'email')).toBe('Primer briefing: maya@example.com');
  });

  it('renders names as text: a hostile name is never markup', async () => {
    KNOWN['n:<img src=x onerror=alert(1)>'] = { contact: { id: 'h', name: '<img src=x onerror=alert(1)>', email: null, company: null, title: null }, matchedBy: 'name' };
    const root = page(`<div class="s"><span></span></div>`)[0]!;
    root.querySelector('span')!.setAttribute('data-who', '<img src=x onerror=alert(1)>');
    await scanner.scan([root]);
    expect(markers()[0]?.getAttribute('aria-label')).toBe('Primer briefing: <img src=x onerror=alert(1)> (matched by name)');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('PageScanner on name-only sites', () => {
  it('leaves out the user’s own display name', async () => {
    const own = new PageScanner({
      adapter,
      lookup: new PeopleLookup(find),
      preferences: () => preferences,
      ownAddresses: () => new Set(),
      ownNames: () => new Set(['grace liu']),
    });
    // Shown as the page shows it, or in a directory's "Last, First" order.
    await own.scan(page(`<div class="s"><span data-who="Grace  Liu">Grace Liu</span><span data-who="Liu, Grace">Liu, Grace</span><span data-mail="maya@example.com">Maya</span></div>`));
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual(['Primer briefing: Maya']);
    expect(find.mock.calls.flatMap((c) => c[0])).toEqual([{ email: 'maya@example.com' }]);
  });

  it('asks about no "name" longer than a name can be (the background would refuse the whole batch)', async () => {
    const text = 'Quarterly planning notes '.repeat(9);
    await scanner.scan(page(`<div class="s"><span data-who="${text}">${text}</span><span data-who="Grace Liu">Grace Liu</span><span data-mail="maya@example.com">Maya</span></div>`));
    expect(find.mock.calls.flatMap((c) => c[0])).toEqual([{ name: 'Grace Liu' }, { email: 'maya@example.com' }]);
    expect(markers()).toHaveLength(2);
  });
});

describe('PageScanner on name-only sites, after matching', () => {
  it('leaves out a person whose matched contact is the user or in an excluded domain: no marker, not described', async () => {
    const contact = (id: string, name: string, email: string): ContactMatch => ({ contact: { id, name, email, company: null, title: null }, matchedBy: 'name' });
    KNOWN['n:sam lee'] = contact('s', 'Sam Lee', 'Sam.Lee@MyCompany.com');
    KNOWN['n:me myself'] = contact('me', 'Me Myself', 'me@example.com');
    preferences.excludedDomains = ['mycompany.com'];
    const roots = page(`<div class="s"><span data-who="Sam Lee">Sam Lee</span><span data-who="Me Myself">Me Myself</span><span data-who="Grace Liu">Grace Liu</span></div>`);
    await scanner.scan(roots);
    const labels = () => markers().map((m) => m.getAttribute('aria-label'));
    expect(labels()).toEqual(['Primer briefing: Grace Liu (matched by name)']);
    expect(scanner.findMark(document.querySelector('[data-who="Sam Lee"]'))).toBeUndefined();
    expect(scanner.describe(scanner.surfaces()[0]!).people.map((p) => p.name)).toEqual(['Grace Liu']);
    expect(scanner.pageContext()[0]?.people.map((p) => p.name)).toEqual(['Grace Liu']);
    // The colleague was left out for the domain alone: without the exclusion they are marked.
    preferences.excludedDomains = [];
    scanner.clear();
    await scanner.scan(roots);
    expect(labels()).toEqual(['Primer briefing: Sam Lee (matched by name)', 'Primer briefing: Grace Liu (matched by name)']);
    expect(scanner.pageContext()[0]?.people.map((p) => p.name)).toEqual(['Sam Lee', 'Grace Liu']);
  });
});

describe('fullName', () => {
  it('turns a directory-style "Last, First" into the full name, and nothing else', async () => {
    const { fullName } = await import('@/lib/sites/person-name');
    expect(fullName('Novak-Brandt, Lena')).toBe('Lena Novak-Brandt');
    expect(fullName(' Liu ,  Grace ')).toBe('Grace Liu');
    expect(fullName('Grace Liu')).toBe('Grace Liu');
    expect(fullName('a, b, c')).toBe('a, b, c');
    expect(fullName('Liu,')).toBe('Liu,');
    expect(fullName('x@y.com, Z')).toBe('x@y.com, Z');
    // A suffix, a degree or a company form after the comma is no first name.
    for (const shown of ['Maya Chen, MD', 'John Smith, Jr.', 'Ann Lee, PhD', 'Henry Ford, III']) expect(fullName(shown), shown).toBe(shown);
    // After a single word, it is a first name all the same.
    expect(fullName('Nguyen, Vi')).toBe('Vi Nguyen');
    expect(fullName('Chen, Md')).toBe('Md Chen');
  });
});

describe('PageScanner in compose fields', () => {
  it('marks a recipient chip that is a non-editable island inside the editable field', async () => {
    await scanner.scan(
      page(`<div class="s"><div contenteditable="true"><span contenteditable="false"><span data-mail="maya@example.com">Maya</span></span></div></div>`),
    );
    expect(markers()).toHaveLength(1);
  });
});

describe('PageScanner with the observer, on Gmail', () => {
  // Gmail keeps a thread it leaves in the page, hidden with an inline display:none.
  const GMAIL = `<div role="main">
    <div gh="tl" id="list" style="display:none"><table><tbody><tr role="row" class="zA"><td><span email="bo@example.com" name="Bo">Bo</span></td></tr></tbody></table></div>
    <div id="view"><div class="a98 iY"><h2 class="hP">Roadmap</h2><div data-message-id="1"><span class="gD" email="maya@example.com" name="Maya">Maya</span></div></div></div>
  </div>`;

  async function open() {
    vi.useFakeTimers();
    document.body.innerHTML = GMAIL;
    const gmail = new PageScanner({ adapter: gmailAdapter, lookup: new PeopleLookup(find), preferences: () => preferences, ownAddresses: () => new Set() });
    // What the runtime does: each batch is scanned, then what is in view is reported.
    const reports: string[] = [];
    const watch = watchSurfaces(document.body, gmailAdapter, (roots) => {
      void gmail.scan(roots).then(() => reports.push(gmail.stats().views.map((view) => `${view.kind}:${view.title ?? ''}`).join('|')));
    });
    await gmail.scan(queryAll(document, gmailAdapter.surfaceSelectors));
    const flush = async () => {
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
      await vi.advanceTimersByTimeAsync(0);
    };
    const done = () => {
      watch.disconnect();
      vi.useRealTimers();
    };
    return { gmail, reports, flush, done };
  }

  it('leaves a thread Gmail hid out of what is in view, and reports the change', async () => {
    const { gmail, reports, flush, done } = await open();
    try {
      expect(gmail.stats()).toMatchObject({ views: [{ kind: 'thread', title: 'Roadmap', when: null }], known: 1 });
      expect(gmail.pageContext().map((s) => s.title)).toEqual(['Roadmap']);
      // The thread is hidden on its own (the next view comes later, or not at all).
      document.querySelector<HTMLElement>('#view')!.style.display = 'none';
      await flush();
      expect(reports).toEqual(['']);
      expect(gmail.pageContext()).toEqual([]);
      expect(gmail.surfaces()).toEqual([]);
      expect(gmail.stats()).toEqual({ surfaces: 0, people: 0, known: 0, views: [], who: '' });
      // Its marks stay, out of sight, for when it is shown again.
      expect(markers()).toHaveLength(1);
      // Back to the inbox: the list is shown and read; the thread stays hidden and out of view.
      document.querySelector<HTMLElement>('#list')!.style.display = '';
      await flush();
      expect(reports).toEqual(['', 'list:']);
      expect(gmail.pageContext().map((s) => s.kind)).toEqual(['list']);
      // The thread opened again: in view again.
      document.querySelector<HTMLElement>('#list')!.style.display = 'none';
      document.querySelector<HTMLElement>('#view')!.style.display = '';
      await flush();
      expect(reports.at(-1)).toBe('thread:Roadmap');
      expect(gmail.pageContext().map((s) => s.title)).toEqual(['Roadmap']);
    } finally {
      done();
    }
  });
});

describe('PageScanner marker placement for keyboard and screen-reader use', () => {
  it('puts no marker inside a button or link: right after it, in the Tab order', async () => {
    await scanner.scan(
      page(`<div class="s"><h3><button type="button"><span data-mail="maya@example.com">Maya</span></button></h3>
        <p><a href="#bo"><b><span data-mail="bo@example.com">Bo</span></b></a> wrote</p>
        <p><span role="button" tabindex="0" data-who="Grace Liu">Grace Liu</span></p></div>`),
    );
    expect(document.querySelector('button primer-mark, a primer-mark, [role="button"] primer-mark')).toBeNull();
    expect(markers().map((m) => m.previousElementSibling?.localName ?? m.previousElementSibling?.getAttribute('role'))).toEqual(['button', 'a', 'span']);
    expect(markers().map((m) => m.getAttribute('tabindex'))).toEqual(['0', '0', '0']);
    // Still found from the person and from the marker.
    expect(scanner.findMark(document.querySelector('[data-mail="maya@example.com"]'))?.match.contact.id).toBe('m');
    expect(scanner.markFor(markers()[1]!)?.match.contact.id).toBe('b');
  });

  it('keeps markers out of the Tab order inside widgets the site moves through with arrow keys', async () => {
    await scanner.scan(
      page(`<div class="s"><div role="tree"><div role="treeitem" tabindex="-1"><div><span data-mail="maya@example.com">Maya</span></div></div></div>
        <table><tr role="row"><td role="gridcell"><span data-mail="bo@example.com">Bo</span></td></tr></table>
        <div role="listbox"><div role="option"><button><span data-who="Grace Liu">Grace Liu</span></button></div></div></div>
        <div class="s"><p><span data-mail="maya@example.com">Maya</span></p></div>`),
    );
    expect(markers().map((m) => m.getAttribute('tabindex'))).toEqual(['-1', '-1', '-1', '0']);
    // Inside the item, next to the name: focus on the item opens the card (hover.ts).
    expect(markers()[0]!.closest('[role="treeitem"]')).not.toBeNull();
    expect(markers()[2]!.previousElementSibling?.localName).toBe('button');
    expect(markers()[2]!.parentElement?.getAttribute('role')).toBe('option');
  });

  it('places each of several people sharing ancestors by their own path (a control of one is not the next one’s)', async () => {
    await scanner.scan(
      page(`<div class="s"><div role="listbox"><div role="option"><button><span data-mail="maya@example.com">Maya</span></button><span data-mail="bo@example.com">Bo</span></div></div>
        <p><a href="#g"><span data-who="Grace Liu">Grace Liu</span></a><span data-mail="maya@example.com">Maya</span></p></div>`),
    );
    const [afterButton, inBo, afterLink, inMaya] = markers();
    expect(afterButton!.previousElementSibling?.localName).toBe('button');
    expect(inBo!.parentElement?.getAttribute('data-mail')).toBe('bo@example.com');
    expect(afterLink!.previousElementSibling?.localName).toBe('a');
    expect(inMaya!.parentElement?.localName).toBe('span');
    expect(markers().map((m) => m.getAttribute('tabindex'))).toEqual(['-1', '-1', '0', '0']);
  });
});

describe('PageScanner markers on the site fixtures', () => {
  const everyoneKnown = (people: PersonQuery[]) =>
    Promise.resolve(
      people.map((p): ContactMatch => ({
        contact: { id: 'email' in p ? p.email : p.name, name: 'name' in p ? p.name : null, email: 'email' in p ? p.email : null, company: null, title: null },
        matchedBy: 'email' in p ? 'email' : 'name',
      })),
    );
  async function markView(site: SiteAdapter, file: string, view: string) {
    document.body.innerHTML = loadView(file, view).body.innerHTML;
    const marking = new PageScanner({ adapter: site, lookup: new PeopleLookup(everyoneKnown), preferences: () => preferences, ownAddresses: () => new Set() });
    await marking.scan(queryAll(document, site.surfaceSelectors));
    expect(markers().length).toBeGreaterThan(0);
  }
  const where = (m: Element) => (m.closest('[role="treeitem"], [role="row"], [role="option"]') ? 'widget' : 'page');

  it('Outlook: after the person buttons of the reading pane, never inside them', async () => {
    await markView(outlookAdapter, 'outlook/reading-pane.html', 'reading-pane');
    expect(document.querySelector('button primer-mark, a primer-mark, [role="button"] primer-mark, [role="link"] primer-mark')).toBeNull();
    for (const m of markers()) expect(m.previousElementSibling?.localName).toBe('button');
    expect(new Set(markers().map((m) => m.getAttribute('tabindex')))).toEqual(new Set(['0']));
  });

  it('Calendar: guest rows of the tree hold markers out of the Tab order', async () => {
    await markView(calendarAdapter, 'calendar/event-popup.html', 'popup-open');
    for (const m of markers()) expect([where(m), m.getAttribute('tabindex')]).toEqual(['widget', '-1']);
  });

  it('Gmail: list rows and compose chips out of the Tab order, an open thread’s people in it', async () => {
    await markView(gmailAdapter, 'gmail/compose.html', 'inbox+compose');
    for (const m of markers()) expect([where(m), m.getAttribute('tabindex')]).toEqual(['widget', '-1']);
    await markView(gmailAdapter, 'gmail/thread.html', 'thread');
    for (const m of markers()) expect([where(m), m.getAttribute('tabindex')]).toEqual(['page', '0']);
  });
});
