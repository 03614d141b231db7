/** Reply shapes real servers send that the interface leaves open (the shapes audit). */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { NOT_YET_CODE } from '@/lib/api/errors';
import {
  embeddedRecordingInsights,
  toActionItems,
  toContact,
  toContactPage,
  toInsights,
  toPresignedUpload,
  toRecording,
  toRecordingInsights,
  toRecordingPage,
  toTextList,
  toTranscript,
  toWebhook,
  toWebhookList,
} from '@/lib/api/normalise';

const page = { limit: 20, offset: 0 };

describe('ids', () => {
  it.each([
    ['Mongo _id', { _id: '65a1b2c3', name: 'Ann', email: 'ann@x.test' }, '65a1b2c3'],
    ['Mongo extended JSON', { _id: { $oid: '65a1b2c3' }, email: 'ann@x.test' }, '65a1b2c3'],
    ['Django pk', { pk: 12, email: 'ann@x.test' }, '12'],
  ])('reads a contact id given as %s', (_name, raw, id) => {
    expect(toContact(raw).id).toBe(id);
    expect(toContactPage({ items: [raw] }, page).items.map((contact) => contact.id)).toEqual([id]);
  });

  it('reads a recording id given as _id or pk', () => {
    expect(toRecording({ _id: 'abc', status: 'completed' }).id).toBe('abc');
    expect(toRecording({ pk: 7, status: 'completed' }).id).toBe('7');
    expect(toRecordingPage({ recordings: [{ _id: 'abc' }], total: 1 }, page).recordings.map((r) => r.id)).toEqual(['abc']);
  });
});

describe('lists', () => {
  it('reads a null list (Go’s nil slice) as an empty one', () => {
    expect(toRecordingPage({ recordings: null, total: 0, limit: 20, offset: 0 }, page)).toMatchObject({ recordings: [], received: 0, total: 0, hasMore: false });
    expect(toContactPage({ items: null }, page)).toEqual({ items: [], total: null, next: null });
    expect(toContactPage({ data: null, total: 0 }, page).items).toEqual([]);
    expect(toTranscript({ segments: null, text: '' }, 'r1').segments).toEqual([]);
    expect(toTranscript({ utterances: null }, 'r1').segments).toEqual([]);
  });

  it('reads a transcript resource still being made, with its usual metadata, as not yet there', () => {
    const reply = { id: 't_1', recording_id: 'r1', status: 'processing', text: null, language: 'en', created_at: '2026-11-12T10:00:00Z' };
    expect(() => toTranscript(reply, 'r1')).toThrow(expect.objectContaining({ kind: 'not_found', code: NOT_YET_CODE }));
    expect(toTranscript({ ...reply, status: 'completed' }, 'r1').segments).toEqual([]);
  });

  it('reads segments under `transcript` inside a {data} envelope', () => {
    const reply = { data: { recording_id: 'r1', transcript: [{ speaker: 'Maya', start: 1, end: 2, text: 'hi' }] } };
    expect(toTranscript(reply, 'r1').segments).toEqual([{ speaker: 'Maya', start: 1, end: 2, text: 'hi' }]);
  });

  it('still refuses a reply with no list at all', () => {
    expect(() => toRecordingPage({ total: 1 }, page)).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    expect(() => toContactPage({ total: 1 }, page)).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    expect(() => toTranscript({ words: 3 }, 'r1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
  });

  it('reads {data: […], total} and {data: […], meta} for recordings as for contacts', () => {
    const raw = { data: [{ id: 'r1', title: 'Q3', status: 'completed' }, { id: 'r2' }], total: 3, limit: 2, offset: 0 };
    expect(toRecordingPage(raw, { limit: 2, offset: 0 })).toMatchObject({ received: 2, total: 3, hasMore: true });
    expect(toRecordingPage({ data: [{ id: 'r1' }], meta: { total: 1 } }, page)).toMatchObject({ total: 1, hasMore: false });
    expect(toContactPage({ data: [{ id: 'c1' }, { id: 'c2' }], total: 3 }, { limit: 2, offset: 0 })).toMatchObject({ total: 3 });
    // The envelope inside {data: {…}} keeps what the outside says.
    expect(toRecordingPage({ data: { recordings: [{ id: 'r1' }] }, total: 1 }, page)).toMatchObject({ total: 1, hasMore: false });
  });

  it('reads a full page’s `count` equal to its own length as this page’s, not the total (older recordings were hidden)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}` }));
    expect(toRecordingPage({ recordings: ten, count: 10 }, { limit: 10, offset: 0 })).toMatchObject({ received: 10, total: null, hasMore: true });
    // DRF's count is the total: more than the page, or a short last page.
    expect(toRecordingPage({ results: ten, count: 25, next: '?offset=10' }, { limit: 10, offset: 0 })).toMatchObject({ total: 25, hasMore: true });
    expect(toRecordingPage({ results: ten.slice(0, 4), count: 4 }, { limit: 10, offset: 0 })).toMatchObject({ total: 4, hasMore: false });
  });
});

describe('JSON:API resources', () => {
  it('flattens attributes and keeps the resource’s id', () => {
    expect(toContact({ data: { id: 'c1', type: 'contacts', attributes: { name: 'Ann', email: 'ann@x.test' } } })).toEqual({
      id: 'c1', name: 'Ann', email: 'ann@x.test', emails: ['ann@x.test'], company: null, title: null,
    });
    expect(toContactPage({ data: [{ id: 'c1', type: 'contacts', attributes: { email: 'ann@x.test' } }] }, page).items[0]?.email).toBe('ann@x.test');
    expect(toRecording({ id: 'r1', type: 'recordings', attributes: { title: 'Q3', status: 'completed', id: 'other' } })).toMatchObject({ id: 'r1', title: 'Q3', status: 'completed' });
    expect(toInsights({ data: { id: 'i1', type: 'insights', attributes: { preferred_tone: 'formal', recent_topics: ['a'] } } }, 'c1')).toMatchObject({
      contactId: 'c1', preferredTone: 'formal', recentTopics: ['a'],
    });
  });
});

describe('e-mail lookup on a server that sends nil slices', () => {
  it('reads {items: null} as nobody with that address, not as a filter the server lacks', async () => {
    const contacts = [{ id: 'c1', name: 'Ann Lee', email: 'ann@x.test' }];
    const asked: string[] = [];
    const fetch = (input: string) => {
      const url = new URL(input);
      asked.push(url.pathname + url.search);
      const email = url.searchParams.get('email');
      if (url.pathname !== '/api/v2/contacts') return Promise.resolve(new Response('{"error":"nf"}', { status: 404 }));
      // Like most servers, the filter ignores case.
      const items = email === null ? contacts : contacts.filter((contact) => contact.email.toLowerCase() === email.toLowerCase());
      // Go encodes an empty result as a nil slice.
      return Promise.resolve(Response.json({ items: items.length === 0 ? null : items, total: items.length }));
    };
    const client = new ServiceClient('https://svc.test', 'k', { fetch, sleep: () => Promise.resolve(), online: () => true });
    expect(await client.findContactByEmail('nobody@x.test')).toBeNull();
    expect((await client.findContactByEmail('ann@x.test'))?.id).toBe('c1');
    // The filter stayed trusted: no request beyond the calibration (the sample as stored and in
    // another case) and the two lookups.
    expect(asked).toEqual([
      '/api/v2/contacts?limit=20',
      '/api/v2/contacts?email=ann%40x.test&limit=50',
      '/api/v2/contacts?email=ANN%40X.TEST&limit=50',
      '/api/v2/contacts?email=nobody%40x.test&limit=50',
      '/api/v2/contacts?email=ann%40x.test&limit=50',
    ]);
  });
});

describe('insights as a list or a page', () => {
  it('reads [] as no insights and a one-item list or page as its item', () => {
    expect(toInsights([], 'c1')).toMatchObject({ contactId: 'c1', preferredTone: null, recentTopics: [] });
    expect(toInsights([{ preferred_tone: 'formal' }], 'c1').preferredTone).toBe('formal');
    expect(toInsights({ count: 1, next: null, previous: null, results: [{ contact_id: 'c1', preferred_tone: 'formal' }] }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ count: 0, results: [] }, 'c1').preferredTone).toBeNull();
    expect(toRecordingInsights([{ key_decisions: ['Go'] }], 'r1').keyDecisions).toEqual(['Go']);
    expect(toRecordingInsights({ data: { id: 'x', type: 'insights', attributes: { key_decisions: ['Go'] } } }, 'r1').keyDecisions).toEqual(['Go']);
  });

  it('reads a list under items, data or insights as a list, not as an empty resource', () => {
    // `{items: […]}` is the interface's own list style; read as one resource it had every field null.
    expect(toInsights({ items: [{ preferred_tone: 'formal' }] }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ data: [{ contact_id: 'c1', preferred_tone: 'formal' }] }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ insights: [{ preferred_tone: 'formal' }], total: 1 }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ data: [] }, 'c1')).toMatchObject({ preferredTone: null, recentTopics: [] });
    expect(toInsights({ items: [{ contact_id: 'c2', preferred_tone: 'casual' }, { contact_id: 'c1', preferred_tone: 'formal' }] }, 'c1').preferredTone).toBe('formal');
    expect(toRecordingInsights({ data: [{ recording_id: 'r1', key_decisions: ['Go'] }] }, 'r1').keyDecisions).toEqual(['Go']);
    // A field that is a list stays a field: the resource itself is recognised first.
    expect(toInsights({ preferred_tone: 'formal', items: ['x'] }, 'c1').preferredTone).toBe('formal');
  });

  it('of several, takes the one for this contact, and refuses to guess otherwise', () => {
    expect(toInsights([{ contact_id: 'c2', preferred_tone: 'casual' }, { contact_id: 'c1', preferred_tone: 'formal' }], 'c1').preferredTone).toBe('formal');
    expect(() => toInsights([{ preferred_tone: 'casual' }, { preferred_tone: 'formal' }], 'c1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
  });

  it('refuses insights that name another contact or recording as theirs, alone or as the only entry of a list', () => {
    const another = expect.objectContaining({ kind: 'invalid_response', message: expect.stringContaining('another contact') });
    expect(() => toInsights({ contact_id: 'c2', preferred_tone: 'casual' }, 'c1')).toThrow(another);
    expect(() => toInsights({ items: [{ contact_id: 'c2', preferred_tone: 'casual' }] }, 'c1')).toThrow(another);
    expect(() => toInsights({ data: { contactId: 2, insights: { preferred_tone: 'casual' } } }, '1')).toThrow(another);
    expect(() => toRecordingInsights({ recording_id: 'r2', key_decisions: ['Go'] }, 'r1')).toThrow(expect.objectContaining({ message: expect.stringContaining('another recording') }));
    // The same id written as a number is the same contact.
    expect(toInsights({ contact_id: 42, preferred_tone: 'formal' }, '42')).toMatchObject({ contactId: '42', preferredTone: 'formal' });
  });

  it('finds insights under a name of the server’s own, and says a body that says it failed', () => {
    expect(toInsights({ result: { preferred_tone: 'formal' } }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ insight: { recentTopics: ['Q3'] } }, 'c1').recentTopics).toEqual(['Q3']);
    expect(toInsights({ contact: { id: 'c1', name: 'Maya' }, profile: { sensitive_topics: ['layoffs'], prefers_direct: true } }, 'c1')).toMatchObject({
      sensitiveTopics: ['layoffs'],
      flags: { prefersDirect: true },
    });
    expect(() => toInsights({ success: false, error: 'Model not ready' }, 'c1')).toThrow(
      expect.objectContaining({ kind: 'invalid_response', message: 'The service said it could not give the insights: Model not ready.' }),
    );
    // Nothing yet stays nothing yet.
    expect(toInsights({ contact_id: 'c1', status: 'pending' }, 'c1')).toMatchObject({ preferredTone: null, recentTopics: [] });
  });

  it('never takes the person beside the insights for them (a contact’s bio is no personality summary), and checks the person is the one asked for', () => {
    const reply = { contact: { id: 'c1', name: 'Maya', summary: 'Head of Sales at Acme' }, profile: { sensitive_topics: ['layoffs'], prefers_direct: true } };
    expect(toInsights(reply, 'c1')).toMatchObject({ personalitySummary: null, sensitiveTopics: ['layoffs'], flags: { prefersDirect: true } });
    expect(() => toInsights({ ...reply, contact: { id: 'c2', name: 'Dan' } }, 'c1')).toThrow(expect.objectContaining({ message: expect.stringContaining('another contact') }));
    // Of two objects with insight fields, the one with more, in either order.
    expect(toInsights({ meta: { preferred_tone: 'n/a' }, result: { preferred_tone: 'formal', recent_topics: ['Q3'] } }, 'c1')).toMatchObject({ preferredTone: 'formal', recentTopics: ['Q3'] });
    expect(toInsights({ result: { preferred_tone: 'formal', recent_topics: ['Q3'] }, meta: { preferred_tone: 'n/a' } }, 'c1')).toMatchObject({ preferredTone: 'formal' });
    // A wrapper with only the fields a person has too is still the insights' (none is beside a person).
    expect(toInsights({ result: { summary: 'Direct, numbers first', interests: ['chess'] } }, 'c1')).toMatchObject({ personalitySummary: 'Direct, numbers first', interests: ['chess'] });
    // Whoever is named beside them must be the one asked for, under any of the person's names.
    expect(() => toInsights({ person: { id: 'c2' }, profile: { sensitive_topics: ['x'] } }, 'c1')).toThrow(expect.objectContaining({ message: expect.stringContaining('another contact') }));
  });

  it('takes a record’s `owner` or `user` beside the insights for the account’s, not the person they are about', () => {
    const reply = { preferred_tone: 'formal', recent_topics: ['Q3 roadmap'], owner: { id: 'u_7', name: 'Alex (account owner)' }, user: { id: 'u_8' } };
    expect(toInsights(reply, 'c_42')).toMatchObject({ contactId: 'c_42', preferredTone: 'formal', recentTopics: ['Q3 roadmap'] });
  });

  it('reads a UUID in capitals as the same contact’s (another id in other letters stays another contact’s)', () => {
    const id = '3f0e2b1c-1111-2222-3333-444455556666';
    expect(toInsights({ contact_id: id.toUpperCase(), preferred_tone: 'formal' }, id).preferredTone).toBe('formal');
    expect(toInsights([{ contact_id: id.toUpperCase(), preferred_tone: 'mine' }, { contact_id: 'c2', preferred_tone: 'theirs' }], id).preferredTone).toBe('mine');
    expect(() => toInsights({ contact_id: 'C_42', preferred_tone: 'formal' }, 'c_42')).toThrow(expect.objectContaining({ message: expect.stringContaining('another contact') }));
  });

  it('of several for this very contact (a history), takes the newest, else the first', () => {
    const history = [
      { contact_id: 'c1', preferred_tone: 'older', updated_at: '2026-10-01T09:00:00Z' },
      { contact_id: 'c1', preferred_tone: 'newest', updated_at: '2026-11-20T09:00:00Z' },
      { contact_id: 'c1', preferred_tone: 'oldest', updated_at: '2026-01-05T09:00:00Z' },
      { contact_id: 'c2', preferred_tone: 'someone else’s', updated_at: '2026-11-28T09:00:00Z' },
    ];
    expect(toInsights(history, 'c1').preferredTone).toBe('newest');
    expect(toInsights({ items: [{ contact_id: 'c1', preferred_tone: 'first' }, { contact_id: 'c1', preferred_tone: 'second' }] }, 'c1').preferredTone).toBe('first');
  });
});

