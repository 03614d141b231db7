import { describe, expect, it } from 'vitest';
import {
  embeddedRecordingInsights,
  toActionItems,
  toContact,
  toContactPage,
  toFlag,
  toInsights,
  toPresignedUpload,
  toRecording,
  toRecordingInsights,
  toRecordingPage,
  toStatus,
  toTextList,
  toTranscript,
  toWebhook,
  toWebhookList,
} from '@/lib/api/normalise';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('presigned upload', () => {
  it.each([
    [{ upload_url: 'https://s3.test/u?sig=1', recording_id: 'r1', expires_at: '2026-11-22T10:15:00Z' }, '2026-11-22T10:15:00.000Z', {}],
    [{ url: 'https://s3.test/u?sig=1', id: 'r1', expires_in: 900 }, '2026-11-22T10:15:00.000Z', {}],
    [{ presigned_url: 'https://s3.test/u?sig=1', recording: { id: 'r1' } }, null, {}],
    [{ uploadUrl: 'https://s3.test/u?sig=1', recordingId: 'r1', headers: { 'x-amz-acl': 'private', n: { a: 1 }, m: null } }, null, { 'x-amz-acl': 'private' }],
    // Signed headers the JSON gives as numbers or booleans are sent as their text.
    [
      { uploadUrl: 'https://s3.test/u?sig=1', recordingId: 'r1', headers: { 'x-amz-meta-duration': 3600, 'x-amz-server-side-encryption-bucket-key-enabled': true, bad: Number.NaN } },
      null,
      { 'x-amz-meta-duration': '3600', 'x-amz-server-side-encryption-bucket-key-enabled': 'true' },
    ],
    [{ uploadUrl: 'https://s3.test/u?sig=1', recordingId: 'r1', headers: [{ name: 'x-amz-meta-size', value: 42 }] }, null, { 'x-amz-meta-size': '42' }],
    [{ data: { upload_url: 'https://s3.test/u?sig=1', recording_id: 'r1' } }, null, {}],
  ])('reads %j', (raw, expiresAt, headers) => {
    expect(toPresignedUpload(raw, 'https://svc.test', NOW)).toEqual({ uploadUrl: 'https://s3.test/u?sig=1', recordingId: 'r1', expiresAt, headers });
  });

  it('reads a PUT said as such, and refuses a form upload (S3’s presigned POST), which a PUT there would never pass', () => {
    expect(toPresignedUpload({ upload_url: 'https://s3.test/u?sig=1', recording_id: 'r1', method: 'put' }, 'https://svc.test', NOW).recordingId).toBe('r1');
    const form = expect.objectContaining({ kind: 'invalid_response', message: expect.stringContaining('form upload') });
    expect(() => toPresignedUpload({ url: 'https://bucket.s3.test/', fields: { key: 'rec/r1.mp3', policy: 'eyJ…', 'x-amz-signature': 'abc' }, recording_id: 'r1' }, 'https://svc.test', NOW)).toThrow(form);
    expect(() => toPresignedUpload({ upload_url: 'https://s3.test/u', recording_id: 'r1', method: 'POST' }, 'https://svc.test', NOW)).toThrow(form);
  });

  it('resolves a relative upload URL against the service', () => {
    expect(toPresignedUpload({ url: '/uploads/r1', id: 'r1' }, 'https://svc.test/base', NOW).uploadUrl).toBe('https://svc.test/uploads/r1');
  });

  it.each([[{ recording_id: 'r1' }], [{ upload_url: 'https://s3.test/u' }], ['text'], [{ upload_url: 'javascript:alert(1)', id: 'r' }]])(
    'refuses %j',
    (raw) => {
      expect(() => toPresignedUpload(raw, 'https://svc.test', NOW)).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    },
  );
});

