import { describe, expect, it } from 'vitest';
import { sortActionItems, topicsToRaise } from '@/lib/format/briefing';
import { uniqueTopics } from '@/lib/format/text';
import { actionItemsByPerson, personLabel, sharedTopics, topicsToAvoid } from '@/lib/format/meeting';
import { ageOf, dateAndTime, meetingProvenance, provenance, updatedAgo } from '@/lib/format/provenance';
import { tipsFromFlags } from '@/lib/format/tips';
import { statusLabel } from '@/components/panel/recordings/status';
import { toRecording } from '@/lib/api/normalise';
import { insights, NOW } from './fixtures';

describe('tipsFromFlags', () => {
  it('turns each known flag into one tip, true and false alike, and says nothing of unknown ones', () => {
    const { dos, donts } = tipsFromFlags({
      prefersDataDriven: true, prefersDirect: false, valuesRelationships: null, dislikesSmallTalk: true, prefersBrevity: null, dislikesJargon: false,
    });
    expect(dos.map((tip) => tip.flag)).toEqual(['prefersDataDriven', 'dislikesJargon']);
    expect(donts.map((tip) => tip.flag)).toEqual(['prefersDirect', 'dislikesSmallTalk']);
    // Each says what the flag says about the person, true or false.
    expect(dos.map((tip) => tip.because)).toEqual(['prefers data-driven conversations', 'does not mind jargon']);
    expect(dos[0]!.text).toMatch(/numbers/);
    expect(donts[1]!.text).toMatch(/small talk/);
  });

  it('never gives tips that contradict each other on the relationship and small talk, whatever the two flags say', () => {
    const contradictions = [
      [/ask how they are/i, /small talk/i],
      [/businesslike/i, /small talk is welcome/i],
    ];
    for (const valuesRelationships of [true, false]) {
      for (const dislikesSmallTalk of [true, false]) {
        const { dos, donts } = tipsFromFlags({ ...insights().flags, valuesRelationships, dislikesSmallTalk });
        const texts = [...dos, ...donts].map((tip) => tip.text);
        expect(texts).toHaveLength(2);
        for (const [one, other] of contradictions) expect(texts.some((text) => one!.test(text)) && texts.some((text) => other!.test(text))).toBe(false);
      }
    }
  });

  it('gives no tips when every flag is unknown', () => {
    expect(tipsFromFlags(insights().flags)).toEqual({ dos: [], donts: [] });
  });
});