describe('text in lists', () => {
  it('takes the name of a thing before its description', () => {
    expect(toTextList([{ id: 1, name: 'Budget', description: 'Discussed the Q3 budget overrun in detail' }])).toEqual(['Budget']);
    expect(toTextList([{ description: 'Only a description' }, { keyword: 'golf' }, { subject: 'sailing' }, { topic: 'chess', text: 'long' }])).toEqual([
      'Only a description', 'golf', 'sailing', 'chess',
    ]);
    expect(toActionItems([{ title: 'Share pricing', description: 'Send the new price sheet with the volume tiers' }], { pendingOnly: false })[0]?.text).toBe('Share pricing');
  });

  it('reads decisions given as {decision} and webhook events as {event} or {type}', () => {
    expect(toRecordingInsights({ key_decisions: [{ decision: 'Go with vendor B', made_by: 'Maya' }] }, 'r1').keyDecisions).toEqual(['Go with vendor B']);
    expect(toWebhook({ id: 'w', url: 'https://h.test', events: [{ event: 'insights.generated' }, { type: 'contact.updated' }] }).events).toEqual([
      'insights.generated', 'contact.updated',
    ]);
  });
});

describe('text fields given as lists or objects', () => {
  it('joins a list and reads the text inside an object', () => {
    const insights = toInsights(
      { preferred_tone: ['formal', 'concise'], communication_approach: { summary: 'Lead with numbers' }, personality_summary: { text: 'Analytical' } },
      'c1',
    );
    expect(insights).toMatchObject({ preferredTone: 'formal, concise', communicationApproach: 'Lead with numbers', personalitySummary: 'Analytical' });
    expect(toInsights({ preferred_tone: { value: 'formal', confidence: 0.8 } }, 'c1').preferredTone).toBe('formal');
    expect(toInsights({ preferred_tone: [], communication_approach: {} }, 'c1')).toMatchObject({ preferredTone: null, communicationApproach: null });
  });

  it('joins a list of sentences as sentences, and says a word repeated in another case once', () => {
    // A model's summary as a list of its sentences: "detail-oriented., Warm" read as a typo.
    const insights = toInsights(
      {
        personality_summary: ['Analytical and detail-oriented.', 'Warm with close colleagues!', 'Dislikes surprises'],
        preferred_tone: ['formal', 'Formal ', 'concise', 'FORMAL'],
        communication_approach: ['Lead with numbers.', 'lead with numbers.'],
      },
      'c1',
    );
    expect(insights).toMatchObject({
      personalitySummary: 'Analytical and detail-oriented. Warm with close colleagues! Dislikes surprises',
      preferredTone: 'formal, concise',
      communicationApproach: 'Lead with numbers.',
    });
  });
});

describe('text fields given as objects of the server’s own fields', () => {
  it('reads each field’s prose or list, in order, each once', () => {
    const insights = toInsights(
      {
        communication_approach: { style: 'Direct and data-first', notes: 'Responds best to short emails' },
        personality_summary: { traits: ['curious', 'Analytical', 'analytical'] },
        preferred_tone: { register: 'formal', pace: 'brisk', confidence: 0.8 },
      },
      'c1',
    );
    expect(insights).toMatchObject({
      communicationApproach: 'Direct and data-first. Responds best to short emails',
      personalitySummary: 'curious, Analytical',
      preferredTone: 'formal, brisk',
    });
  });

  it('leaves out what describes the text rather than says it (ids, times, kinds), and reads nothing from numbers alone', () => {
    const insights = toInsights(
      {
        communication_approach: { id: 'ca_1', style: 'Lead with numbers.', notes: ['Keep it short.', 'keep it short.'], updated_at: '2026-11-01T10:00:00Z', source: 'model' },
        personality_summary: { score: 0.7, flagged: true },
      },
      'c1',
    );
    expect(insights).toMatchObject({ communicationApproach: 'Lead with numbers. Keep it short.', personalitySummary: null });
  });
});