describe('lists and flags', () => {
  it('reads text lists from strings, objects and comma strings', () => {
    expect(toTextList(['a', ' ', 3, { name: 'b' }, { title: 'c' }, { description: 'd' }, { other: 1 }, null])).toEqual(['a', '3', 'b', 'c', 'd']);
    expect(toTextList('budget, hiring; travel')).toEqual(['budget', 'hiring', 'travel']);
    expect(toTextList(undefined)).toEqual([]);
  });

  it.each([
    [true, true], [false, false], [1, true], [0, false], [2, null], ['true', true], ['False', false], ['yes', true], ['no', false], ['1', true], ['0', false], ['t', true], ['f', false], ['maybe', null], [null, null], [undefined, null],
  ])('flag %j → %j', (value, expected) => expect(toFlag(value)).toBe(expected));

  it('reads action items in every shape and keeps only pending ones when asked', () => {
    const items = toActionItems(
      [
        'Send deck',
        { text: 'Call back', due_date: '2026-11-01', owner: 'Maya', status: 'open' },
        { title: 'Share pricing', dueDate: '2026-12-01', assignee: { name: 'Jo' } },
        { description: 'Review', due: '2026-12-02', assigned_to: 'Ann' },
        { text: 'Old', status: 'done' },
        { text: 'Also old', completed: true },
        { nothing: 1 },
      ],
      { pendingOnly: true },
    );
    expect(items).toEqual([
      { text: 'Send deck', owner: null, dueDate: null, status: null },
      { text: 'Call back', owner: 'Maya', dueDate: '2026-11-01', status: 'open' },
      { text: 'Share pricing', owner: 'Jo', dueDate: '2026-12-01', status: null },
      { text: 'Review', owner: 'Ann', dueDate: '2026-12-02', status: null },
    ]);
    expect(toActionItems([{ text: 'Old', status: 'done' }], { pendingOnly: false })).toHaveLength(1);
    // An assignee by Jira's, Slack's or a users table's name for a name, else by address.
    const owners = [{ displayName: 'Maya Chen' }, { id: 'u1', display_name: 'Dan Ito' }, { full_name: 'Jo Park' }, { id: 'u2', email: 'ann@x.test' }].map(
      (assignee) => toActionItems([{ text: 'Send deck', assignee }], { pendingOnly: true })[0]?.owner,
    );
    expect(owners).toEqual(['Maya Chen', 'Dan Ito', 'Jo Park', 'ann@x.test']);
    // Kept (a recording's own items), a finished one says so by the same rule, whatever the server's words.
    const kept = toActionItems(
      [{ text: 'Old', status: 'Done' }, { text: 'Also old', completed: true }, { text: 'Closed', completed_at: '2026-11-01T10:00:00Z' }, { text: 'Call back', status: 'open' }, 'Send deck'],
      { pendingOnly: false },
    );
    expect(kept.map((item) => item.done)).toEqual([true, true, true, undefined, undefined]);
    // One line of text: items apart at semicolons; a comma is inside an item's own sentence.
    expect(toActionItems('a; b', { pendingOnly: true }).map((i) => i.text)).toEqual(['a', 'b']);
    expect(toActionItems('Send the deck to Maya, Dan and Priya', { pendingOnly: true }).map((i) => i.text)).toEqual(['Send the deck to Maya, Dan and Priya']);
  });

  it('reads where an item was raised, however the server says it, and makes up none', () => {
    const sources = toActionItems(
      [
        { text: 'Beside it', recording_id: 'r1', meeting_date: '2026-11-05T10:00:00Z' },
        { text: 'Camel case', recordingId: 'r2', recordingTitle: 'Pricing call', createdAt: '2026-11-06' },
        { text: 'Recording object', recording: { id: 'r3', title: 'Roadmap review', meeting_date: '2026-11-07' } },
        { text: 'Recording id alone', recording: 'r4' },
        { text: 'Source object', source: { type: 'recording', id: 'r5', title: 'Kickoff', date: '2026-11-08' } },
        { text: 'Source without a type', source: { recording_id: 'r6' } },
        { text: 'Source of no stated kind', source: { id: 'msg_9', title: 'Re: pricing' } },
        { text: 'A title where the id would be', recording: 'Weekly sync' },
        { text: 'Processed later', created_at: '2026-11-20T08:00:00Z', recording: { id: 'r7', meeting_date: '2026-11-05' } },
        { text: 'Another kind of source', source: { type: 'email', id: 'msg-9', title: 'Re: pricing', date: '2026-11-09' } },
        { text: 'A chat', source: { type: 'chat_conversation', id: 'C123' } },
        { text: 'A calendar meeting', source: { type: 'calendar_meeting', id: 'evt_9' } },
        { text: 'Only a date', raised_at: 1_762_000_000 },
        { text: 'Nothing said', due_date: '2026-12-01' },
      ],
      { pendingOnly: false },
    ).map((item) => item.source);
    expect(sources).toEqual([
      { recordingId: 'r1', title: null, date: '2026-11-05T10:00:00Z' },
      { recordingId: 'r2', title: 'Pricing call', date: '2026-11-06' },
      { recordingId: 'r3', title: 'Roadmap review', date: '2026-11-07' },
      { recordingId: 'r4', title: null, date: null },
      { recordingId: 'r5', title: 'Kickoff', date: '2026-11-08' },
      { recordingId: 'r6', title: null, date: null },
      { recordingId: null, title: 'Re: pricing', date: null },
      { recordingId: null, title: 'Weekly sync', date: null },
      // The meeting's date, not when the server made the item.
      { recordingId: 'r7', title: null, date: '2026-11-05' },
      // An e-mail, a chat, a calendar entry: no recording to open; what names it is kept.
      { recordingId: null, title: 'Re: pricing', date: '2026-11-09' },
      undefined,
      undefined,
      { recordingId: null, title: null, date: new Date(1_762_000_000_000).toISOString() },
      undefined,
    ]);
    // A recording's own items came from it: no source beside each, though the server links them.
    const own = toRecordingInsights({ action_items: [{ text: 'Send deck', recording_id: 'r1', created_at: '2026-11-01' }] }, 'r1');
    expect(own.actionItems).toEqual([{ text: 'Send deck', owner: null, dueDate: null, status: null }]);
  });
});