describe('provenance', () => {
  it('says how many conversations a briefing comes from and how recent the latest is', () => {
    expect(provenance(insights({ totalConversations: 5, lastConversationDate: '2026-11-19T10:00:00' }), NOW)).toBe('From 5 conversations, the latest 3 days ago.');
    expect(provenance(insights({ totalConversations: 1 }), NOW)).toBe('From 1 conversation.');
    // One conversation is no "latest" of several: when it was.
    expect(provenance(insights({ totalConversations: 1, lastConversationDate: '2026-11-19T10:00:00' }), NOW)).toBe('From 1 conversation, 3 days ago.');
    expect(provenance(insights({ lastConversationDate: '2026-11-21' }), NOW)).toBe('The latest conversation was yesterday.');
    expect(provenance(insights({ totalConversations: 0 }), NOW)).toBeNull();
    expect(provenance(insights(), NOW)).toBeNull();
    // A large count is grouped as the reader writes numbers (English: commas; German: points).
    expect(provenance(insights({ totalConversations: 2469134 }), NOW)).toMatch(/^From 2[,.]469[,.]134 conversations\.$/);
  });

  it('says a last conversation dated after today by its date alone: not "in 7 days"', () => {
    // A server's clock or time zone off: the date is all there is to say, not a conversation to come.
    const later = /(29 Nov 2026|Nov 29, 2026)/.source;
    expect(provenance(insights({ totalConversations: 5, lastConversationDate: '2026-11-29' }), NOW)).toMatch(new RegExp(`^From 5 conversations, the latest on ${later}\\.$`));
    expect(provenance(insights({ lastConversationDate: '2026-11-29T10:00:00' }), NOW)).toMatch(new RegExp(`^The latest conversation was on ${later}\\.$`));
    const attendee = (id: string, last: string) => ({ id, name: id, insights: insights({ totalConversations: 2, lastConversationDate: last }) });
    expect(meetingProvenance([attendee('a', '2026-11-19'), attendee('b', '2026-11-29')], NOW)).toMatch(new RegExp(`^From up to 4 conversations with 2 attendees, the latest on ${later}\\.$`));
    // Later today is still today.
    expect(provenance(insights({ lastConversationDate: '2026-11-22T18:00:00' }), NOW)).toBe('The latest conversation was today.');
  });

  it('says how old a saved briefing is', () => {
    const now = NOW.getTime();
    expect(ageOf(now - 10_000, now)).toBe('just now');
    expect(ageOf(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(ageOf(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(ageOf(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });

  it('says the age of a copy older than half a day by calendar day, never as the time said beside it', () => {
    const now = NOW.getTime();
    // 23:00 the day before.
    expect(ageOf(now - 13 * 3_600_000, now)).toBe('yesterday');
    expect(ageOf(now - 9 * 86_400_000, now)).toBe('9 days ago');
    expect(ageOf(now - 21 * 86_400_000, now)).toBe('3 weeks ago');
    // Still today: hours say more than "today".
    const late = new Date(2026, 10, 22, 23, 0).getTime();
    expect(ageOf(late - 14 * 3_600_000, late)).toBe('14 h ago');
  });

  it('says a moment with its year only when that is not this year', () => {
    expect(dateAndTime(new Date(2026, 10, 19, 10, 0).getTime(), 'en-GB', NOW.getTime())).toBe('19 Nov, 10:00');
    expect(dateAndTime(new Date(2025, 11, 30, 10, 0).getTime(), 'en-GB', NOW.getTime())).toBe('30 Dec 2025, 10:00');
    // On a 12-hour clock, no leading zero ("9:05 PM", not "09:05 PM"); a 24-hour one keeps it.
    expect(dateAndTime(new Date(2026, 10, 24, 21, 5).getTime(), 'en-US', NOW.getTime())).toMatch(/^Nov 24, 9:05\sPM$/);
    expect(dateAndTime(new Date(2026, 10, 24, 9, 5).getTime(), 'en-GB', NOW.getTime())).toBe('24 Nov, 09:05');
  });
});

describe('sortActionItems', () => {
  it('puts the earliest due first and undated last, keeping the server’s order otherwise', () => {
    const item = (text: string, dueDate: string | null) => ({ text, dueDate, owner: null, status: null });
    const sorted = sortActionItems([item('a', null), item('b', '2026-12-01'), item('c', '2026-11-01'), item('d', null), item('e', 'soon')]);
    expect(sorted.map((i) => i.text)).toEqual(['c', 'b', 'a', 'd', 'e']);
  });

  it('puts an item the server says is overdue with the overdue ones, dated or not, before items still to come', () => {
    const item = (text: string, dueDate: string | null, status: string | null = null) => ({ text, dueDate, owner: null, status });
    const now = new Date('2026-11-22T12:00:00');
    const sorted = sortActionItems(
      [item('future', '2026-12-15'), item('said overdue', null, 'overdue'), item('said overdue, unreadable date', 'end of Q3', 'Overdue'), item('past', '2026-11-01'), item('undated', null)],
      now,
    );
    expect(sorted.map((i) => i.text)).toEqual(['past', 'said overdue', 'said overdue, unreadable date', 'future', 'undated']);
  });
});

describe('dates sorted by the reader’s calendar day, west of Greenwich too', () => {
  /** Runs `check` with the process in another time zone (Node reads TZ again when it is set). */
  const inZone = (zone: string, check: () => void) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      check();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  };

  it('puts an item due on the 20th in the evening before one due on the 21st (a day is no UTC midnight)', () => {
    inZone('America/Los_Angeles', () => {
      const item = (text: string, dueDate: string) => ({ text, dueDate, owner: null, status: null });
      const sorted = sortActionItems([item('A', '2026-11-21'), item('B', '2026-11-20T20:00:00-08:00')], new Date(2026, 10, 19, 9));
      expect(sorted.map((i) => i.text)).toEqual(['B', 'A']);
    });
  });

  it('says the meeting’s latest conversation is the one on the latest day', () => {
    inZone('America/Los_Angeles', () => {
      const attendee = (id: string, last: string) => ({ id, name: id, insights: insights({ totalConversations: 1, lastConversationDate: last }) });
      const text = meetingProvenance([attendee('a', '2026-11-20'), attendee('b', '2026-11-19T20:00:00-08:00')], new Date(2026, 10, 20, 21));
      expect(text).toMatch(/the latest today\.$/);
    });
  });
});

describe('topics told apart by the kind of dash or the spaces around "&" and "+"', () => {
  it('takes "R & D budget" and "R&D budget", "Q3 – roadmap" and "Q3 - roadmap" for one topic each', () => {
    expect(uniqueTopics(['R & D budget', 'R&D budget', 'Q3 – roadmap', 'Q3 - roadmap', 'Q3—roadmap', 'C + +', 'C++'])).toEqual(['R & D budget', 'Q3 – roadmap', 'C + +']);
  });

  it('never offers as shared to raise a topic someone in the meeting is to avoid, however its dash is written', () => {
    const person = (id: string, patch: Parameters<typeof insights>[0]) => ({ id, name: id, insights: insights(patch) });
    const people = [
      person('Maya', { recentTopics: ['R & D budget', 'Q3 – roadmap'] }),
      person('Lee', { recentTopics: ['R & D budget', 'Q3 – roadmap'] }),
      person('Dan', { sensitiveTopics: ['R&D budget', 'Q3 - roadmap'] }),
    ];
    expect(sharedTopics(people)).toEqual([]);
    expect(topicsToAvoid(people).map((entry) => entry.topic)).toHaveLength(2);
  });
});

describe('topics told apart in every script', () => {
  // Japanese and Chinese full stops, corner quotes, full-width letters, Spanish ¿?, the Arabic
  // question mark, and Turkish capitals (İ, and I for ı).
  const pairs: [string, string][] = [
    ['レイオフ。', 'レイオフ'],
    ['「レイオフ」', 'レイオフ'],
    ['ＡＩ規制', 'AI規制'],
    ['裁员。', '裁员'],
    ['¿Despidos?', 'despidos'],
    ['تسريح العمال؟', 'تسريح العمال'],
    ['İŞTEN ÇIKARMALAR', 'İşten çıkarmalar'],
    ['İK bütçesi', 'ik bütçesi'],
  ];

  it.each(pairs)('never offers "%s" to raise when "%s" is to be avoided', (raise, avoid) => {
    expect(topicsToRaise(insights({ recentTopics: [raise], sensitiveTopics: [avoid] }))).toEqual([]);
  });

  it('never shares in a meeting a topic someone there avoids, and lists each topic once', () => {
    const person = (id: string, patch: Parameters<typeof insights>[0]) => ({ id, name: id, insights: insights(patch) });
    expect(sharedTopics([person('佐藤', { recentTopics: ['レイオフ。'] }), person('鈴木', { recentTopics: ['レイオフ。'] }), person('田中', { sensitiveTopics: ['レイオフ'] })])).toEqual([]);
    expect(uniqueTopics(['レイオフ', 'レイオフ。', '#hiring', 'hiring', 'C#', 'C', '50%', '50'])).toEqual(['レイオフ', '#hiring', 'hiring', 'C#', 'C', '50%', '50']);
  });
});

describe('meeting', () => {
  const maya = { id: 'm', name: 'Maya', insights: insights({ recentTopics: ['Q3 roadmap', 'Hiring'], interests: ['Sailing'], sensitiveTopics: ['Layoffs'], pendingActionItems: [{ text: 'Send deck', dueDate: null, owner: null, status: null }] }) };
  const dan = { id: 'd', name: 'Dan', insights: insights({ recentTopics: ['q3 roadmap', 'layoffs'], interests: ['hiring'], sensitiveTopics: ['layoffs', 'the reorg', 'sailing'] }) };
  const lee = { id: 'l', name: 'Lee', insights: insights({ favoriteTopics: ['Hiring', 'sailing'] }) };

  const byEmail = (name: string) => ({ id: name[0]!.toLowerCase(), name, detail: null, matchedBy: 'email' });

  it('lists each topic to avoid once, with everyone it concerns, most people first', () => {
    expect(topicsToAvoid([maya, dan, lee])).toEqual([
      { topic: 'Layoffs', people: [byEmail('Maya'), byEmail('Dan')] },
      { topic: 'the reorg', people: [byEmail('Dan')] },
      { topic: 'sailing', people: [byEmail('Dan')] },
    ]);
  });

  it('names each person once per topic, however they spell it, and ranks topics by people, not spellings', () => {
    const spelt = (attendee: typeof maya, sensitiveTopics: string[]) => ({ ...attendee, insights: { ...attendee.insights, sensitiveTopics } });
    // Dan's list has one topic three times in three cases; Maya and Dan write "the reorg" with a
    // no-break space and with runs of spaces.
    const avoid = topicsToAvoid([spelt(maya, ['Budget', 'the\u00a0reorg']), spelt(dan, ['Layoffs', 'layoffs', 'LAYOFFS', 'the  reorg ']), spelt(lee, ['budget'])]);
    expect(avoid).toEqual([
      { topic: 'Budget', people: [byEmail('Maya'), byEmail('Lee')] },
      { topic: 'the\u00a0reorg', people: [byEmail('Maya'), byEmail('Dan')] },
      { topic: 'Layoffs', people: [byEmail('Dan')] },
    ]);
  });

  it('takes one topic for one, whatever its punctuation, quotes, accents’ form or spacing: never raised where it is to be avoided', () => {
    const with_ = (attendee: typeof maya, recentTopics: string[], sensitiveTopics: string[]) => ({ ...attendee, insights: { ...attendee.insights, recentTopics, favoriteTopics: [], interests: [], sensitiveTopics } });
    const ann = with_(maya, ['Layoffs', 'Kids’ school', 'Q3 budget', 'AI/ML', 'Café'], ['layoffs.', "kids' school"]);
    expect(topicsToRaise(ann.insights)).toEqual(['Q3 budget', 'AI/ML', 'Café']);
    const bob = with_(dan, ['Q3 budget.', 'AI / ML', 'Cafe\u0301'], []);
    expect(sharedTopics([ann, bob]).map(({ topic }) => topic)).toEqual(['Q3 budget', 'AI/ML', 'Café']);
    expect(uniqueTopics(['Budget', 'budget.', '“Budget”', 'Café', 'Cafe\u0301', 'C++', 'C'])).toEqual(['Budget', 'Café', 'C++', 'C']);
  });

  it('shares topics two or more attendees raise, never one someone in the room must avoid', () => {
    expect(sharedTopics([maya, dan, lee])).toEqual([
      { topic: 'Hiring', people: [byEmail('Maya'), byEmail('Dan'), byEmail('Lee')] },
      { topic: 'Q3 roadmap', people: [byEmail('Maya'), byEmail('Dan')] },
    ]);
  });

  it('says where the meeting’s briefing comes from counting each contact once, however many attendee entries reach it', () => {
    const counted = (attendee: typeof maya, total: number, last: string | null = null) => ({ ...attendee, insights: { ...attendee.insights, totalConversations: total, lastConversationDate: last } });
    const mayaByName = { ...counted(maya, 7, '2026-11-19'), matchedBy: 'name' as const };
    expect(meetingProvenance([counted(maya, 7, '2026-11-19'), counted(dan, 2), mayaByName], NOW)).toBe('From up to 9 conversations with 2 attendees, the latest 3 days ago.');
    expect(meetingProvenance([counted(maya, 1), counted(maya, 1)], NOW)).toBe('From 1 conversation with 1 attendee.');
    expect(meetingProvenance([counted(maya, 1, '2026-11-19')], NOW)).toBe('From 1 conversation with 1 attendee, 3 days ago.');
  });

  it('says a meeting’s count is at most the sum (attendees share meetings), and finds the latest date as briefings read dates', () => {
    const counted = (attendee: typeof maya, total: number, last: string | null = null) => ({ ...attendee, insights: { ...attendee.insights, totalConversations: total, lastConversationDate: last } });
    // Three people in the same four meetings: not "12 conversations".
    expect(meetingProvenance([counted(maya, 4), counted(dan, 4), counted(lee, 4)], NOW)).toBe('From up to 12 conversations with 3 attendees.');
    // "12/11/2026" is 12 Nov or 11 Dec: no date (as the briefing says it); the latest readable one is said.
    expect(meetingProvenance([counted(maya, 2, '2026-11-19'), counted(dan, 1, '12/11/2026')], NOW)).toBe('From up to 3 conversations with 2 attendees, the latest 3 days ago.');
  });

  it('groups pending action items by person, leaving out people with none', () => {
    expect(actionItemsByPerson([maya, dan, lee])).toEqual([{ id: 'm', name: 'Maya', detail: null, matchedBy: 'email', items: maya.insights.pendingActionItems }]);
  });

  it('keeps how each person was found, and labels a name match wherever the person is named', () => {
    const byName = { ...maya, matchedBy: 'name' as const };
    const [layoffs] = topicsToAvoid([byName, dan]);
    expect(layoffs!.people).toEqual([{ id: 'm', name: 'Maya', detail: null, matchedBy: 'name' }, byEmail('Dan')]);
    expect(layoffs!.people.map(personLabel)).toEqual(['Maya (matched by name)', 'Dan']);
    expect(sharedTopics([byName, dan])[0]!.people.map(personLabel)).toEqual(['Maya (matched by name)', 'Dan']);
    expect(actionItemsByPerson([byName]).map(personLabel)).toEqual(['Maya (matched by name)']);
  });

  it('counts two attendees with the same name as two people, told apart by address (else by number)', () => {
    const alex = (id: string, email: string | null) => ({ id, name: 'Alex Kim', email, insights: insights({ recentTopics: ['Hiring'], sensitiveTopics: ['Layoffs'] }) });
    const [hiring] = sharedTopics([alex('a1', 'alex@acme.com'), alex('a2', 'alex.kim@globex.com')]);
    expect(hiring!.people.map((person) => person.id)).toEqual(['a1', 'a2']);
    expect(hiring!.people.map(personLabel)).toEqual(['Alex Kim (alex@acme.com)', 'Alex Kim (alex.kim@globex.com)']);
    const [layoffs] = topicsToAvoid([alex('a1', null), { ...alex('a2', null), matchedBy: 'name' }]);
    expect(layoffs!.people.map(personLabel)).toEqual(['Alex Kim (1)', 'Alex Kim (2, matched by name)']);
    // One contact reached twice (by address and by name) is still one person.
    expect(topicsToAvoid([alex('a1', 'alex@acme.com'), alex('a1', 'alex@acme.com')])[0]!.people.map(personLabel)).toEqual(['Alex Kim']);
    // Names that look the same on screen are namesakes: runs of spaces show as one.
    const spaced = { ...alex('a2', 'alex.kim@globex.com'), name: 'Alex  Kim ' };
    expect(sharedTopics([alex('a1', 'alex@acme.com'), spaced])[0]!.people.map((person) => person.detail)).toEqual(['alex@acme.com', 'alex.kim@globex.com']);
  });
});

describe('statusLabel', () => {
  it('writes a status word Primer does not know as words, not as the server’s code', () => {
    expect(statusLabel({ status: 'unknown', rawStatus: 'transcription_pending_review', progress: null })).toBe('Transcription pending review');
    expect(statusLabel({ status: 'unknown', rawStatus: 'AWAITING-REVIEW', progress: null })).toBe('Awaiting review');
    expect(statusLabel({ status: 'unknown', rawStatus: null, progress: null })).toBe('Unknown');
    expect(statusLabel({ status: 'processing', rawStatus: 'diarizing', progress: 40 })).toBe('Processing · 40%');
  });

  it('says a status given as a number (a .NET enum) is unknown: Primer knows no mapping of numbers to states', () => {
    for (const raw of [{ id: 'r', status: 2 }, { id: 'r', status: '2' }, { id: 'r', status: { value: 2 } }, { id: 'r', status: 0, progress: 40 }]) {
      const recording = toRecording(raw);
      expect(recording.status).toBe('unknown');
      expect(statusLabel(recording)).toMatch(/^Unknown status \([02]\)$/);
    }
  });
});

describe('updatedAgo', () => {
  it('counts a bare date in calendar days, as the last conversation’s date, also west of UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const now = new Date(2026, 10, 22, 12, 0);
      expect(updatedAgo('2026-11-19', now)).toBe(provenance({ ...insights(), totalConversations: null, lastConversationDate: '2026-11-19' }, now)?.match(/was (.+)\.$/)?.[1]);
      expect(updatedAgo('2026-11-19', now)).toBe('3 days ago');
      expect(updatedAgo(new Date(2026, 10, 22, 11, 55).toISOString(), now)).toBe('5 min ago');
      expect(updatedAgo('soon', now)).toBeNull();
      expect(updatedAgo(null, now)).toBeNull();
      // Read as the briefing reads dates, never the engine's guess: no year is no time ("25 years
      // ago" was 2001), day and month in doubt neither ("just now" was 11 December, ahead).
      expect(updatedAgo('Nov 19', now)).toBeNull();
      expect(updatedAgo('12/11/2026', now)).toBeNull();
      expect(updatedAgo('19/11/2026', now)).toBe('3 days ago');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