describe('placeholder words', () => {
  it('reads "None", "null", "undefined" and "N/A" as missing, but not inside longer text', () => {
    const insights = toInsights(
      { preferred_tone: 'None', communication_approach: 'null', personality_summary: 'N/A', recent_topics: ['None', 'undefined', 'n/a', 'Budget'], last_conversation_date: 'None' },
      'c1',
    );
    expect(insights).toMatchObject({ preferredTone: null, communicationApproach: null, personalitySummary: null, recentTopics: ['Budget'], lastConversationDate: null });
    expect(toContact({ id: 1, name: 'None', email: 'null' })).toMatchObject({ name: null, email: null });
    expect(toRecording({ id: 1, title: 'undefined', status: 'completed' }).title).toBeNull();
    expect(toInsights({ personality_summary: 'None of the usual small talk' }, 'c1').personalitySummary).toBe('None of the usual small talk');
  });

  it('reads a missing number\'s "NaN" and a JavaScript object made text ("[object Object]") as missing, not as words to show', () => {
    // pandas and JavaScript write a missing value as NaN; String({}) and `${obj}` write "[object Object]".
    const insights = toInsights(
      {
        preferred_tone: 'NaN',
        communication_approach: '[object Object]',
        personality_summary: '[object Object],[object Object]',
        recent_topics: ['nan', '[object Object]', 'Budget'],
        pending_action_items: [{ text: '[object Object]' }, { text: 'Send the deck', owner: '[object Object]', status: 'NaN' }],
      },
      'c1',
    );
    expect(insights).toMatchObject({ preferredTone: null, communicationApproach: null, personalitySummary: null, recentTopics: ['Budget'] });
    expect(insights.pendingActionItems).toEqual([{ text: 'Send the deck', owner: null, dueDate: null, status: null }]);
    // A name that only looks like it is kept: "Nan" is someone's.
    expect(toContact({ id: 1, name: 'Nan', email: 'nan@example.com' })).toMatchObject({ name: 'Nan', email: 'nan@example.com' });
    expect(toInsights({ personality_summary: 'Shares [object Object] jokes from code reviews' }, 'c1').personalitySummary).toBe('Shares [object Object] jokes from code reviews');
  });
});

describe('dates as epoch numbers', () => {
  const ISO = '2025-11-12T10:00:00.000Z';
  it.each([[1762941600], [1762941600000], ['1762941600'], ['1762941600000'], [1762941600.5]])('reads %j as a moment', (value) => {
    const expected = typeof value === 'number' && !Number.isInteger(value) ? '2025-11-12T10:00:00.500Z' : ISO;
    expect(toActionItems([{ text: 'Send deck', due_date: value }], { pendingOnly: false })[0]?.dueDate).toBe(expected);
    expect(toInsights({ last_conversation_date: value, updated_at: value }, 'c1')).toMatchObject({ lastConversationDate: expected, updatedAt: expected });
    expect(toRecording({ id: 'r', meeting_date: value }).meetingDate).toBe(expected);
  });

  it('reads a compact date, and drops numbers that are no plausible moment', () => {
    expect(toRecording({ id: 'r', meeting_date: '20261112' }).meetingDate).toBe('2026-11-12');
    // 1e15 is no longer here: 16 digits are epoch microseconds (2001-09-09), epoch-micro-nano.test.ts.
    for (const junk of [3600, 0, -1, '900', 99999999999, '20261399', 1e14, 1e17]) expect(toRecording({ id: 'r', meeting_date: junk }).meetingDate).toBeNull();
    // Text dates are left to the date formatter as written.
    expect(toRecording({ id: 'r', meeting_date: '12 Nov 2026' }).meetingDate).toBe('12 Nov 2026');
  });

  it('reads an upload URL’s expiry given as an epoch', () => {
    const now = Date.parse('2025-11-12T09:00:00Z');
    expect(toPresignedUpload({ upload_url: 'https://s3.test/u', recording_id: 'r1', expires_at: 1762941600 }, 'https://svc.test', now).expiresAt).toBe(ISO);
  });
});

describe('status words', () => {
  it.each([
    ['transcription_completed', 'completed'], ['completed_with_errors', 'completed'], ['finalized', 'completed'], ['insights_ready', 'completed'],
    ['timed_out', 'failed'], ['expired', 'failed'], ['aborted', 'failed'],
    ['transcription_in_progress', 'processing'], ['generating_insights', 'processing'], ['Summarizing', 'processing'],
  ])('%s → %s', (word, status) => expect(toRecording({ id: 'r', status: word }).status).toBe(status));

  it('reads a status given as an object', () => {
    expect(toRecording({ id: 'r', status: { name: 'completed' } })).toMatchObject({ status: 'completed', rawStatus: 'completed' });
    expect(toRecording({ id: 'r', status: { state: 'failed', reason: 'x' } }).status).toBe('failed');
    expect(toRecording({ id: 'r', status: { value: 'queued' } }).status).toBe('queued');
  });

  it('takes an unknown word at 100 % for finished, and only then', () => {
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: 100 }).status).toBe('completed');
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: 60 }).status).toBe('unknown');
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: 250 }).status).toBe('unknown');
    // A known word is not overruled by progress.
    expect(toRecording({ id: 'r', status: 'failed', progress: 100 }).status).toBe('failed');
  });
});

describe('webhook state', () => {
  it.each([
    [{ status: 'enabled' }, true], [{ status: 'Active' }, true], [{ status: 'disabled' }, false], [{ status: 'paused' }, false],
    [{ is_active: false }, false], [{ isActive: true }, true], [{ enabled: 'true' }, true], [{ is_enabled: 0 }, false],
    [{ status: 'pending_verification' }, null], [{}, null],
  ])('%j → active %j', (state, active) => expect(toWebhook({ id: 'w', url: 'https://h.test', events: ['x'], ...state }).active).toBe(active));
});

describe('transcript times and speakers', () => {
  const times = (raw: unknown) => toTranscript(raw, 'r1').segments.map((s) => [s.speaker, s.start, s.end]);

  it('reads whole-number start/end as milliseconds when the series’ shape says so', () => {
    // AssemblyAI: utterances seconds long, written in ms.
    expect(times({ utterances: [{ speaker: 'A', start: 1230, end: 4560, text: 'Hi' }, { speaker: 'B', start: 65000, end: 70000, text: 'Yo' }] })).toEqual([
      ['Speaker 1', 1.23, 4.56],
      ['Speaker 2', 65, 70],
    ]);
    // Starts only, minutes apart in ms.
    expect(times({ segments: [{ start: 0, text: 'a' }, { start: 4000, text: 'b' }, { start: 9000, text: 'c' }] })).toEqual([[null, 0, null], [null, 4, null], [null, 9, null]]);
  });

  it('keeps seconds: fractions, short turns, and explicit ms keys as they are', () => {
    expect(times({ segments: [{ start: 1.2, end: 4.5, text: 'a' }, { start: 5, end: 9.25, text: 'b' }] })).toEqual([[null, 1.2, 4.5], [null, 5, 9.25]]);
    expect(times({ segments: [{ start: 0, end: 5, text: 'a' }, { start: 5, end: 12, text: 'b' }, { start: 600, end: 640, text: 'c' }] })).toEqual([
      [null, 0, 5], [null, 5, 12], [null, 600, 640],
    ]);
    expect(times({ segments: [{ start_ms: 1500, end_ms: 3000, text: 'a' }, { start: '00:01:02.5', text: 'b' }] })).toEqual([[null, 1.5, 3], [null, 62.5, null]]);
  });

  it('names numbered speakers “Speaker n”, counting from 1 whether the server counts from 0 or 1', () => {
    expect(times({ utterances: [{ speaker: 0, start: 1.2, end: 2, transcript: 'Hi' }, { speaker: 1, start: 2, end: 3, transcript: 'Yo' }] }).map(([s]) => s)).toEqual(['Speaker 1', 'Speaker 2']);
    expect(times({ segments: [{ speaker_id: 1, text: 'Hi' }, { speaker_id: 2, text: 'Yo' }] }).map(([s]) => s)).toEqual(['Speaker 1', 'Speaker 2']);
    expect(times({ segments: [{ speaker: '0', text: 'Hi' }, { speaker: 'Maya', text: 'Yo' }] }).map(([s]) => s)).toEqual(['Speaker 1', 'Maya']);
  });
});

describe('subtitle transcripts', () => {
  const cues = (text: string) => toTranscript(text, 'r1').segments;

  it('reads WebVTT cues with their times and <v> voices, without header, ids or tags', () => {
    const vtt = 'WEBVTT\n\nNOTE made by the service\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Maya Chen>Hello <b>there</b></v>\n\n00:05.000 --> 00:07.500 align:start\n<v.loud Tom>Hi\nall\n\n01:00:00.000 --> 01:00:02.000\nNo voice here';
    expect(cues(vtt)).toEqual([
      { speaker: 'Maya Chen', start: 1, end: 4, text: 'Hello there' },
      { speaker: 'Tom', start: 5, end: 7.5, text: 'Hi all' },
      { speaker: null, start: 3600, end: 3602, text: 'No voice here' },
    ]);
    expect(toTranscript({ transcript: vtt }, 'r1').segments).toHaveLength(3);
  });

  it('reads SRT cues, dropping the numbers and taking "Name:" labels as speakers', () => {
    expect(cues('1\n00:00:01,000 --> 00:00:04,000\nMaya: Hello there\n\n2\n00:00:05,000 --> 00:00:07,000\nTom: Hi')).toEqual([
      { speaker: 'Maya', start: 1, end: 4, text: 'Hello there' },
      { speaker: 'Tom', start: 5, end: 7, text: 'Hi' },
    ]);
  });
});

