/** The upload form's defaults: the meeting's time read from calendar text, and the draft handed over. */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PanelTarget } from '@/lib/panel/target';
import { DRAFT_KEY, draftFromTarget, EMPTY_DRAFT, parseWhen, saveDraft, takeDraft, type UploadDraft } from '@/lib/upload/draft';
import { match, pagePerson, surface } from '../panel/fixtures';

const NOW = new Date(2025, 0, 15, 8, 0);
/** The expected ISO timestamp of a local time (the parser reads times in the user's zone). */
const local = (year: number, month: number, day: number, hours = 0, minutes = 0) => new Date(year, month - 1, day, hours, minutes).toISOString();

describe('parseWhen', () => {
  it.each([
    ['Tuesday, May 19, 2026⋅10:00 – 10:45am', local(2026, 5, 19, 10, 0)],
    ['Tuesday, May 19, 2026⋅10:00 – 10:45pm', local(2026, 5, 19, 22, 0)],
    ['Tuesday, May 19, 2026 · 2:30 – 3:15pm', local(2026, 5, 19, 14, 30)],
    ['Tuesday, May 19, 2026⋅11:30am – 12:15pm', local(2026, 5, 19, 11, 30)],
    ['Tuesday, May 19, 2026⋅12:00 – 1:00pm', local(2026, 5, 19, 12, 0)],
    ['Tuesday, May 19, 2026⋅12:30am – 1:00am', local(2026, 5, 19, 0, 30)],
    ['Monday, December 1, 2025⋅2pm – 3pm', local(2025, 12, 1, 14, 0)],
    // On the hour, Calendar leaves out the start's minutes and its am/pm.
    ['Tuesday, May 19, 2026⋅10 – 11am', local(2026, 5, 19, 10, 0)],
    ['Tuesday, May 19, 2026⋅9 – 10:30am', local(2026, 5, 19, 9, 0)],
    ['Tuesday, May 19, 2026⋅11 – 12pm', local(2026, 5, 19, 11, 0)],
    ['Tuesday, May 19, 2026⋅3 – 4pm', local(2026, 5, 19, 15, 0)],
    // A start that would come after its end took the end's am/pm wrongly.
    ['Tuesday, May 19, 2026⋅11:30 – 12:15pm', local(2026, 5, 19, 11, 30)],
    ['Tuesday, May 19, 2026⋅11:30 – 1:00am', local(2026, 5, 19, 23, 30)],
    ['19 May, 2026 14:30', local(2026, 5, 19, 14, 30)],
    ['Sept. 3rd, 2026 9:05', local(2026, 9, 3, 9, 5)],
    ['2026-05-19 9:15pm', local(2026, 5, 19, 21, 15)],
    ['2026-05-19 14:30', local(2026, 5, 19, 14, 30)],
    // Day first, with or without a weekday, and "May 2026" never read as "May 20".
    ['Tue 19 May 2026 14:30', local(2026, 5, 19, 14, 30)],
    ['19 May 2026 14:30', local(2026, 5, 19, 14, 30)],
    ['Tue 19/05/2026 10:00 - 10:45', local(2026, 5, 19, 10, 0)],
    ['Tue 05/19/2026 10:00 AM - 10:45 AM', local(2026, 5, 19, 10, 0)],
    ['May 19, 2026', local(2026, 5, 19)],
    // "a.m." and "p.m." (en-CA and others), the start taking the end's.
    ['Tuesday, May 19, 2026⋅2:00 – 3:00 p.m.', local(2026, 5, 19, 14, 0)],
    ['Tuesday, May 19, 2026⋅10:00 a.m. – 11:00 a.m.', local(2026, 5, 19, 10, 0)],
    ['Tuesday, May 19, 2026⋅11:30 a.m. – 12:15 p.m.', local(2026, 5, 19, 11, 30)],
    ['Tuesday, May 19, 2026⋅9 – 10:30 P.M.', local(2026, 5, 19, 21, 0)],
  ])('reads “%s”', (text, iso) => {
    expect(parseWhen(text, NOW)).toBe(iso);
  });

  it('reads no month out of a weekday that starts as one does: a French Tuesday is not March', () => {
    expect(parseWhen('mardi 19 mai 2026 ⋅ 10:00 – 10:45', NOW)).toBe(local(2026, 5, 19, 10, 0));
    expect(parseWhen('martes 19 de mayo de 2026 10:00', NOW)).toBe(local(2026, 5, 19, 10, 0));
    expect(parseWhen('Mar 19, 2026 10:00', NOW)).toBe(local(2026, 3, 19, 10, 0));
    // Other languages' months that share their first letters with English are still read.
    expect(parseWhen('Freitag, 19. Juni 2026 10:00', NOW)).toBe(local(2026, 6, 19, 10, 0));
    expect(parseWhen('19 septembre 2026 10:00', NOW)).toBe(local(2026, 9, 19, 10, 0));
  });

  it('reads a short weekday spelled as a month as the weekday: "mar." is Tuesday before a date', () => {
    expect(parseWhen('mar. 19/05/2026 10:00 - 10:45', NOW)).toBe(local(2026, 5, 19, 10, 0));
    expect(parseWhen('mar 19 may 2026 10:00', NOW)).toBe(local(2026, 5, 19, 10, 0));
    expect(parseWhen('mar 19 mag 2026 10:00', NOW)).toBe(local(2026, 5, 19, 10, 0));
    expect(parseWhen('mar. 19 mai 2026 10:00 – 10:45', NOW)).toBe(local(2026, 5, 19, 10, 0));
    // Where the month after it is not read, nothing is: never March 19.
    expect(parseWhen('mar 19 xyzzy 2026 10:00', NOW)).toBeNull();
    // Without a year after it too (this year's).
    expect(parseWhen('mar. 19 mai 10:00 – 10:45', NOW)).toBe(local(2025, 5, 19, 10, 0));
    expect(parseWhen('mar 19 may 10:00', NOW)).toBe(local(2025, 5, 19, 10, 0));
    expect(parseWhen('Mar 19 2026 10:00', NOW)).toBe(local(2026, 3, 19, 10, 0));
  });

  it.each([
    ['Dienstag, 19. Mai 2026⋅10:00–10:45', local(2026, 5, 19, 10, 0)],
    ['Donnerstag, 1. Oktober 2026⋅10:00–10:45', local(2026, 10, 1, 10, 0)],
    ['Mittwoch, 4. März 2026, 09:30', local(2026, 3, 4, 9, 30)],
    ['mercredi 10 juin 2026 10:00', local(2026, 6, 10, 10, 0)],
    ['lun. 3 févr. 2025 14:00', local(2025, 2, 3, 14, 0)],
    ['sábado, 1 de agosto de 2026 18:00', local(2026, 8, 1, 18, 0)],
    ['dinsdag 19 mei 2026 10:00', local(2026, 5, 19, 10, 0)],
    ['wtorek, 19 maja 2026 10:00', local(2026, 5, 19, 10, 0)],
    ['giovedì 17 dicembre 2026 11:00', local(2026, 12, 17, 11, 0)],
  ])('reads the months of other languages, as the browser names them: “%s”', (text, iso) => {
    expect(parseWhen(text, NOW)).toBe(iso);
  });

  it('takes a range’s year from its end, and its first day', () => {
    const january = new Date(2026, 0, 5);
    expect(parseWhen('December 29 – 30, 2025', january)).toBe(local(2025, 12, 29));
    expect(parseWhen('Monday, December 29 – Tuesday, December 30, 2025', january)).toBe(local(2025, 12, 29));
    expect(parseWhen('29 – 30 December 2025', january)).toBe(local(2025, 12, 29));
    // Across New Year: the start is in the year before the end's.
    expect(parseWhen('Thu, Dec 31 – Fri, Jan 1, 2027', january)).toBe(local(2026, 12, 31));
    expect(parseWhen('Dec 30 – Jan 2, 2027', january)).toBe(local(2026, 12, 30));
    // A number before a dash that is no day of the range: a time, a later day.
    expect(parseWhen('10:00 - 12 June 2026', january)).toBe(local(2026, 6, 12));
    expect(parseWhen('30 - 12 June 2026', january)).toBe(local(2026, 6, 12));
    // A year after the time is no range's: the text's own year stands (none here: this year's).
    expect(parseWhen('Tuesday, May 19⋅10:00 – 10:45am', january)).toBe(local(2026, 5, 19, 10, 0));
  });

  it('gives midnight for a date whose time is not read, or null where a time is needed', () => {
    expect(parseWhen('Tue 19/05/2026 10h00 - 10h45', NOW)).toBe(local(2026, 5, 19, 0, 0));
    expect(parseWhen('Tue 19/05/2026 10h00 - 10h45', NOW, { needTime: true })).toBeNull();
    expect(parseWhen('Tuesday, May 19, 2026⋅10:00 – 10:45am', NOW, { needTime: true })).toBe(local(2026, 5, 19, 10, 0));
  });

  it('takes the current year when the text gives none', () => {
    expect(parseWhen('Tuesday, May 19⋅10:00 – 10:45am', NOW)).toBe(local(2025, 5, 19, 10, 0));
    expect(parseWhen('Thursday, March 5⋅3:00 – 4:00pm', new Date(2031, 6, 1))).toBe(local(2031, 3, 5, 15, 0));
  });

  it.each([null, '', 'Weekly sync', 'Tuesday 10:00', 'Tomorrow at 10:00am', 'February 30, 2026', 'Smarch 4, 2026 10:00', '2026-02-30 10:00', '2026-13-01 10:00', 'Tue 05/06/2026 10:00', 'May 19, 2026 25:00'])('gives null for %j', (text) => {
    expect(parseWhen(text, NOW)).toBeNull();
  });
});

