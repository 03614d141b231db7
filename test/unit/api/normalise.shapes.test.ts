/** Reply shapes real servers send that the interface leaves open (the shapes audit). */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { toContact, toContactPage, toInsights, toRecording, toRecordingPage, toTranscript } from '@/lib/api/normalise';

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
});

describe('JSON:API resources', () => {
  it('flattens attributes and keeps the resource’s id', () => {
    expect(toContact({ data: { id: 'c1', type: 'contacts', attributes: { name: 'Ann', email: 'ann@x.test' } } })).toEqual({
      id: 'c1', name: 'Ann', email: 'ann@x.test', company: null, title: null,
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
      const items = email === null ? contacts : contacts.filter((contact) => contact.email === email);
      // Go encodes an empty result as a nil slice.
      return Promise.resolve(Response.json({ items: items.length === 0 ? null : items, total: items.length }));
    };
    const client = new ServiceClient('https://svc.test', 'k', { fetch, sleep: () => Promise.resolve(), online: () => true });
    expect(await client.findContactByEmail('nobody@x.test')).toBeNull();
    expect((await client.findContactByEmail('ann@x.test'))?.id).toBe('c1');
    // The filter stayed trusted: no request beyond the calibration sample and the two lookups.
    expect(asked).toEqual(['/api/v2/contacts?limit=20', '/api/v2/contacts?email=ann%40x.test&limit=50', '/api/v2/contacts?email=nobody%40x.test&limit=50', '/api/v2/contacts?email=ann%40x.test&limit=50']);
  });
});