describe('progress as text with a percent sign or as an object', () => {
  const progress = (value: unknown) => toRecording({ id: 'r', status: 'processing', progress: value }).progress;

  it.each([
    ['45%', 45], [' 45 % ', 45], ['250%', 100], ['0.5%', 0.5],
    [{ percent: 45 }, 45], [{ percentage: '45%' }, 45], [{ value: 0.45 }, 45], [{ current: 45, total: 100 }, 45], [{ completed: 3, total: 4 }, 75],
    [{ current: 1, total: 0 }, null], [{ stage: 'upload' }, null], ['soon', null],
  ])('%j → %j', (value, expected) => expect(progress(value)).toBe(expected));

  it('takes an unknown word at "100%" or {current: n, total: n} for finished', () => {
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: '100%' }).status).toBe('completed');
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: { current: 8, total: 8 } }).status).toBe('completed');
    expect(toRecording({ id: 'r', status: 'archived_ok', progress: { current: 4, total: 8 } }).status).toBe('unknown');
  });
});

describe('webhook lists', () => {
  it('reads a null list (Go’s nil slice) as no webhooks, and still refuses a reply with no list', () => {
    expect(toWebhookList({ webhooks: null })).toEqual([]);
    expect(toWebhookList({ data: { webhooks: [{ id: 'w' }] } }).map((hook) => hook.id)).toEqual(['w']);
    expect(() => toWebhookList({ count: 0 })).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
  });

  it('takes a list under any of its keys over a null under another', () => {
    expect(toWebhookList({ items: null, webhooks: [{ id: 'w', url: 'https://h.test' }] }).map((hook) => hook.id)).toEqual(['w']);
    expect(toContactPage({ items: null, contacts: [{ id: 'c', email: 'c@x.test' }] }, page).items.map((contact) => contact.id)).toEqual(['c']);
  });

  it('leaves out an entry it cannot read, or one with neither an id nor an address, and keeps the rest', () => {
    const hooks = toWebhookList({ webhooks: [{ id: 'w1', url: 'https://h.test/1' }, 'junk', {}, { status: 'active' }, { url: 'https://h.test/2' }] });
    expect(hooks.map((hook) => hook.id ?? hook.url)).toEqual(['w1', 'https://h.test/2']);
  });

  it('fills a terse answer to a creation in with what was asked for', () => {
    const requested = { url: 'https://h.test/primer', events: ['insights.generated'] };
    expect(toWebhook({}, requested)).toMatchObject({ id: null, url: 'https://h.test/primer', events: ['insights.generated'] });
    expect(toWebhook(null, requested)).toMatchObject({ url: 'https://h.test/primer', events: ['insights.generated'] });
    expect(toWebhook({ webhook: { id: 'w9', secret: 's3cret' } }, requested)).toMatchObject({ id: 'w9', url: 'https://h.test/primer', secret: 's3cret' });
    // What the service says wins over what was asked for.
    expect(toWebhook({ id: 'w9', url: 'https://h.test/other', events: ['contact.updated'] }, requested)).toMatchObject({ url: 'https://h.test/other', events: ['contact.updated'] });
    // Without a request (a listed entry), an empty one is no webhook.
    expect(() => toWebhook({})).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    // A plain word is a terse answer too.
    expect(toWebhook('Created', requested)).toMatchObject({ url: 'https://h.test/primer' });
  });

  it('does not take a web page or a body saying it failed for a created webhook', () => {
    const requested = { url: 'https://h.test/primer', events: ['insights.generated'] };
    expect(() => toWebhook('<!doctype html><html><body>Welcome</body></html>', requested)).toThrow(
      expect.objectContaining({ kind: 'invalid_response', message: 'The address answered with a web page, not a webhook: check the service address.' }),
    );
    for (const body of [
      { success: false, error: 'url must be reachable' },
      { ok: false, message: 'url must be reachable' },
      { status: 'fail', message: 'url must be reachable' },
      { error: { message: 'url must be reachable' } },
    ]) {
      expect(() => toWebhook(body, requested)).toThrow(
        expect.objectContaining({ kind: 'bad_request', message: 'The service did not create the webhook: url must be reachable' }),
      );
    }
    expect(() => toWebhook({ success: false }, requested)).toThrow(expect.objectContaining({ message: 'The service did not create the webhook.' }));
    // A webhook that says it is failing (its deliveries) is still one, and so is one with an id beside an error field.
    expect(toWebhook({ id: 'w1', status: 'failing' }, requested)).toMatchObject({ id: 'w1', active: null, failing: true });
    expect(toWebhook({ id: 'w1', error: null }, requested)).toMatchObject({ id: 'w1' });
    expect(toWebhook({ success: true, data: { id: 'w2' } }, requested)).toMatchObject({ id: 'w2' });
  });
});

describe('Rev.ai monologues and sentence lists', () => {
  const segments = (raw: unknown) => toTranscript(raw, 'r1').segments;

  it('reads a monologue as one segment: its elements’ text, first ts to last end_ts, its speaker’s name or number', () => {
    const raw = {
      monologues: [
        {
          speaker: 0,
          speaker_name: 'Maya Chen',
          elements: [
            { type: 'text', value: 'Hello', ts: 0.5, end_ts: 0.9, confidence: 1 },
            { type: 'punct', value: ',' },
            { type: 'text', value: 'everyone', ts: 1, end_ts: 1.6 },
            { type: 'punct', value: '.' },
          ],
        },
        {
          speaker: 1,
          speaker_name: null,
          elements: [
            { type: 'text', value: 'Hi', ts: 2, end_ts: 2.25 },
            { type: 'punct', value: ' ' },
            { type: 'unknown', value: '<unknown>' },
            { type: 'punct', value: ' ' },
            { type: 'text', value: 'there', ts: 2.5, end_ts: 3 },
            { type: 'punct', value: '!' },
          ],
        },
        { speaker: 0, elements: [] },
      ],
    };
    expect(segments(raw)).toEqual([
      { speaker: 'Maya Chen', start: 0.5, end: 1.6, text: 'Hello, everyone.' },
      { speaker: 'Speaker 2', start: 2, end: 3, text: 'Hi there!' },
    ]);
    // Rev.ai times are seconds, even whole ones over long turns.
    expect(segments({ monologues: [{ speaker: 1, elements: [{ type: 'text', value: 'Long', ts: 0, end_ts: 300 }] }] })).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 300, text: 'Long' },
    ]);
  });

  it('reads {sentences: [{speaker, start, end, text}]}', () => {
    expect(segments({ sentences: [{ speaker: 'A', start: 0.5, end: 2, text: 'Hi.' }, { speaker: 'B', start: 2.5, end: 4, text: 'Hello.' }] })).toEqual([
      { speaker: 'Speaker 1', start: 0.5, end: 2, text: 'Hi.' },
      { speaker: 'Speaker 2', start: 2.5, end: 4, text: 'Hello.' },
    ]);
  });
});

describe('segment times as ISO-8601 durations and clock text', () => {
  it.each([
    ['PT1M23.5S', 83.5], ['PT2H', 7200], ['PT1H2M3S', 3723], ['P0DT0H0M1.25S', 1.25], ['pt45s', 45],
    ['00:01:23,456', 83.456], ['00:01:23.456', 83.456], ['01:23,5', 83.5], ['1.500s', 1.5],
    ['PT', null], ['P', null], ['PT1,5X', null], ['1,500', null],
    ['1500ms', 1.5], ['250 ms', 0.25], ['1500MS', 1.5], ['ms', null], ['1,500ms', null],
  ])('%s → %j', (time, seconds) => {
    expect(toTranscript({ segments: [{ start: time, text: 'a' }] }, 'r1').segments[0]?.start).toBe(seconds);
  });

  it('reads protobuf’s Duration as an object, {seconds, nanos} (a Google client library’s own)', () => {
    const segments = toTranscript(
      { segments: [{ start: { seconds: '1', nanos: 500_000_000 }, end: { seconds: 3 }, text: 'a' }, { startTime: { nanos: 250_000_000 }, text: 'b' }, { start: { seconds: 'x' }, text: 'c' }] },
      'r1',
    ).segments;
    expect(segments.map((s) => [s.start, s.end])).toEqual([[1.5, 3], [0.25, null], [null, null]]);
    // Google's words, timed the same way.
    const words = toTranscript({ words: [{ word: 'Hi', startOffset: { seconds: 2 }, endOffset: { seconds: 2, nanos: 400_000_000 }, speakerTag: 1 }] }, 'r1').segments;
    expect(words.map((s) => [s.start, s.end])).toEqual([[2, 2.4]]);
  });

  it('does not take ISO or clock times for milliseconds', () => {
    expect(toTranscript({ segments: [{ start: 'PT0S', end: 'PT200S', text: 'a' }, { start: '00:03:20,000', end: '00:06:40,000', text: 'b' }] }, 'r1').segments.map((s) => [s.start, s.end])).toEqual([
      [0, 200],
      [200, 400],
    ]);
  });
});

describe('segment clock times that are times of day', () => {
  const starts = (raw: unknown) => toTranscript(raw, 'r1').segments.map((s) => [s.start, s.end]);

  it('are not shown as offsets: a 30-minute meeting is not 14 h 32 min in', () => {
    expect(starts({ segments: [{ start: '14:32:05', end: '14:32:40', text: 'Hi' }, { start: '14:33:10', text: 'Yo' }] })).toEqual([[null, null], [null, null]]);
    expect(starts({ segments: [{ speaker: 'A', timestamp: '09:00:03', text: 'Hi' }] })).toEqual([[null, null]]);
  });

  it('are not offsets when they pass the duration the reply gives', () => {
    expect(starts({ duration: 1800, segments: [{ start: '00:10:00', text: 'Hi' }, { start: '00:45:00', text: 'Yo' }] })).toEqual([[null, null], [null, null]]);
    expect(starts({ duration_seconds: '600', segments: [{ start: '12:05', text: 'Hi' }] })).toEqual([[null, null]]);
  });

  it('still reads "HH:MM:SS" and "MM:SS" offsets within the recording', () => {
    expect(starts({ segments: [{ start: '00:00:03', end: '00:00:09', text: 'Hi' }, { start: '01:12:05', text: 'Yo' }] })).toEqual([[3, 9], [4325, null]]);
    expect(starts({ duration: 'PT30M', segments: [{ start: '00:29:59', text: 'Hi' }, { start: '12:05', text: 'Yo' }] })).toEqual([[1799, null], [725, null]]);
    // Numbers and ISO durations say they are offsets: kept, however late.
    expect(starts({ segments: [{ start: 52_325.5, text: 'Hi' }, { start: 'PT14H32M5S', text: 'Yo' }] })).toEqual([[52_325.5, null], [52_325, null]]);
  });
});