const maya = match('c-maya', 'Maya Chen', 'maya@example.com');
const noName = match('c-ben', null, 'ben@example.com');
const target = (patch: Partial<PanelTarget>): PanelTarget => ({ tabId: 7, focus: null, page: null, status: null, ...patch });
const calendar = (people: ReturnType<typeof pagePerson>[], when: string | null = 'Tuesday, May 19, 2026⋅10:00 – 10:45am') =>
  target({ page: { site: 'google-calendar', recognised: true, surfaces: [surface(people, { when })] } });

describe('draftFromTarget', () => {
  it('fills the form from a calendar event: title, start, speakers, known contacts', () => {
    const draft = draftFromTarget(
      calendar([
        pagePerson('Maya Chen', 'maya@example.com', maya),
        pagePerson('Ben', 'ben@example.com', noName),
        pagePerson('Stranger', 'who@example.com', null),
      ]),
    );
    expect(draft).toEqual({
      title: 'Q3 roadmap review',
      meetingDate: parseWhen('Tuesday, May 19, 2026⋅10:00 – 10:45am'),
      speakersExpected: 4,
      contacts: [
        { id: 'c-maya', name: 'Maya Chen' },
        { id: 'c-ben', name: 'Ben' },
      ],
      primaryContactId: null,
    } satisfies UploadDraft);
    expect(draft.meetingDate).toBe(local(2026, 5, 19, 10, 0));
  });

  it('offers the one known contact as the primary contact, once however often listed', () => {
    const draft = draftFromTarget(
      calendar([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('M. Chen', 'maya.chen@example.com', maya), pagePerson(null, 'x@example.com', null)]),
    );
    expect(draft.contacts).toEqual([{ id: 'c-maya', name: 'Maya Chen' }]);
    expect(draft.primaryContactId).toBe('c-maya');
    expect(draft.speakersExpected).toBe(4);
  });

  it('names a contact by the page, then address, then id when the service has no name', () => {
    const bare = match('c-bare', null, null);
    const draft = draftFromTarget(calendar([pagePerson(null, 'ben@example.com', noName), pagePerson(null, null, bare)]));
    expect(draft.contacts).toEqual([
      { id: 'c-ben', name: 'ben@example.com' },
      { id: 'c-bare', name: 'c-bare' },
    ]);
  });

  it('leaves the date empty when the event’s time cannot be read', () => {
    const draft = draftFromTarget(calendar([pagePerson('A', 'a@x.com', null), pagePerson('B', 'b@x.com', null)], 'Tuesday 10:00'));
    expect(draft).toMatchObject({ title: 'Q3 roadmap review', meetingDate: null, speakersExpected: 3, contacts: [], primaryContactId: null });
    // What the page wrote goes along, for the form to say it was not read.
    expect(draft.unreadWhen).toBe('Tuesday 10:00');
    expect(draftFromTarget(calendar([pagePerson('A', 'a@x.com', null)])).unreadWhen).toBeUndefined();
  });

  it('takes no date or speaker count from a mail thread', () => {
    const thread = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('B', 'b@x.com', null)], { kind: 'thread', title: 'Re: pricing', when: 'May 19, 2026 10:00' });
    const draft = draftFromTarget(target({ page: { site: 'gmail', recognised: true, surfaces: [thread] } }));
    expect(draft).toEqual({ title: 'Re: pricing', meetingDate: null, speakersExpected: null, contacts: [{ id: 'c-maya', name: 'Maya Chen' }], primaryContactId: 'c-maya' });
  });

  it('for a person chosen on a card, offers that contact only', () => {
    expect(draftFromTarget(target({ focus: { kind: 'person', match: maya } }))).toEqual({ ...EMPTY_DRAFT, contacts: [{ id: 'c-maya', name: 'Maya Chen' }], primaryContactId: 'c-maya' });
    expect(draftFromTarget(target({ focus: { kind: 'person', match: noName } }))).toEqual({ ...EMPTY_DRAFT, contacts: [{ id: 'c-ben', name: 'ben@example.com' }], primaryContactId: 'c-ben' });
  });

  it('says which contacts were found by a full-name match, on the page or chosen on a card; by address wins', () => {
    const jo = match('c-jo', 'Jo Park', 'jo@example.com', 'name');
    const mayaByName = match('c-maya', 'Maya Chen', 'maya@example.com', 'name');
    const page = calendar([pagePerson('Jo Park', null, jo), pagePerson('Maya Chen', null, mayaByName), pagePerson('Maya Chen', 'maya@example.com', maya)]);
    expect(draftFromTarget(page).contacts).toEqual([
      { id: 'c-jo', name: 'Jo Park', matchedBy: 'name' },
      { id: 'c-maya', name: 'Maya Chen' },
    ]);
    expect(draftFromTarget(target({ focus: { kind: 'person', match: jo } })).contacts).toEqual([{ id: 'c-jo', name: 'Jo Park', matchedBy: 'name' }]);
    // Chosen by address on a card, while the view lists them by name alone: matched by address.
    const joByAddress = match('c-jo', 'Jo Park', 'jo@example.com');
    const chosenOnCard = { ...calendar([pagePerson('Jo Park', null, jo), pagePerson('B', 'b@x.com', null)]), focus: { kind: 'person' as const, match: joByAddress } };
    expect(draftFromTarget(chosenOnCard).contacts).toEqual([{ id: 'c-jo', name: 'Jo Park' }]);
  });

  it('for an unknown person on the page, offers no contact', () => {
    const thread = surface([pagePerson('Who', 'who@example.com', null)], { kind: 'thread' });
    expect(draftFromTarget(target({ page: { site: 'gmail', recognised: true, surfaces: [thread] } }))).toEqual({ ...EMPTY_DRAFT, title: 'Q3 roadmap review' });
  });

  it('keeps a one-to-one meeting’s title, time and speakers (the panel briefs it as a person)', () => {
    expect(draftFromTarget(calendar([pagePerson('Maya Chen', 'maya@example.com', maya)]))).toEqual({
      title: 'Q3 roadmap review',
      meetingDate: local(2026, 5, 19, 10, 0),
      speakersExpected: 2,
      contacts: [{ id: 'c-maya', name: 'Maya Chen' }],
      primaryContactId: 'c-maya',
    });
  });

  it('takes the person chosen on a card as primary contact, with the event around them', () => {
    const page = calendar([pagePerson('Ben', 'ben@example.com', noName), pagePerson('Maya Chen', 'maya@example.com', maya)]);
    const draft = draftFromTarget({ ...page, focus: { kind: 'person', match: maya } });
    expect(draft).toMatchObject({ title: 'Q3 roadmap review', speakersExpected: 3, primaryContactId: 'c-maya' });
    expect(draft.contacts.map((contact) => contact.id)).toEqual(['c-ben', 'c-maya']);
  });

  it('is empty when there is nothing to brief', () => {
    expect(draftFromTarget(target({ tabId: null }))).toEqual(EMPTY_DRAFT);
    expect(draftFromTarget(target({ page: { site: 'gmail', recognised: false, surfaces: [] } }))).toEqual(EMPTY_DRAFT);
  });
});

describe('saveDraft and takeDraft', () => {
  const draft: UploadDraft = { title: 'Weekly sync', meetingDate: local(2026, 5, 19, 10, 0), speakersExpected: 3, contacts: [{ id: 'c-maya', name: 'Maya Chen' }], primaryContactId: 'c-maya' };

  it('hands a draft over once', async () => {
    await saveDraft(draft);
    expect((await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY]).toEqual(draft);
    expect(await takeDraft()).toEqual(draft);
    expect(await fakeBrowser.storage.session.get(DRAFT_KEY)).toEqual({});
    expect(await takeDraft()).toBeNull();
  });

  it('is null when none was left', async () => {
    expect(await takeDraft()).toBeNull();
  });

  it('drops a draft that does not fit, and removes it', async () => {
    await fakeBrowser.storage.session.set({ [DRAFT_KEY]: { title: 5 } });
    expect(await takeDraft()).toBeNull();
    expect(await fakeBrowser.storage.session.get(DRAFT_KEY)).toEqual({});
  });

  it('a newer draft replaces an older one', async () => {
    await saveDraft(EMPTY_DRAFT);
    await saveDraft(draft);
    expect(await takeDraft()).toEqual(draft);
  });
});