describe('insights', () => {
  it('takes six false preference flags for a default (nothing analysed yet), not for six findings; one true flag keeps them all', () => {
    const flags = { prefers_data_driven: false, prefers_direct: false, values_relationships: false, dislikes_small_talk: false, prefers_brevity: false, dislikes_jargon: false };
    expect(Object.values(toInsights(flags, 'm').flags)).toEqual([null, null, null, null, null, null]);
    expect(toInsights({ ...flags, prefers_brevity: true }, 'm').flags).toMatchObject({ prefersBrevity: true, prefersDirect: false, dislikesJargon: false });
    // Some left out, the rest false: those said are kept (not every flag is a default then).
    expect(toInsights({ prefers_direct: false }, 'm').flags).toMatchObject({ prefersDirect: false, prefersBrevity: null });
  });

  it('reads lists that came serialised as text (a JSON column read as a string), and an empty one as none', () => {
    const insights = toInsights(
      {
        recent_topics: '["Q3 roadmap", "hiring"]',
        favorite_topics: '[]',
        interests: '{}',
        sensitive_topics: ' ["layoffs"] ',
        personality_summary: '[]',
        preferred_tone: '["formal", "concise"]',
        pending_action_items: '[{"text": "Send the deck", "due_date": "2026-11-30"}]',
        key_decisions: '[',
      },
      'm',
    );
    expect(insights.recentTopics).toEqual(['Q3 roadmap', 'hiring']);
    expect(insights.favoriteTopics).toEqual([]);
    expect(insights.interests).toEqual([]);
    expect(insights.sensitiveTopics).toEqual(['layoffs']);
    expect(insights.personalitySummary).toBeNull();
    expect(insights.preferredTone).toBe('formal, concise');
    expect(insights.pendingActionItems).toMatchObject([{ text: 'Send the deck', dueDate: '2026-11-30' }]);
    expect(toInsights({ pending_action_items: '[]', recent_topics: '[not json, budget]' }, 'm')).toMatchObject({ pendingActionItems: [], recentTopics: ['[not json', 'budget]'] });
  });

  it('takes a placeholder date (Go’s zero time, the Unix epoch, .NET’s MinValue) for no date, never as one 126 years ago or overdue since 1970', () => {
    const insights = toInsights(
      {
        last_conversation_date: '0001-01-01T00:00:00Z',
        updated_at: '1970-01-01T00:00:00Z',
        pending_action_items: [
          { text: 'Zero time', due_date: '0001-01-01T00:00:00Z' },
          { text: 'Epoch', due_date: '1970-01-01' },
          { text: 'MinValue', due_date: '0001-01-01T00:00:00', created_at: '9999-12-31T23:59:59' },
          { text: 'Real', due_date: '2026-11-30', created_at: '0001-01-01T00:00:00Z', meeting_date: '2026-11-05' },
          { text: 'In words', due_date: 'end of Q3' },
        ],
      },
      'c1',
    );
    expect(insights.lastConversationDate).toBeNull();
    expect(insights.updatedAt).toBeNull();
    expect(insights.pendingActionItems.map((item) => [item.text, item.dueDate, item.source?.date ?? null])).toEqual([
      ['Zero time', null, null],
      ['Epoch', null, null],
      ['MinValue', null, null],
      ['Real', '2026-11-30', '2026-11-05'],
      ['In words', 'end of Q3', null],
    ]);
  });

  it('reads the shown field names, with flags in any form', () => {
    const insights = toInsights(
      {
        contact_id: 'c1',
        communication_approach: 'Direct',
        preferred_tone: 'formal',
        personality_summary: 'Sharp',
        recent_topics: ['Q3'],
        favorite_topics: [{ name: 'sailing' }],
        interests: 'chess, jazz',
        sensitive_topics: [{ topic: 'layoffs' }],
        pending_action_items: [{ text: 'Send deck', due_date: '2026-11-01' }],
        last_conversation_date: '2026-11-20T09:00:00Z',
        total_conversations: '5',
        prefers_data_driven: 'true',
        prefers_direct: 1,
        values_relationships: false,
        dislikes_small_talk: 'no',
        updated_at: '2026-11-21',
        unknown_field: { deep: true },
      },
      'c1',
    );
    expect(insights).toMatchObject({
      contactId: 'c1',
      communicationApproach: 'Direct',
      preferredTone: 'formal',
      favoriteTopics: ['sailing'],
      interests: ['chess', 'jazz'],
      sensitiveTopics: ['layoffs'],
      totalConversations: 5,
      flags: { prefersDataDriven: true, prefersDirect: true, valuesRelationships: false, dislikesSmallTalk: false, prefersBrevity: null, dislikesJargon: null },
    });
  });

  it('reads a conversation count only as a whole number, 0 or more: anything else is unknown', () => {
    const count = (value: unknown) => toInsights({ total_conversations: value }, 'c1').totalConversations;
    expect([count(0), count('3'), count(7)]).toEqual([0, 3, 7]);
    // -1 is how some servers write "unknown"; half a conversation is no count either.
    expect([count(-1), count('-1'), count(2.5), count('1e400')]).toEqual([null, null, null, null]);
  });

  it('reads camelCase, wrapped and nested-preference forms', () => {
    const insights = toInsights({ insights: { preferredTone: 'casual', recentTopics: ['x'], preferences: { prefersBrevity: 'yes' } } }, 'c9');
    expect(insights.contactId).toBe('c9');
    expect(insights.preferredTone).toBe('casual');
    expect(insights.recentTopics).toEqual(['x']);
    expect(insights.flags.prefersBrevity).toBe(true);
  });

  it('treats an empty body as no insights and refuses a non-object', () => {
    expect(toInsights(null, 'c1')).toMatchObject({ contactId: 'c1', preferredTone: null, recentTopics: [], totalConversations: null });
    expect(toInsights({}, 'c1').pendingActionItems).toEqual([]);
    expect(() => toInsights('oops', 'c1')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
  });

  it('reads per-recording insights, also embedded in a recording', () => {
    const raw = { action_items: [{ title: 'Do it', owner: 'Al' }], key_decisions: ['Go'], topics_discussed: [{ name: 'Pricing' }] };
    expect(toRecordingInsights(raw, 'r1')).toEqual({
      recordingId: 'r1',
      actionItems: [{ text: 'Do it', owner: 'Al', dueDate: null, status: null }],
      keyDecisions: ['Go'],
      topicsDiscussed: ['Pricing'],
    });
    expect(embeddedRecordingInsights({ id: 'r1', status: 'done', insights: raw }, 'r1')?.keyDecisions).toEqual(['Go']);
    expect(embeddedRecordingInsights({ id: 'r1', status: 'done' }, 'r1')).toBeNull();
    expect(() => toRecordingInsights([], 'r1')).toThrow();
  });
});

describe('recordings', () => {
  it.each([
    ['completed', 'completed'], ['done', 'completed'], ['Succeeded', 'completed'], ['transcribing', 'processing'], ['in-progress', 'processing'],
    ['queued', 'queued'], ['pending_upload', 'uploading'], ['error', 'failed'], ['archived', 'unknown'],
    ['Transcribed', 'completed'], ['analyzed', 'completed'], ['analysed', 'completed'], ['available', 'completed'],
  ])('status %s → %s', (raw, status) => expect(toStatus(raw)).toBe(status));

  it('reads a recording with participants as objects, strings or both', () => {
    const recording = toRecording({
      id: 42,
      filename: 'call.mp3',
      title: 'Kickoff',
      meeting_date: '2026-11-01T10:00:00Z',
      status: 'analyzing',
      progress: 0.4,
      primary_contact_id: 'c1',
      participants: [{ contact_id: 'c1', name: 'Maya', email: 'maya@example.com' }, 'jo@example.com', 'Ann Lee', '"Bo Park" <bo@example.com>', { email: 'x@example.com' }, {}, 7],
      error: { message: 'nope' },
    });
    expect(recording).toMatchObject({ id: '42', status: 'processing', rawStatus: 'analyzing', progress: 40, error: 'nope' });
    expect(recording.participants).toEqual([
      { contactId: 'c1', name: 'Maya', email: 'maya@example.com' },
      { contactId: null, name: null, email: 'jo@example.com' },
      { contactId: null, name: 'Ann Lee', email: null },
      { contactId: null, name: 'Bo Park', email: 'bo@example.com' },
      { contactId: null, name: null, email: 'x@example.com' },
      // A number is a contact's id (normalise.shapes.test.ts: participants given as contact ids).
      { contactId: '7', name: null, email: null },
    ]);
    expect(toRecording({ recording: { id: 'r', state: 'weird', progress: 250 } })).toMatchObject({ status: 'unknown', rawStatus: 'weird', progress: 100 });
    expect(() => toRecording({ title: 'no id' })).toThrow();
  });

  it('reads the list envelope and skips malformed entries', () => {
    const page = toRecordingPage({ recordings: [{ id: 'a' }, { nope: 1 }], total: 5, limit: 2, offset: 0 }, { limit: 2, offset: 0 });
    expect(page.recordings.map((r) => r.id)).toEqual(['a']);
    expect(page).toMatchObject({ total: 5, hasMore: true });
    // Both entries took a place on the server's page: the next one starts after both.
    expect(page.received).toBe(2);
    expect(toRecordingPage([{ id: 'a' }], { limit: 10, offset: 0 }).hasMore).toBe(false);
    expect(toRecordingPage({ items: [], total: 0 }, { limit: 10, offset: 0 }).hasMore).toBe(false);
    expect(() => toRecordingPage({ total: 1 }, { limit: 10, offset: 0 })).toThrow();
  });
});

describe('transcripts', () => {
  it('reads segments with seconds, ms or clock times', () => {
    expect(toTranscript({ segments: [{ speaker: 'A', start: 0, end: 2.5, text: 'Hi' }, { speaker: { name: 'B' }, start: '00:01:02.5', text: 'Yo' }, { text: '' }] }, 'r1').segments).toEqual([
      { speaker: 'Speaker 1', start: 0, end: 2.5, text: 'Hi' },
      { speaker: 'B', start: 62.5, end: null, text: 'Yo' },
    ]);
    expect(toTranscript({ utterances: [{ speaker_name: 'C', start_ms: 1500, end_ms: 3000, text: 'Hey' }] }, 'r1').segments[0]).toEqual({ speaker: 'C', start: 1.5, end: 3, text: 'Hey' });
  });

  it('reads plain text and {text}, with speakers and times when the lines carry them', () => {
    const text = 'Maya Chen: Hello there\n\n[00:05] Jo: Hi\nno speaker line';
    const expected = [
      { speaker: 'Maya Chen', start: null, end: null, text: 'Hello there' },
      // A line without a label or a time after a speaker's is that speaker going on.
      { speaker: 'Jo', start: 5, end: null, text: 'Hi no speaker line' },
    ];
    expect(toTranscript(text, 'r1').segments).toEqual(expected);
    expect(toTranscript({ text }, 'r1').segments).toEqual(expected);
    expect(toTranscript({ transcript: text }, 'r1').segments).toEqual(expected);
    expect(toTranscript(['a', 'b'], 'r1').segments).toHaveLength(2);
    expect(() => toTranscript({ words: 3 }, 'r1')).toThrow();
    expect(() => toTranscript(5, 'r1')).toThrow();
  });

  it('takes a "Label:" for a speaker only when it reads as a name the transcript bears out', () => {
    const texts = (text: string) => toTranscript(text, 'r1').segments.map((segment) => [segment.speaker, segment.text]);
    // Notes, not a dialogue: the labels are text.
    expect(texts('Agenda: budget\nWe went over the numbers.\nLet me be clear: we ship in May.\nSo, to sum up: yes.')).toEqual([
      [null, 'Agenda: budget'],
      [null, 'We went over the numbers.'],
      [null, 'Let me be clear: we ship in May.'],
      [null, 'So, to sum up: yes.'],
    ]);
    // A label that starts several lines is a speaker, among lines that have none.
    expect(texts('Interviewer: How did it go?\nWell, mostly.\nWe had some trouble.\nThe budget ran short.\nInterviewer: What happened?\nA late invoice.')).toEqual([
      ['Interviewer', 'How did it go?'],
      [null, 'Well, mostly.'],
      [null, 'We had some trouble.'],
      [null, 'The budget ran short.'],
      ['Interviewer', 'What happened?'],
      [null, 'A late invoice.'],
    ]);
    // Labelled lines throughout: each label that reads as a name is a speaker, once or not.
    expect(texts('Speaker 1: Hi\nDr. Okafor: Hello\nspeaker 2: Hey\nLudwig van Beethoven: Da-da-da-dum\nThe end: for now')).toEqual([
      ['Speaker 1', 'Hi'],
      ['Dr. Okafor', 'Hello'],
      ['speaker 2', 'Hey'],
      ['Ludwig van Beethoven', 'Da-da-da-dum'],
      [null, 'The end: for now'],
    ]);
    // The time is kept when the label is not a speaker.
    expect(toTranscript('[00:05] Note: recording started\nhello\nthere\nall', 'r1').segments[0]).toEqual({ speaker: null, start: 5, end: null, text: 'Note: recording started' });
  });

  it('reads a speaker’s label in markdown emphasis, as a model writing a transcript out puts it', () => {
    const texts = (text: string) => toTranscript(text, 'r1').segments.map((segment) => [segment.speaker, segment.start, segment.text]);
    expect(texts('**Maya Chen:** Hello there\n**Dan**: Hi, Maya\n[00:05] __Speaker 3:__ Sorry I am late\n*Maya Chen*: No problem')).toEqual([
      ['Maya Chen', null, 'Hello there'],
      ['Dan', null, 'Hi, Maya'],
      ['Speaker 3', 5, 'Sorry I am late'],
      ['Maya Chen', null, 'No problem'],
    ]);
    // Emphasis that is no label stays the line's own text.
    expect(texts('**Note:** the recording started late\nWe went over the numbers.\nSo, to sum up: yes.')).toEqual([
      [null, null, '**Note:** the recording started late'],
      [null, null, 'We went over the numbers.'],
      [null, null, 'So, to sum up: yes.'],
    ]);
  });
});

describe('contacts', () => {
  it('reads contacts with alternative field names', () => {
    expect(toContact({ id: 1, first_name: 'Ada', last_name: 'L', emails: [{ value: 'ada@example.com' }], organization: { name: 'Acme' }, job_title: 'CTO' })).toEqual({
      id: '1', name: 'Ada L', email: 'ada@example.com', emails: ['ada@example.com'], company: 'Acme', title: 'CTO',
    });
    expect(toContact({ contact: { id: 'c', full_name: 'Bo', email_address: 'bo@example.com' } })).toMatchObject({ name: 'Bo', email: 'bo@example.com' });
    expect(toContact({ id: 'c', emails: ['z@example.com'] }).email).toBe('z@example.com');
    expect(toContact({ id: 'c' })).toMatchObject({ name: null, email: null });
    expect(() => toContact({ name: 'no id' })).toThrow();
  });

  it.each([
    ['a list of objects with a primary flag', { emails: [{ email: 'ann@old.example' }, { email: 'ann@new.example', primary: true }] }, 'ann@new.example', ['ann@new.example', 'ann@old.example']],
    ['a list of strings', { emails: ['ann@old.example', 'ann@new.example'] }, 'ann@old.example', ['ann@old.example', 'ann@new.example']],
    ['email_addresses with is_primary', { email_addresses: [{ address: 'a@one.example', is_primary: false }, { value: 'a@two.example', is_primary: 'true' }] }, 'a@two.example', ['a@two.example', 'a@one.example']],
    ['email_addresses typed primary', { email_addresses: [{ email: 'a@one.example', type: 'work' }, { email: 'a@two.example', type: 'PRIMARY' }] }, 'a@two.example', ['a@two.example', 'a@one.example']],
    ['emailAddresses with isPrimary', { emailAddresses: [{ address: 'a@one.example' }, { address: 'a@two.example', isPrimary: 1 }] }, 'a@two.example', ['a@two.example', 'a@one.example']],
    ['email and additional_emails', { email: 'a@main.example', additional_emails: ['a@extra.example', 'A@Main.example '] }, 'a@main.example', ['a@main.example', 'a@extra.example']],
    ['email and secondary_email', { email: 'a@main.example', secondary_email: ' a@second.example ' }, 'a@main.example', ['a@main.example', 'a@second.example']],
    ['primary_email beside a list', { primary_email: 'a@two.example', emails: ['a@one.example', 'a@two.example'] }, 'a@two.example', ['a@two.example', 'a@one.example']],
    ['one comma-separated string', { emails: 'a@one.example, a@two.example' }, 'a@one.example', ['a@one.example', 'a@two.example']],
    ['an address written as a mail header, the address taken out', { email: 'Ann Lee <ann@x.example>' }, 'ann@x.example', ['ann@x.example']],
    ['several written as mail headers in one string', { emails: 'Ann Lee <ann@x.example>, Ann <ann@y.example>' }, 'ann@x.example', ['ann@x.example', 'ann@y.example']],
    ['an address written as a link', { email: 'mailto:Ann@X.example', emails: ['MAILTO:ann@x.example', '"Lee, Ann" <ann@y.example>'] }, 'Ann@X.example', ['Ann@X.example', 'ann@y.example']],
    ['placeholders and blanks left out', { email: 'None', emails: ['', { email: null }, 'a@real.example'] }, 'a@real.example', ['a@real.example']],
    ['no address at all', { name: 'Ann' }, null, []],
  ])('keeps every address of a contact, the primary first: %s', (_name, fields, email, emails) => {
    const contact = toContact({ id: 'c1', ...fields });
    expect(contact.email).toBe(email);
    expect(contact.emails).toEqual(emails);
  });

  it('reads a Slack member: its real name over its handle, its address and title in its profile', () => {
    const member = { id: 'U061F7AUR', name: 'maya', real_name: 'Maya Chen', profile: { email: 'maya@x.test', real_name: 'Maya Chen', title: 'CFO' } };
    expect(toContact(member)).toMatchObject({ id: 'U061F7AUR', name: 'Maya Chen', email: 'maya@x.test', emails: ['maya@x.test'], title: 'CFO' });
    // The profile's own fields only where the member has none.
    expect(toContact({ id: 'U2', email: 'own@x.test', profile: { email: 'other@x.test', real_name_normalized: 'Dan' }, name: 'Dan Ito' })).toMatchObject({ name: 'Dan Ito', email: 'own@x.test', emails: ['own@x.test'] });
  });

  const req = { limit: 2, offset: 0 };
  it.each([
    ['offset/total', { items: [{ id: 'a' }, { id: 'b' }], total: 5, limit: 2, offset: 0 }, { offset: '2', limit: '2' }],
    ['offset, last page', { items: [{ id: 'a' }], total: 5, limit: 2, offset: 4 }, null],
    ['offset without total, full page', { items: [{ id: 'a' }, { id: 'b' }] }, { offset: '2', limit: '2' }],
    ['has_more false', { items: [{ id: 'a' }, { id: 'b' }], has_more: false }, null],
    ['page/per_page', { items: [{ id: 'a' }, { id: 'b' }], page: 1, per_page: 2, total_pages: 3 }, { page: '2', per_page: '2', limit: '2' }],
    ['last page', { items: [{ id: 'a' }], page: 3, per_page: 2, total_pages: 3 }, null],
    ['cursor', { items: [{ id: 'a' }], next_cursor: 'abc' }, { cursor: 'abc', limit: '2' }],
    ['cursor end', { items: [{ id: 'a' }], next_cursor: null }, null],
    ['Slack’s cursor', { ok: true, members: [{ id: 'a' }, { id: 'b' }], response_metadata: { next_cursor: 'dXNlcjpVMDYx' } }, { cursor: 'dXNlcjpVMDYx', limit: '2' }],
    ['Slack’s cursor end (empty)', { ok: true, members: [{ id: 'a' }, { id: 'b' }], response_metadata: { next_cursor: '' } }, null],
    ['an empty cursor at the top', { contacts: [{ id: 'a' }, { id: 'b' }], next_cursor: '' }, null],
    ['pagination object', { items: [{ id: 'a' }, { id: 'b' }], pagination: { total: 3, limit: 2, offset: 0 } }, { offset: '2', limit: '2' }],
    ['next link', { items: [{ id: 'a' }], next: 'https://svc.test/api/v2/contacts?page=2&size=1' }, { page: '2', size: '1' }],
    ['empty', { items: [], total: 9 }, null],
  ])('paging: %s', (_name, raw, next) => {
    const page = toContactPage(raw, req);
    expect(page.next === null ? null : (JSON.parse(page.next) as unknown)).toEqual(next);
  });

  it('takes Slack’s empty `next_cursor` as the list’s end by the server’s word', () => {
    const page = toContactPage({ ok: true, members: [{ id: 'a' }, { id: 'b' }], response_metadata: { next_cursor: '' } }, req);
    expect(page).toMatchObject({ next: null, complete: true });
    expect(page.items.map((contact) => contact.id)).toEqual(['a', 'b']);
  });

  it('reads bare arrays and wrapped lists, skipping bad entries', () => {
    expect(toContactPage([{ id: 'a' }, { bad: 1 }], req).items.map((c) => c.id)).toEqual(['a']);
    expect(toContactPage({ data: { items: [{ id: 'a' }] } }, req).items).toHaveLength(1);
    expect(toContactPage({ contacts: [{ id: 'a' }], meta: { total: 1 } }, req).total).toBe(1);
    expect(() => toContactPage({ items: 'x' }, req)).toThrow();
    expect(() => toContactPage('html', req)).toThrow();
  });
});

describe('webhooks', () => {
  it('reads a created webhook and lists in any envelope', () => {
    expect(toWebhook({ id: 'w1', url: 'https://h.test', events: ['insights.generated'], secret: 'whsec_1', active: true, created_at: 'now' })).toEqual({
      id: 'w1', url: 'https://h.test', events: ['insights.generated'], secret: 'whsec_1', active: true, createdAt: 'now',
    });
    expect(toWebhook({ webhook: { webhook_id: 'w2', endpoint: 'https://h.test', event_types: ['contact.updated'], signing_secret: 's', status: 'disabled' } })).toMatchObject({
      id: 'w2', secret: 's', active: false,
    });
    expect(toWebhookList({ items: [{ id: 'a' }] })).toHaveLength(1);
    expect(toWebhookList({ webhooks: [{ id: 'a' }] })).toHaveLength(1);
    expect(toWebhookList([{ id: 'a' }])).toHaveLength(1);
    expect(() => toWebhookList({ nope: 1 })).toThrow();
    expect(() => toWebhook('x')).toThrow();
  });
});