describe('text transcripts with speaker header lines (Otter, Zoom)', () => {
  const segments = (text: string) => toTranscript(text, 'r1').segments;

  it('starts a segment at each "Name  time" line, with the lines below as its text', () => {
    expect(segments('Speaker 1  00:01\nHello there.\nHow are you?\n\nMaya Chen  0:05\nFine, thanks.\n\nSpeaker 1  1:02:03\nGood.')).toEqual([
      { speaker: 'Speaker 1', start: 1, end: null, text: 'Hello there. How are you?' },
      { speaker: 'Maya Chen', start: 5, end: null, text: 'Fine, thanks.' },
      { speaker: 'Speaker 1', start: 3723, end: null, text: 'Good.' },
    ]);
    // One speaker only: the opening header is enough when nothing below reads as "Name: text".
    expect(segments('Maya Chen  00:00\nA note to self.\nBuy milk.')).toEqual([{ speaker: 'Maya Chen', start: 0, end: null, text: 'A note to self. Buy milk.' }]);
    // A header with nothing under it says nothing.
    expect(segments('Speaker 1  00:01\nSpeaker 2  00:04\nHi')).toEqual([{ speaker: 'Speaker 2', start: 4, end: null, text: 'Hi' }]);
  });

  it('reads Zoom’s "[Name] time" headers', () => {
    expect(segments('[Maya Chen] 10:02:13\nLet us start.\n\n[Alex Kim] 10:02:20\nSure.')).toEqual([
      { speaker: 'Maya Chen', start: 36133, end: null, text: 'Let us start.' },
      { speaker: 'Alex Kim', start: 36140, end: null, text: 'Sure.' },
    ]);
  });

  it('keeps an export’s title lines above the first header as text without a speaker', () => {
    expect(segments('Q3 roadmap review\nMay 19, 2026\n\nMaya Chen  0:00\nHello.\n\nAlex Kim  0:04\nHi.')).toEqual([
      { speaker: null, start: null, end: null, text: 'Q3 roadmap review May 19, 2026' },
      { speaker: 'Maya Chen', start: 0, end: null, text: 'Hello.' },
      { speaker: 'Alex Kim', start: 4, end: null, text: 'Hi.' },
    ]);
    // Lines that read as "Name: text" are a dialogue, not a title, whatever times follow.
    expect(segments('Maya Chen: Let us start.\nAlex Kim: Sure.\nBudget 10:00\nHiring 10:30')).toEqual([
      { speaker: 'Maya Chen', start: null, end: null, text: 'Let us start.' },
      { speaker: 'Alex Kim', start: null, end: null, text: 'Sure.' },
      { speaker: null, start: null, end: null, text: 'Budget 10:00' },
      { speaker: null, start: null, end: null, text: 'Hiring 10:30' },
    ]);
    // One header under a title is not enough to read the text as headed blocks.
    expect(segments('Notes\nMaya Chen  0:00\nHello.')).toEqual([
      { speaker: null, start: null, end: null, text: 'Notes' },
      { speaker: null, start: null, end: null, text: 'Maya Chen  0:00' },
      { speaker: null, start: null, end: null, text: 'Hello.' },
    ]);
  });

  it('reads "[00:01:23,456] Name: text" lines (comma before the milliseconds)', () => {
    expect(segments('[00:01:23,456] Maya Chen: Hello.\n[00:01:25,000] Alex Kim: Hi.')).toEqual([
      { speaker: 'Maya Chen', start: 83.456, end: null, text: 'Hello.' },
      { speaker: 'Alex Kim', start: 85, end: null, text: 'Hi.' },
    ]);
  });

  it('leaves other text as it was: a title line above a dialogue, times inside sentences', () => {
    expect(segments('Weekly Sync 10:00\nMaya: Hi\nTom: Hello')).toEqual([
      { speaker: null, start: null, end: null, text: 'Weekly Sync 10:00' },
      { speaker: 'Maya', start: null, end: null, text: 'Hi' },
      { speaker: 'Tom', start: null, end: null, text: 'Hello' },
    ]);
    expect(segments('We meet at 10:00\nsee you then')).toEqual([
      { speaker: null, start: null, end: null, text: 'We meet at 10:00' },
      { speaker: null, start: null, end: null, text: 'see you then' },
    ]);
  });
});

describe('timestamps written without a zone', () => {
  // The interface's times are UTC; Python's utcnow().isoformat(), .NET's unspecified DateTime and
  // SQL-style text leave the zone out, which JavaScript would read as the reader's local time.
  it.each([
    ['2026-11-12T10:00:00', '2026-11-12T10:00:00Z'],
    ['2026-11-12T10:00:00.123456', '2026-11-12T10:00:00.123456Z'],
    ['2026-11-12 10:00:00', '2026-11-12T10:00:00Z'],
    ['2026-11-12T10:00', '2026-11-12T10:00Z'],
    ['2026-11-12 10:00:00 UTC', '2026-11-12T10:00:00Z'],
    ['2026-11-12 11:00:00 +0100', '2026-11-12T11:00:00+01:00'],
  ])('reads %s as UTC', (written, iso) => {
    expect(toRecording({ id: 'r', meeting_date: written }).meetingDate).toBe(iso);
    expect(toInsights({ last_conversation_date: written }, 'c1').lastConversationDate).toBe(iso);
    expect(Date.parse(iso)).toBe(Date.parse('2026-11-12T10:00:00Z') + (iso.includes('.123') ? 123 : 0));
  });

  it('leaves dates with a zone, calendar days and other text as written', () => {
    for (const written of ['2026-11-12T10:00:00Z', '2026-11-12T10:00:00+02:00', '2026-11-12', '12 Nov 2026']) {
      expect(toRecording({ id: 'r', meeting_date: written }).meetingDate).toBe(written);
    }
  });
});

describe('status words that name their stage', () => {
  it.each([
    ['processing_failed', 'failed'], ['TRANSCRIPTION_FAILED', 'failed'], ['upload-failed', 'failed'], ['transcription_error', 'failed'], ['Analysis Errored', 'failed'],
    ['processing_complete', 'completed'], ['PROCESSING_COMPLETED', 'completed'], ['analysis_complete', 'completed'],
    ['upload_complete', 'queued'], ['upload_completed', 'queued'], ['enqueued', 'queued'], ['in_queue', 'queued'], ['not_started', 'queued'],
    // A word that only ends like a known one says nothing certain.
    ['no_error', 'unknown'], ['not_failed', 'unknown'],
    // Only a stage and its failure: longer words ending in one say no such thing.
    ['completed_with_error', 'unknown'], ['completed_without_error', 'unknown'], ['retrying_after_error', 'unknown'],
  ])('%s → %s', (word, status) => expect(toRecording({ id: 'r', status: word }).status).toBe(status));
});

describe('topics with counts', () => {
  it('reads a map of topic → count (Python’s Counter) most frequent first, and [topic, count] pairs (its most_common())', () => {
    expect(toInsights({ recent_topics: { hiring: 2, pricing: 5, travel: 0 } }, 'c1').recentTopics).toEqual(['pricing', 'hiring']);
    expect(toInsights({ favorite_topics: [['sailing', 4], ['chess', 1]] }, 'c1').favoriteTopics).toEqual(['sailing', 'chess']);
    expect(toRecordingInsights({ topics_discussed: { Pricing: 3, Roadmap: 1 } }, 'r1').topicsDiscussed).toEqual(['Pricing', 'Roadmap']);
  });

  it('reads a map of event → on/off as the events that are on', () => {
    expect(toWebhook({ id: 'w', url: 'https://h.test', events: { 'insights.generated': true, 'contact.updated': false } }).events).toEqual(['insights.generated']);
  });

  it('reads topics grouped under headings (a model’s {hobbies: [...], work: [...]}) as all of them, in order', () => {
    expect(toInsights({ interests: { hobbies: ['golf', 'sailing'], professional: ['AI', { name: 'data platforms' }] } }, 'c1').interests).toEqual([
      'golf', 'sailing', 'AI', 'data platforms',
    ]);
    expect(toInsights({ sensitive_topics: { personal: ['divorce'], work: ['layoffs', 'the Atlas delay'] } }, 'c1').sensitiveTopics).toEqual(['divorce', 'layoffs', 'the Atlas delay']);
  });

  it('reads no list from an object holding anything else', () => {
    expect(toTextList({ name: 'Budget', count: 3 })).toEqual([]);
    expect(toTextList({ name: 'Budget', aliases: ['budgets'] })).toEqual([]);
    expect(toTextList([[3, 'x']])).toEqual([]);
  });
});

describe('preference flags with a confidence, or as a list of the ones that hold', () => {
  it('reads {value, confidence} as its value', () => {
    const flags = toInsights({ prefers_data_driven: { value: true, confidence: 0.82 }, prefersDirect: { value: 'false', score: 0.6 }, prefers_brevity: { confidence: 0.4 } }, 'c1').flags;
    expect(flags).toMatchObject({ prefersDataDriven: true, prefersDirect: false, prefersBrevity: null });
  });

  it('reads a probability as the flag only when it is confident: 0.7 or more holds, 0.3 or less does not, between is unknown', () => {
    const flags = toInsights(
      { prefers_data_driven: 0.9, prefers_direct: 0.12, values_relationships: 0.5, dislikes_small_talk: '0.75', prefers_brevity: { probability: 0.3 }, dislikes_jargon: { value: 0.69 } },
      'c1',
    ).flags;
    expect(flags).toEqual({ prefersDataDriven: true, prefersDirect: false, valuesRelationships: null, dislikesSmallTalk: true, prefersBrevity: false, dislikesJargon: null });
    // 1 and 0 are still true and false; every flag unlikely is still the column's default, unknown.
    expect(toInsights({ prefers_direct: 1, prefers_brevity: 0 }, 'c1').flags).toMatchObject({ prefersDirect: true, prefersBrevity: false });
    // A row of a preferences list with an unsure probability says nothing of its flag, not that it holds.
    expect(toInsights({ preferences: [{ name: 'prefers_direct', value: 0.5 }, { name: 'prefers_brevity', probability: 0.95 }] }, 'c1').flags).toMatchObject({ prefersDirect: null, prefersBrevity: true });
    expect(Object.values(toInsights({ prefers_data_driven: 0.1, prefers_direct: 0.2, values_relationships: 0.05, dislikes_small_talk: 0.3, prefers_brevity: 0, dislikes_jargon: 0.25 }, 'c1').flags)).toEqual(Array(6).fill(null));
  });

  it('reads a list of flag names as those flags holding, the rest unknown', () => {
    expect(toInsights({ preferences: ['prefers_data_driven', 'dislikesSmallTalk', 'likes_cats'] }, 'c1').flags).toEqual({
      prefersDataDriven: true, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: true, prefersBrevity: null, dislikesJargon: null,
    });
  });

  it('reads key/value rows, names written as words, and a list or object sent as text', () => {
    const none = { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null };
    // An attribute table's rows: {key, value}; a flag row {flag, value}.
    expect(toInsights({ preferences: [{ key: 'prefers_direct', value: true }, { key: 'dislikes_jargon', value: false }, { flag: 'prefers_brevity', value: 'yes' }] }, 'c1').flags).toEqual({
      ...none, prefersDirect: true, dislikesJargon: false, prefersBrevity: true,
    });
    // Names as words, spaced or hyphenated.
    expect(toInsights({ preferences: ['Prefers Brevity', 'dislikes-jargon', 'Values relationships'] }, 'c1').flags).toEqual({
      ...none, prefersBrevity: true, dislikesJargon: true, valuesRelationships: true,
    });
    // A JSON column read as a string, and names in one line.
    expect(toInsights({ preferences: '{"prefers_direct": true, "prefers_brevity": false}' }, 'c1').flags).toEqual({ ...none, prefersDirect: true, prefersBrevity: false });
    expect(toInsights({ preferences: 'prefers_data_driven, dislikes_small_talk' }, 'c1').flags).toEqual({ ...none, prefersDataDriven: true, dislikesSmallTalk: true });
  });
});

describe('done action items, however the server marks them', () => {
  it('leaves out of the pending ones an item marked is_completed, isDone, or with a completion time', () => {
    const items = toActionItems(
      [
        { text: 'A', is_completed: true },
        { text: 'B', isCompleted: 'true' },
        { text: 'C', is_done: 1 },
        { text: 'D', isDone: true },
        { text: 'E', completed_at: '2026-11-02T10:00:00Z' },
        { text: 'F', completedAt: 1762941600 },
        { text: 'Still open', is_completed: false, completed_at: null },
      ],
      { pendingOnly: true },
    );
    expect(items.map((item) => item.text)).toEqual(['Still open']);
  });
});

describe('diarisation labels and speaker objects', () => {
  const speakers = (raw: unknown) => toTranscript(raw, 'r1').segments.map((segment) => segment.speaker);

  it('names pyannote’s and WhisperX’s "SPEAKER_00" and AWS Transcribe’s "spk_0" as “Speaker n”, counting from 1', () => {
    expect(speakers({ segments: [{ start: 0.1, end: 2, text: 'Hi', speaker: 'SPEAKER_00' }, { start: 2, end: 3, text: 'Yo', speaker: 'SPEAKER_01' }] })).toEqual(['Speaker 1', 'Speaker 2']);
    expect(speakers({ segments: [{ start_time: '0.1', transcript: 'Hi', speaker_label: 'spk_0' }, { start_time: '2', transcript: 'Yo', speaker_label: 'spk_1' }] })).toEqual(['Speaker 1', 'Speaker 2']);
    // Names stay names.
    expect(speakers({ segments: [{ text: 'Hi', speaker: 'Maya Chen' }, { text: 'Yo', speaker: 'Speakerphone' }] })).toEqual(['Maya Chen', 'Speakerphone']);
  });

  it('reads the name of a speaker object under display_name or full_name', () => {
    expect(speakers({ segments: [{ speaker: { id: 7, display_name: 'Maya Chen' }, text: 'Hi' }, { speaker: { fullName: 'Tom Lee' }, text: 'Yo' }] })).toEqual(['Maya Chen', 'Tom Lee']);
  });
});

describe('contact names in parts', () => {
  it.each([
    ['camelCase givenName / familyName', { givenName: 'Ada', familyName: 'Lovelace' }],
    ['surname', { first_name: 'Ada', surname: 'Lovelace' }],
    ['a name object {first, last}', { name: { first: 'Ada', last: 'Lovelace' } }],
    ['a name object {given_name, family_name}', { name: { given_name: 'Ada', family_name: 'Lovelace' } }],
    ['a name object {full}', { name: { full: 'Ada Lovelace', first: 'Ada' } }],
  ])('reads %s', (_name, fields) => {
    expect(toContact({ id: 'c1', email: 'ada@x.test', ...fields }).name).toBe('Ada Lovelace');
  });
});

describe('a list answered with no body (204 No Content)', () => {
  it('is an empty list, not a broken reply', () => {
    expect(toRecordingPage(null, page)).toMatchObject({ recordings: [], received: 0, total: null, hasMore: false });
    expect(toContactPage(null, page)).toEqual({ items: [], total: null, next: null });
    expect(toWebhookList(null)).toEqual([]);
  });

  it('is an empty page from the client too (an account with no recordings yet)', async () => {
    const fetch = () => Promise.resolve(new Response(null, { status: 204 }));
    const client = new ServiceClient('https://svc.test', 'k', { fetch, sleep: () => Promise.resolve(), online: () => true });
    expect((await client.listRecordings()).recordings).toEqual([]);
  });
});

describe('“more to come” in the paging object, or as has_next', () => {
  const one = [{ id: 'a' }];
  it.each([
    ['meta.has_more', { meta: { has_more: true } }],
    ['pagination.hasMore', { pagination: { hasMore: 'true' } }],
    ['has_next (Flask-SQLAlchemy)', { has_next: true, page: 1, pages: 3 }],
    ['meta.hasNextPage', { meta: { hasNextPage: true } }],
  ])('recordings: %s', (_name, paging) => {
    expect(toRecordingPage({ recordings: one, ...paging }, page).hasMore).toBe(true);
    expect(toContactPage({ items: one, ...paging }, page).next).not.toBeNull();
  });

  it('says the end as well', () => {
    expect(toRecordingPage({ recordings: [{ id: 'a' }, { id: 'b' }], meta: { has_more: false } }, { limit: 2, offset: 0 }).hasMore).toBe(false);
    expect(toContactPage({ items: [{ id: 'a' }, { id: 'b' }], has_next: false }, { limit: 2, offset: 0 }).next).toBeNull();
  });
});

describe('lists written as lines of text (a language model’s markdown)', () => {
  it('reads one entry a line, without its bullet or number, and keeps commas inside a line', () => {
    expect(toRecordingInsights({ key_decisions: '- Go with vendor B, starting in May\n- Hire two engineers' }, 'r1').keyDecisions).toEqual([
      'Go with vendor B, starting in May',
      'Hire two engineers',
    ]);
    expect(toRecordingInsights({ action_items: '1. Send the deck, with pricing\n2) Book the follow-up\n\n' }, 'r1').actionItems.map((item) => item.text)).toEqual([
      'Send the deck, with pricing',
      'Book the follow-up',
    ]);
    expect(toInsights({ recent_topics: '• Budget\n* Hiring\n+ Travel' }, 'c1').recentTopics).toEqual(['Budget', 'Hiring', 'Travel']);
  });

  it('still splits one line of topics at commas and semicolons; one line of decisions or action items only at semicolons', () => {
    expect(toTextList('budget, hiring; travel')).toEqual(['budget', 'hiring', 'travel']);
    expect(toInsights({ recent_topics: 'budget, hiring; travel' }, 'c1').recentTopics).toEqual(['budget', 'hiring', 'travel']);
    expect(toRecordingInsights({ key_decisions: 'Go with vendor B, starting in May; hire two engineers' }, 'r1').keyDecisions).toEqual([
      'Go with vendor B, starting in May',
      'hire two engineers',
    ]);
    expect(toRecordingInsights({ action_items: 'Send the deck to Maya, Dan and Priya by Friday' }, 'r1').actionItems.map((item) => item.text)).toEqual([
      'Send the deck to Maya, Dan and Priya by Friday',
    ]);
    expect(toInsights({ pending_action_items: 'Send the deck to Maya, Dan and Priya by Friday; book the room' }, 'c1').pendingActionItems.map((item) => item.text)).toEqual([
      'Send the deck to Maya, Dan and Priya by Friday',
      'book the room',
    ]);
    // A number that is the entry itself is kept.
    expect(toTextList('2026 plan\n3')).toEqual(['2026 plan', '3']);
  });
});

describe('segment times under other names', () => {
  const times = (raw: unknown) => toTranscript(raw, 'r1').segments.map((s) => [s.start, s.end]);

  it('reads a clock under "timestamp" or "time", and start_seconds / end_seconds', () => {
    expect(times({ segments: [{ speaker: 'A', timestamp: '00:01:23', text: 'Hi' }, { speaker: 'B', time: '1:05', text: 'Yo' }] })).toEqual([[83, null], [65, null]]);
    expect(times({ segments: [{ start_seconds: 3.5, end_seconds: 7, text: 'Hi' }, { startSeconds: '8', endSeconds: '9.5', text: 'Yo' }] })).toEqual([[3.5, 7], [8, 9.5]]);
  });

  it('does not take a wall-clock "timestamp" (a moment, not a time into the recording) for one', () => {
    expect(times({ segments: [{ timestamp: 1762941600, text: 'Hi' }, { timestamp: '2026-11-12T10:00:03Z', text: 'Yo' }] })).toEqual([[null, null], [null, null]]);
  });
});

describe('why a recording failed', () => {
  it.each([
    ['camelCase errorMessage', { errorMessage: 'Audio too short' }],
    ['camelCase failureReason', { failureReason: 'Audio too short' }],
    ['an error object with a reason', { error: { code: 'E_SHORT', reason: 'Audio too short' } }],
    ['a list of errors', { errors: [{ message: 'Audio too short' }] }],
    ['a list of error strings', { errors: ['Audio too short'] }],
  ])('reads %s', (_name, fields) => {
    expect(toRecording({ id: 'r', status: 'failed', ...fields }).error).toBe('Audio too short');
  });
});

describe('a resource wrapped twice', () => {
  it('is read inside both wrappers ({data: {insights: {…}}}, {data: {recording: {…}}})', () => {
    expect(toInsights({ data: { contact_id: 'c1', insights: { preferred_tone: 'formal', recent_topics: ['Budget'] } } }, 'c1')).toMatchObject({
      preferredTone: 'formal', recentTopics: ['Budget'],
    });
    expect(toRecording({ data: { recording: { id: 'r1', status: 'completed' } } })).toMatchObject({ id: 'r1', status: 'completed' });
    expect(toContact({ data: { contact: { id: 'c1', email: 'ann@x.test' } } })).toMatchObject({ id: 'c1', email: 'ann@x.test' });
    expect(toRecordingInsights({ data: { insights: { key_decisions: ['Go'] } } }, 'r1').keyDecisions).toEqual(['Go']);
  });
});

describe('transcripts under other names', () => {
  it.each([
    ['full_text', { recording_id: 'r1', full_text: 'Maya: Hello\nTom: Hi' }],
    ['transcriptText', { transcriptText: 'Maya: Hello\nTom: Hi' }],
    ['turns', { turns: [{ speaker: 'Maya', text: 'Hello' }, { speaker: 'Tom', text: 'Hi' }] }],
    ['dialogue', { dialogue: [{ speaker: 'Maya', text: 'Hello' }, { speaker: 'Tom', text: 'Hi' }] }],
    ['lines', { lines: [{ speaker: 'Maya', text: 'Hello' }, { speaker: 'Tom', text: 'Hi' }] }],
  ])('reads %s', (_name, raw) => {
    expect(toTranscript(raw, 'r1').segments.map((segment) => [segment.speaker, segment.text])).toEqual([['Maya', 'Hello'], ['Tom', 'Hi']]);
  });
});

describe('paging counts under other names', () => {
  it('reads totalItems / total_items / totalElements (nestjs-typeorm-paginate, Spring Data) and currentPage', () => {
    expect(toRecordingPage({ recordings: [{ id: 'a' }], meta: { totalItems: 41 } }, { limit: 1, offset: 0 }).total).toBe(41);
    expect(toContactPage({ items: [{ id: 'a' }], total_items: 3 }, { limit: 1, offset: 0 }).total).toBe(3);
    expect(toContactPage({ items: [{ id: 'a' }], totalElements: 3 }, { limit: 1, offset: 0 }).total).toBe(3);
    // nestjs-typeorm-paginate's meta: the next page is asked for by number.
    const nest = toContactPage({ items: [{ id: 'a' }, { id: 'b' }], meta: { totalItems: 5, itemCount: 2, itemsPerPage: 2, totalPages: 3, currentPage: 1 } }, { limit: 2, offset: 0 });
    expect(JSON.parse(nest.next ?? 'null')).toEqual({ page: '2', per_page: '2', limit: '2' });
    const last = toContactPage({ items: [{ id: 'e' }], meta: { totalItems: 5, itemCount: 1, itemsPerPage: 2, totalPages: 3, currentPage: 3 } }, { limit: 2, offset: 0 });
    expect(last.next).toBeNull();
  });
});

describe('paging a server that reads page and limit', () => {
  it('reads the page size given as `limit` beside a page number, and asks the next page with it', () => {
    const page = toContactPage({ items: Array.from({ length: 100 }, (_, i) => ({ id: `c${i}` })), page: 1, limit: 100, total: 250 }, { limit: 100, offset: 0 });
    expect(JSON.parse(page.next ?? 'null')).toEqual({ page: '2', per_page: '100', limit: '100' });
  });

  it('takes a next link given as a bare query', () => {
    const page = toContactPage({ items: [{ id: 'a' }], next: '?page=2&size=1' }, { limit: 1, offset: 0 });
    expect(JSON.parse(page.next ?? 'null')).toEqual({ page: '2', size: '1' });
  });

  it('takes DRF’s `next: null` for the last page, whatever its count says', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `c${i}` }));
    expect(toContactPage({ count: 100, next: null, previous: null, results: items }, { limit: 100, offset: 0 })).toMatchObject({ next: null, complete: true });
    expect(toContactPage({ data: items, links: { next: null } }, { limit: 100, offset: 0 })).toMatchObject({ next: null, complete: true });
  });

  it('does not take a full page’s `count` of itself for the whole list’s size', () => {
    // `count` is the items on this page to some servers: the list (or a name search) did not end here.
    const full = toContactPage({ items: [{ id: 'a' }, { id: 'b' }], count: 2 }, { limit: 2, offset: 0 });
    expect(full.total).toBeNull();
    expect(full.complete).not.toBe(true);
    expect(JSON.parse(full.next ?? 'null')).toEqual({ offset: '2', limit: '2' });
    // DRF's `count`, the whole list's size, is read as before.
    expect(toContactPage({ items: [{ id: 'a' }, { id: 'b' }], count: 7 }, { limit: 2, offset: 0 }).total).toBe(7);
    // Nor a short page's: a server capping its pages below the size asked counts only the page.
    // Unknown, not the end: the next page is asked for (readContactList's probe).
    const short = toContactPage({ items: [{ id: 'a' }], count: 1 }, { limit: 2, offset: 0 });
    expect(short).toMatchObject({ total: null, next: null });
    expect(short.complete).not.toBe(true);
    // An empty page's `count: 0` is the whole list's (Test connection: "0 contacts visible").
    expect(toContactPage({ items: [], count: 0 }, { limit: 2, offset: 0 }).total).toBe(0);
  });
});

describe('recording insights as the recording’s own fields', () => {
  it('reads key decisions, topics and action items set beside the recording’s status', () => {
    const raw = { id: 'r1', status: 'completed', action_items: ['Send deck'], key_decisions: ['Go with B'], topics_discussed: ['Pricing'] };
    expect(embeddedRecordingInsights(raw, 'r1')).toMatchObject({ recordingId: 'r1', keyDecisions: ['Go with B'], topicsDiscussed: ['Pricing'], actionItems: [{ text: 'Send deck' }] });
    expect(embeddedRecordingInsights({ id: 'r1', status: 'completed', keyDecisions: ['Go'] }, 'r1')?.keyDecisions).toEqual(['Go']);
    // Fields there but empty (not analysed yet) are no insights.
    expect(embeddedRecordingInsights({ id: 'r1', status: 'processing', key_decisions: null, action_items: null }, 'r1')).toBeNull();
  });
});

describe('a recording in a JSend or status envelope', () => {
  it('reads the recording under data when the status is the envelope’s', () => {
    expect(toRecording({ status: 'success', data: { id: 'r1', status: 'completed', title: 'Sync' } })).toMatchObject({ id: 'r1', status: 'completed', title: 'Sync' });
    expect(toRecording({ status: 200, recording: { id: 'r2', status: 'processing' } })).toMatchObject({ id: 'r2', status: 'processing' });
    expect(embeddedRecordingInsights({ status: 'success', data: { id: 'r1', status: 'completed', insights: { key_decisions: ['Go'] } } }, 'r1')?.keyDecisions).toEqual(['Go']);
    // A bare recording with its status and a data field of its own is still the recording,
    // whichever name its id goes by.
    expect(toRecording({ id: 'r3', status: 'failed', data: { size: 1 } })).toMatchObject({ id: 'r3', status: 'failed' });
    expect(toRecording({ recording_id: 'r4', status: 'completed', recording: { url: 'https://x.test/a.mp3' } })).toMatchObject({ id: 'r4', status: 'completed' });
    expect(toRecording({ uuid: 'r5', status: 'processing', data: { bytes: 3 } })).toMatchObject({ id: 'r5', status: 'processing' });
    expect(embeddedRecordingInsights({ recording_id: 'r4', status: 'completed', data: {}, insights: { key_decisions: ['Go'] } }, 'r4')?.keyDecisions).toEqual(['Go']);
    // An envelope that names the recording outside and holds it whole inside: the inside is it.
    expect(toRecording({ recording_id: 'r6', recording: { id: 'r6', status: 'completed', title: 'Sync' } })).toMatchObject({ id: 'r6', status: 'completed', title: 'Sync' });
    expect(toRecording({ uuid: 'req-1', data: { id: 'r7', status: 'processing', title: 'Standup' } })).toMatchObject({ id: 'r7', status: 'processing', title: 'Standup' });
    expect(embeddedRecordingInsights({ recording_id: 'r6', data: { id: 'r6', insights: { key_decisions: ['Ship'] } } }, 'r6')?.keyDecisions).toEqual(['Ship']);
  });

  it('reads the primary contact given as an object', () => {
    expect(toRecording({ id: 'r1', primary_contact: { id: 'c9', name: 'Ann' } }).primaryContactId).toBe('c9');
  });
});

describe('participants given as contact ids', () => {
  it('takes a UUID, a number or digits as a contact id, never as a name', () => {
    const uuid = '550e8400-e29b-41d4-a716-446655440000';
    expect(toRecording({ id: 'r1', participants: [uuid, 42, '1077', 'Maya Chen'] }).participants).toEqual([
      { contactId: uuid, name: null, email: null },
      { contactId: '42', name: null, email: null },
      { contactId: '1077', name: null, email: null },
      { contactId: null, name: 'Maya Chen', email: null },
    ]);
  });
});

describe('participants with their contact nested', () => {
  it('reads the nested contact’s id, name and address, not the participant’s own id', () => {
    const recording = toRecording({
      id: 'r1',
      participants: [
        { id: 'p1', contact: { id: 'c1', name: 'Maya Chen', email: 'maya@x.test' } },
        { contact_id: 'c2', contact: { name: 'Jo Park', email_address: 'jo@x.test' } },
        { id: 'p3', role: 'host', contact: { _id: 'c3', full_name: 'Ann Lee' } },
        // A participant's own name and address, when it has them, are the ones it spoke under.
        { id: 'p4', name: 'Bo (guest)', contact: { id: 'c4', name: 'Bo Berg', email: 'bo@x.test' } },
      ],
    });
    expect(recording.participants).toEqual([
      { contactId: 'c1', name: 'Maya Chen', email: 'maya@x.test' },
      { contactId: 'c2', name: 'Jo Park', email: 'jo@x.test' },
      { contactId: 'c3', name: 'Ann Lee', email: null },
      { contactId: 'c4', name: 'Bo (guest)', email: 'bo@x.test' },
    ]);
  });

  it('keeps a participant whose nested contact has no id as a person without a contact id', () => {
    expect(toRecording({ id: 'r1', participants: [{ id: 'p1', contact: { name: 'Maya Chen' } }] }).participants).toEqual([
      { contactId: null, name: 'Maya Chen', email: null },
    ]);
  });
});

describe('a failed recording under other words', () => {
  it.each(['failed_to_process', 'FAILED_PROCESSING', 'cancelled_by_user', 'error-during-transcription'])('reads %j as failed, even at 100 %%', (status) => {
    expect(toRecording({ id: 'a', status, progress: 100 }).status).toBe('failed');
  });

  it('reads a status object by its code, and its message as why', () => {
    expect(toRecording({ id: 'a', status: { code: 'failed', message: 'Audio too short' }, progress: 100 })).toMatchObject({ status: 'failed', rawStatus: 'failed', error: 'Audio too short' });
  });

  it('takes no failure word after no, not, with, without or after for a failure', () => {
    expect(toRecording({ id: 'a', status: 'completed_with_error' }).status).not.toBe('failed');
    expect(toRecording({ id: 'a', status: 'retrying_after_error' }).status).not.toBe('failed');
    expect(toRecording({ id: 'a', status: 'no_error' }).status).not.toBe('failed');
  });

  it('reads a stage under way or to come, named with more words, as processing or queued (looked at again)', () => {
    expect(toRecording({ id: 'a', status: 'transcribing_audio' }).status).toBe('processing');
    expect(toRecording({ id: 'a', status: 'processing_insights' }).status).toBe('processing');
    expect(toRecording({ id: 'a', status: 'queued_for_processing' }).status).toBe('queued');
  });

  it('reads a stage named as done as completed, and a failure being retried or denied as no failure', () => {
    expect(toRecording({ id: 'a', status: 'processing_finished' }).status).toBe('completed');
    expect(toRecording({ id: 'a', status: 'transcription_succeeded' }).status).toBe('completed');
    expect(toRecording({ id: 'a', status: 'not_ready' }).status).not.toBe('completed');
    for (const status of ['retrying_on_error', 'requeued_due_to_timeout', 'recovered_from_error', 'failed_retrying', 'error_free']) {
      expect(toRecording({ id: 'a', status }).status).not.toBe('failed');
    }
    // Neither first nor last: not the recording's failure ("insights_pending" is no stage to come either).
    expect(toRecording({ id: 'a', status: 'insights_pending' }).status).toBe('unknown');
  });
});

describe('the last page of recordings said otherwise than by a flag', () => {
  const three = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it.each([
    ['next: null', { recordings: three, next: null }],
    ['next_offset: null', { recordings: three, next_offset: null }],
    ['the last page number', { recordings: three, page: 1, per_page: 3, total_pages: 1 }],
    ['the last page in meta', { recordings: three, meta: { current_page: 2, last_page: 2 } }],
  ])('offers no More after %s', (_name, raw) => {
    expect(toRecordingPage(raw, { limit: 3, offset: 0 }).hasMore).toBe(false);
  });

  it('goes by the total the interface shows before a null next', () => {
    expect(toRecordingPage({ recordings: three, next_cursor: null, total: 120 }, { limit: 3, offset: 0 }).hasMore).toBe(true);
  });

  it('still offers More after a full page that says nothing', () => {
    expect(toRecordingPage({ recordings: three }, { limit: 3, offset: 0 }).hasMore).toBe(true);
    expect(toRecordingPage({ recordings: three, next: 'https://x.test/api/v2/recordings?offset=3' }, { limit: 3, offset: 0 }).hasMore).toBe(true);
  });
});

describe('transcript times and speakers settled by the rest of the reply', () => {
  it('reads whole-second times with long turns as seconds when the duration says so, and milliseconds the other way', () => {
    const long = toTranscript(
      { duration: 900, segments: [{ speaker: 'Maya', start: 0, end: 185, text: 'a' }, { speaker: 'Jo', start: 185, end: 410, text: 'b' }, { speaker: 'Maya', start: 410, end: 900, text: 'c' }] },
      'r1',
    );
    expect(long.segments.map((segment) => segment.start)).toEqual([0, 185, 410]);
    expect(toTranscript({ duration: 65, segments: [{ start: 61000, text: 'a' }] }, 'r1').segments[0]?.start).toBe(61);
    expect(toTranscript({ duration_ms: 65000, segments: [{ start: 61000, text: 'a' }] }, 'r1').segments[0]?.start).toBe(61);
    // A last turn ending a little after the duration is still seconds.
    const past = toTranscript({ duration: 600, segments: [{ start: 590, end: 605, text: 'a' }, { start: 580, end: 590, text: 'b' }] }, 'r1');
    expect(past.segments.map((segment) => segment.start)).toEqual([590, 580]);
    // A `duration` in milliseconds is no length in seconds: the times' own shape decides.
    const ms = toTranscript({ duration: 600000, segments: [{ start: 0, end: 4000, text: 'a' }, { start: 4000, end: 9000, text: 'b' }, { start: 9000, end: 300000, text: 'c' }] }, 'r1');
    expect(ms.segments.map((segment) => segment.start)).toEqual([0, 4, 9]);
  });

  it('names speakers from the transcript’s own list of them, and no one by an id', () => {
    const listed = toTranscript(
      { speakers: [{ id: 'spk_a', name: 'Maya Chen' }, { id: 'spk_b', name: 'Jo' }], segments: [{ speaker_id: 'spk_a', start: 0, end: 2.5, text: 'Hi' }, { speaker_id: 'spk_b', start: 3, end: 4, text: 'Yo' }] },
      'r1',
    );
    expect(listed.segments.map((segment) => segment.speaker)).toEqual(['Maya Chen', 'Jo']);
    expect(toTranscript({ speakers: [{ id: 1, name: 'Maya Chen' }], segments: [{ speaker: 1, start: 0, text: 'Hi' }] }, 'r1').segments[0]?.speaker).toBe('Maya Chen');
    expect(toTranscript({ speakers: { A: 'Maya Chen' }, segments: [{ speaker: 'A', start: 0, text: 'Hi' }] }, 'r1').segments[0]?.speaker).toBe('Maya Chen');
    const unnamed = toTranscript(
      { segments: [{ speaker_id: '3f0e2b1c-1111-2222-3333-444455556666', text: 'Hi' }, { speaker_id: 'spk_b', text: 'Yo' }, { speaker_id: '3f0e2b1c-1111-2222-3333-444455556666', text: 'Ok' }] },
      'r1',
    );
    expect(unnamed.segments.map((segment) => segment.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
  });

  it('never names a diarised voice after a participant whose contact id happens to be its number', () => {
    const reply = { participants: [{ id: 1, name: 'Maya Chen' }], segments: [{ speaker_id: 0, start: 0, text: 'Hi' }, { speaker_id: 1, start: 1, text: 'Yo' }] };
    expect(toTranscript(reply, 'r1').segments.map((segment) => segment.speaker)).toEqual(['Speaker 1', 'Speaker 2']);
    // A participant's own speaker label does name them; a "name" that is a label does not.
    const labelled = { participants: [{ id: 'c9', speaker_id: 1, name: 'Maya Chen' }], speakers: [{ id: 'S1', name: 'SPEAKER_00' }], segments: [{ speaker_id: 1, text: 'Hi' }, { speaker_id: 'S1', text: 'Yo' }] };
    expect(toTranscript(labelled, 'r1').segments.map((segment) => segment.speaker)).toEqual(['Maya Chen', 'S1']);
  });
});
