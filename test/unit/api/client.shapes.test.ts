// @vitest-environment node
/**
 * The client against reply shapes of real servers that the stand-in does not play: each test
 * scripts the server by route and checks what the client makes of it.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
import { NOT_YET_CODE } from '@/lib/api/errors';
import { toContactPage, toPresignedUpload } from '@/lib/api/normalise';

interface Reply {
  status?: number;
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
}

/** A client whose server answers `route(url, init)`; `calls` lists "METHOD /path?query" in order. */
function serve(route: (url: URL, init?: RequestInit) => Reply | Error, options: { discovery?: MemoryDiscoveryStore } = {}) {
  const calls: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: options.discovery ?? new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      // Another origin is written out, so a request carrying the key elsewhere shows in `calls`.
      calls.push(`${init?.method ?? 'GET'} ${url.origin === 'https://api.test' ? '' : url.origin}${url.pathname}${url.search}`);
      const reply = route(url, init);
      if (reply instanceof Error) return Promise.reject(reply);
      const status = reply.status ?? 200;
      const text = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return Promise.resolve(new Response(status === 204 ? null : text, { status, headers: { 'content-type': reply.type ?? 'application/json', ...reply.headers } }));
    },
  });
  return { client, calls };
}

const NOT_FOUND: Reply = { status: 404, body: { detail: 'Not found.' } };

describe('a contact’s recordings on a 404', () => {
  it('are none yet when the contact exists, and a 404 only when the contact is gone too', async () => {
    const { client, calls } = serve((url) => (url.pathname === '/api/v2/contacts/c1' ? { body: { id: 'c1', name: 'Ann', email: 'ann@x.test' } } : NOT_FOUND));
    expect(await client.listRecordings({ contactId: 'c1' })).toMatchObject({ recordings: [], hasMore: false });
    expect(calls).toEqual(['GET /api/v2/recordings?limit=20&offset=0&contact_id=c1&sort=meeting_date%3Adesc', 'GET /api/v2/contacts/c1']);
    const gone = serve(() => NOT_FOUND);
    await expect(gone.client.listRecordings({ contactId: 'c1' })).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    // Every recording (no contact): a 404 is the route's, passed on at once.
    const all = serve(() => NOT_FOUND);
    await expect(all.client.listRecordings()).rejects.toMatchObject({ kind: 'not_found' });
    expect(all.calls).toHaveLength(1);
  });
});

describe('contact insights on a 404', () => {
  it('are empty when the contact exists (a server that 404s until it has insights)', async () => {
    const { client, calls } = serve((url) => (url.pathname === '/api/v2/contacts/c1' ? { body: { id: 'c1', name: 'Ann', email: 'ann@x.test' } } : NOT_FOUND));
    const insights = await client.getContactInsights('c1');
    expect(insights).toMatchObject({ contactId: 'c1', preferredTone: null, recentTopics: [], totalConversations: null });
    expect(calls).toEqual(['GET /api/v2/insights/contact/c1', 'GET /api/v2/contacts/c1']);
  });

  it('say the contact is gone only when the contact is gone too', async () => {
    const { client, calls } = serve(() => NOT_FOUND);
    await expect(client.getContactInsights('c1')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    expect(calls).toHaveLength(2);
  });

  it('cost no extra call when found, and say the check’s own failure when it fails otherwise', async () => {
    const found = serve(() => ({ body: { preferred_tone: 'formal' } }));
    expect((await found.client.getContactInsights('c1')).preferredTone).toBe('formal');
    expect(found.calls).toHaveLength(1);
    const failing = serve((url) => (url.pathname.startsWith('/api/v2/contacts/') ? { status: 401, body: { message: 'Bad key' } } : NOT_FOUND));
    await expect(failing.client.getContactInsights('c1')).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('a case-sensitive e-mail filter (Django filter(email=…) on Postgres)', () => {
  const contacts = [
    { id: 1, name: 'Ann Lee', email: 'ann@x.test' },
    { id: 2, name: 'Jonas Berg', email: 'Jonas.Berg@Example.org' },
    { id: 3, name: 'Jonas Berger', email: 'jonas.berger@example.org' },
  ];
  const server = (caseSensitive: boolean) =>
    serve((url) => {
      if (url.pathname !== '/api/v2/contacts') return NOT_FOUND;
      const email = url.searchParams.get('email');
      const same = (stored: string) => (caseSensitive ? stored === email : stored.toLowerCase() === email?.toLowerCase());
      const results = email === null ? contacts : contacts.filter((contact) => same(contact.email));
      return { body: { count: results.length, next: null, previous: null, results } };
    });

  it('still finds a contact stored in mixed case, by its exact address only', async () => {
    const { client } = server(true);
    expect((await client.findContactByEmail('jonas.berg@example.org'))?.id).toBe('2');
    expect((await client.findContactByEmail('ann@x.test'))?.id).toBe('1');
    expect(await client.findContactByEmail('berg@example.org')).toBeNull();
    expect(await client.findContactByEmail('jonas.berg@example.or')).toBeNull();
  });

  it('does not page the contact list for a server whose filter ignores case', async () => {
    const { client, calls } = server(false);
    expect((await client.findContactByEmail('jonas.berg@example.org'))?.id).toBe('2');
    expect(await client.findContactByEmail('nobody@x.test')).toBeNull();
    expect(calls.filter((call) => !call.includes('email='))).toHaveLength(1);
  });
});

describe('contacts with several addresses', () => {
  const people = [
    { id: 'a', name: 'Ann Lee', emails: [{ email: 'ann@old.example' }, { email: 'ann@new.example', primary: true }] },
    { id: 'b', name: 'Bob Stone', emails: [{ email: 'bob@x.example' }] },
  ];
  /** A server whose e-mail filter matches any of a contact's addresses, as stored (`sloppy`: any part of one). */
  const server = (discovery = new MemoryDiscoveryStore(), sloppy = false) =>
    serve(
      (url) => {
        if (url.pathname !== '/api/v2/contacts') return NOT_FOUND;
        const email = url.searchParams.get('email')?.toLowerCase();
        const fits = (stored: string) => (sloppy ? stored.includes(email ?? '') || (email ?? '').includes(stored) : stored === email);
        const items = email === undefined ? people : people.filter((person) => person.emails.some((entry) => fits(entry.email)));
        return { body: { items, total: items.length } };
      },
      { discovery },
    );

  it('finds a contact by a secondary address through the server’s filter, which stays trusted', async () => {
    const discovery = new MemoryDiscoveryStore();
    const { client, calls } = server(discovery);
    expect((await client.findContactByEmail('bob@x.example'))?.id).toBe('b');
    const ann = await client.findContactByEmail('ann@old.example');
    expect(ann).toMatchObject({ id: 'a', email: 'ann@new.example' });
    expect((await client.findContactByEmail('ANN@New.Example'))?.id).toBe('a');
    expect((await discovery.get('https://api.test')).contactLookup).toBe('email-param');
    // Never the whole list for the index: each address was asked of the filter.
    expect(calls.filter((call) => !call.includes('email='))).toEqual(['GET /api/v2/contacts?limit=20']);
  });

  it('matches no prefix, suffix or other near address, whatever the server returns', async () => {
    const { client } = server(new MemoryDiscoveryStore(), true);
    for (const near of ['nn@old.example', 'ann@old.exampl', 'ann@old.example.org', 'xann@new.example']) {
      expect(await client.findContactByEmail(near)).toBeNull();
    }
    expect((await client.findContactByEmail('Ann@Old.Example'))?.id).toBe('a');
  });
});

describe('complete-upload', () => {
  it('takes any 2xx as done, whatever its body says', async () => {
    for (const [body, type] of [['OK', 'application/json'], ['', 'application/json'], ['null', 'application/json'], ['{"ok":true}\n{"extra":1}', 'application/x-ndjson'], ['<html></html>', 'text/html']]) {
      const { client, calls } = serve(() => ({ body, type }));
      await expect(client.completeUpload('r1')).resolves.toBeUndefined();
      expect(calls).toEqual(['POST /api/v2/recordings/complete-upload']);
    }
  });

  it('goes on after a lost answer when the retry hears “already processing”', async () => {
    let completes = 0;
    const { client, calls } = serve((url) => {
      if (url.pathname === '/api/v2/recordings/r1') return { body: { id: 'r1', status: 'processing' } };
      completes++;
      // The service acted on the first call; its answer never arrived.
      if (completes === 1) return new TypeError('Failed to fetch');
      return { status: 409, body: { error: { message: 'Recording r1 is already processing', code: 'invalid_state' } } };
    });
    await expect(client.completeUpload('r1')).resolves.toBeUndefined();
    expect(calls).toEqual(['POST /api/v2/recordings/complete-upload', 'POST /api/v2/recordings/complete-upload', 'GET /api/v2/recordings/r1']);
  });

  it.each(['queued', 'completed'])('takes a 409 for a recording already %s as done', async (status) => {
    const { client } = serve((url) => (url.pathname === '/api/v2/recordings/r1' ? { body: { id: 'r1', status } } : { status: 409, body: { message: 'Already completed' } }));
    await expect(client.completeUpload('r1')).resolves.toBeUndefined();
  });

  it('sends a number id again as the number it was when a strictly typed server refuses it as text', async () => {
    const bodies: string[] = [];
    const { client } = serve((_url, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      bodies.push(body);
      return typeof (JSON.parse(body) as { recording_id: unknown }).recording_id === 'number'
        ? { status: 202, body: { status: 'queued' } }
        : { status: 422, body: { detail: [{ type: 'int_type', loc: ['body', 'recording_id'], msg: 'Input should be a valid integer' }] } };
    });
    await expect(client.completeUpload('42')).resolves.toBeUndefined();
    expect(bodies).toEqual(['{"recording_id":"42"}', '{"recording_id":42}']);
    // An id that is not a number, or not one exactly ("007"), is refused as it is.
    for (const id of ['rec-1', '007']) {
      const refusing = serve(() => ({ status: 422, body: { detail: 'bad id' } }));
      await expect(refusing.client.completeUpload(id)).rejects.toMatchObject({ kind: 'bad_request' });
      // Sent once (the recording is then asked for: refused too, the first refusal stands).
      expect(refusing.calls.filter((call) => call.startsWith('POST '))).toHaveLength(1);
    }
    // Refused as a number too: the first refusal is the one said.
    let calls = 0;
    const both = serve(() => ({ status: 422, body: { detail: ++calls === 1 ? 'recording 42 is not uploaded yet' : 'Input should be a valid string' } }));
    await expect(both.client.completeUpload('42')).rejects.toMatchObject({ message: expect.stringContaining('not uploaded yet') });
    // Taken as a number, and already on its way (a worker stopped after the first complete): done.
    let asked = 0;
    const resumed = serve((url) => {
      if (url.pathname === '/api/v2/recordings/42') return { body: { id: 42, status: 'processing' } };
      return ++asked === 1 ? { status: 422, body: { detail: 'Input should be a valid integer' } } : { status: 409, body: { message: 'Recording 42 is already processing' } };
    });
    await expect(resumed.client.completeUpload('42')).resolves.toBeUndefined();
  });

  it('passes a 409 on when the recording is not on its way (failed, or still waiting for its file)', async () => {
    for (const status of ['failed', 'uploading']) {
      const { client } = serve((url) => (url.pathname === '/api/v2/recordings/r1' ? { body: { id: 'r1', status } } : { status: 409, body: { message: 'The file was never uploaded' } }));
      await expect(client.completeUpload('r1')).rejects.toMatchObject({ kind: 'conflict', message: 'The file was never uploaded' });
    }
  });
});

describe('recording insights', () => {
  const page: Reply = { body: '<!doctype html><html><body><div id="root"></div></body></html>', type: 'text/html' };

  it('try the next route when one answers a web page (a single-page app’s catch-all, a sign-in page)', async () => {
    const discovery = new MemoryDiscoveryStore();
    const { client } = serve((url) => {
      if (url.pathname === '/api/v2/recordings/r1/insights') return { body: { action_items: ['Call Bob'] } };
      if (url.pathname === '/api/v2/recordings/r1') return { body: { id: 'r1', status: 'completed' } };
      return page;
    }, { discovery });
    expect((await client.getRecordingInsights('r1'))?.actionItems.map((item) => item.text)).toEqual(['Call Bob']);
    expect((await discovery.get('https://api.test')).recordingInsights).toBe('recording-path');
  });

  it.each([
    ['204', { status: 204 }],
    ['null', { body: 'null' }],
  ] as const)('are “not yet” when a route answers %s, and that server is not taken for one without insights', async (_name, empty) => {
    const discovery = new MemoryDiscoveryStore();
    const { client } = serve((url) => {
      if (/^\/api\/v2\/insights\/recording\/r[12]$/.test(url.pathname)) return empty;
      if (/^\/api\/v2\/recordings\/r[12]$/.test(url.pathname)) return { body: { id: url.pathname.slice(-2), status: 'completed' } };
      return NOT_FOUND;
    }, { discovery });
    const error = await client.getRecordingInsights('r1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'not_found', code: NOT_YET_CODE });
    // Not even after a second recording: a route that answers at all exists.
    await expect(client.getRecordingInsights('r2')).rejects.toMatchObject({ code: NOT_YET_CODE });
    expect((await discovery.get('https://api.test')).recordingInsights).toBeNull();
  });
});

describe('transcripts', () => {
  it('are refused, with a clear message, when the service answers a web page', async () => {
    const { client } = serve(() => ({ body: '<!doctype html><html><body>Please sign in</body></html>', type: 'text/html; charset=utf-8' }));
    await expect(client.getTranscript('r1')).rejects.toMatchObject({ kind: 'invalid_response', message: expect.stringMatching(/web page/) });
  });

  it.each([
    ['204 No Content', { status: 204 }],
    ['an empty body', { body: '', type: 'text/plain' }],
    ['an empty JSON body', { body: '' }],
  ] as [string, Reply][])('are “not there yet” when the service answers %s, not a reply Primer does not understand', async (_answer, reply) => {
    const { client, calls } = serve(() => reply);
    await expect(client.getTranscript('r1')).rejects.toMatchObject({ kind: 'not_found', code: NOT_YET_CODE });
    // Not retried: an answer that said "nothing yet" would say it again at once.
    expect(calls).toEqual(['GET /api/v2/recordings/r1/transcript']);
  });

  it.each([
    ['a null transcript', { transcript: null }],
    ['blank transcript text', { recording_id: 'r1', transcript: '' }],
    ['an empty object', {}],
    ['an empty transcript object', { transcript: {} }],
    ['no segments while the recording is processing', { segments: [], status: 'processing' }],
    ['a null list while queued, the status outside the transcript', { status: 'queued', transcript: { segments: null } }],
    ['blank text while transcribing', { data: { text: ' ', status: 'transcribing', progress: 40 } }],
  ])('are “not there yet” for %s, as for a 204', async (_answer, body) => {
    const { client, calls } = serve(() => ({ body }));
    await expect(client.getTranscript('r1')).rejects.toMatchObject({ kind: 'not_found', code: NOT_YET_CODE });
    expect(calls).toEqual(['GET /api/v2/recordings/r1/transcript']);
  });

  it('are empty, not “not yet”, when nothing was said in a finished recording', async () => {
    for (const body of [{ segments: [] }, { segments: null }, { segments: [], status: 'completed' }, { transcript: null, status: 'completed' }]) {
      const { client } = serve(() => ({ body }));
      expect((await client.getTranscript('r1')).segments).toEqual([]);
    }
  });

  it.each([
    ['a field Primer does not know', { words: 3 }],
    ['a transcript object of unknown fields', { transcript: { weird: true } }],
    ['a list of no segments under an unknown key, while processing', { status: 'processing', chunks: [{ text: 'Hi' }] }],
  ])('are still refused for %s', async (_answer, body) => {
    const { client } = serve(() => ({ body }));
    await expect(client.getTranscript('r1')).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('are still read from plain text', async () => {
    const { client } = serve(() => ({ body: 'Ann: Hello\nBob: Hi', type: 'text/plain' }));
    expect((await client.getTranscript('r1')).segments.map((segment) => segment.speaker)).toEqual(['Ann', 'Bob']);
  });
});

describe('contact paging', () => {
  const everyone = Array.from({ length: 130 }, (_, i) => ({ id: `c${i}`, name: `Person ${i}`, email: `p${i}@x.test` }));
  const SIZE = 50;

  /** A server paging `everyone` in one style; its page size is capped at 50 whatever is asked. */
  function paged(style: 'nextPageToken' | 'next_page_token' | 'links.next' | 'links.next.href' | 'stripe' | 'capped') {
    return serve((url) => {
      const q = url.searchParams;
      const after = q.get('starting_after');
      const start =
        style === 'nextPageToken' ? Number(q.get('pageToken') ?? 0)
        : style === 'next_page_token' ? Number(q.get('page_token') ?? 0)
        : style.startsWith('links') ? Number(q.get('page[cursor]') ?? 0)
        : style === 'stripe' ? (after ? everyone.findIndex((c) => c.id === after) + 1 : 0)
        : Number(q.get('offset') ?? 0);
      const items = everyone.slice(start, start + SIZE);
      const more = start + SIZE < everyone.length;
      const link = more ? `https://api.test/api/v2/contacts?page[cursor]=${start + SIZE}` : null;
      switch (style) {
        case 'nextPageToken':
          return { body: { items, ...(more ? { nextPageToken: String(start + SIZE) } : {}) } };
        case 'next_page_token':
          return { body: { items, next_page_token: more ? String(start + SIZE) : '' } };
        case 'links.next':
          return { body: { items, links: { next: link } } };
        case 'links.next.href':
          return { body: { items, links: { next: link === null ? null : { href: link } } } };
        case 'stripe':
          // Stripe sends the list as `data`; reading `has_more` beside it is normalise's list reading.
          return { body: { object: 'list', url: '/v1/contacts', items, has_more: more } };
        case 'capped':
          return { body: { items } };
      }
    });
  }

  it.each(['nextPageToken', 'next_page_token', 'links.next', 'links.next.href', 'stripe', 'capped'] as const)('follows %s to the end', async (style) => {
    const { client, calls } = paged(style);
    const all = await client.listAllContacts();
    expect(all.map((contact) => contact.id)).toEqual(everyone.map((contact) => contact.id));
    expect(calls.length).toBeLessThanOrEqual(4);
  });

  it('never lets a next link change host or path: only its query is sent, to the contacts path', async () => {
    const page = toContactPage({ items: [{ id: 'a' }], links: { next: 'https://evil.test/steal?page[cursor]=2' } }, { limit: 1, offset: 0 });
    expect(JSON.parse(page.next ?? 'null')).toEqual({ 'page[cursor]': '2' });
    // Through the client: the second page is asked of the service, with the link's query only.
    const { client, calls } = serve((url) =>
      url.searchParams.get('page[cursor]') === '2'
        ? { body: { items: [{ id: 'b', name: 'Bo', email: 'bo@x.test' }], links: { next: null } } }
        : { body: { items: [{ id: 'a', name: 'Ann', email: 'ann@x.test' }], links: { next: 'https://evil.test/steal?page[cursor]=2' } } },
    );
    expect((await client.listAllContacts()).map((contact) => contact.id)).toEqual(['a', 'b']);
    // Two pages: the second's `links.next: null` is the server's own last page, not a short page to probe past.
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe('GET /api/v2/contacts?page%5Bcursor%5D=2');
    for (const call of calls) expect(call).toMatch(/^GET \/api\/v2\/contacts\?/);
  });

  /**
   * GitHub's style: a bare array, `page`/`per_page` (limit and offset ignored, at most 30 a page),
   * and where the next page is only in the `Link` header (RFC 8288); the last page has no rel="next".
   */
  function linkPaged(nextLink: (page: number) => string) {
    const PER_PAGE = 30;
    return serve((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const items = everyone.slice((page - 1) * PER_PAGE, page * PER_PAGE);
      const last = page * PER_PAGE >= everyone.length;
      const links = [...(last ? [] : [`<${nextLink(page + 1)}>; rel="next"`]), '<https://api.test/api/v2/contacts?page=5>; rel="last"', '<https://api.test/api/v2/contacts?page=1>; rel="first"'];
      return { body: items, headers: { link: links.join(', ') } };
    });
  }

  it('follows a next page given only by the Link header, to the end', async () => {
    const { client, calls } = linkPaged((page) => `https://api.test/api/v2/contacts?page=${page}&per_page=30`);
    const all = await client.listAllContacts();
    expect(all.map((contact) => contact.id)).toEqual(everyone.map((contact) => contact.id));
    expect(calls.slice(0, 5)).toEqual(['GET /api/v2/contacts?limit=100&offset=0', ...[2, 3, 4, 5].map((page) => `GET /api/v2/contacts?page=${page}&per_page=30`)]);
    // At most listAllContacts' one probe of a short last page without a total.
    expect(calls.length).toBeLessThanOrEqual(6);
  });

  it('takes a page without rel="next" for the last one when the server pages by Link header: no probe after it', async () => {
    const { client, calls } = linkPaged((page) => `https://api.test/api/v2/contacts?page=${page}&per_page=30`);
    expect(await client.listAllContacts()).toHaveLength(everyone.length);
    expect(calls).toEqual(['GET /api/v2/contacts?limit=100&offset=0', ...[2, 3, 4, 5].map((page) => `GET /api/v2/contacts?page=${page}&per_page=30`)]);
  });

  it('ends too on a last page that has no Link header at all, once the server has paged by it', async () => {
    const { client, calls } = serve((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const items = everyone.slice((page - 1) * 30, page * 30);
      return page * 30 >= everyone.length ? { body: items } : { body: items, headers: { link: `</api/v2/contacts?page=${page + 1}>; rel="next"` } };
    });
    expect(await client.listAllContacts()).toHaveLength(everyone.length);
    expect(calls).toHaveLength(5);
  });

  it('resolves a relative Link against the asked address, with rel among several relations', async () => {
    const { client } = serve((url) =>
      url.searchParams.get('page') === '2'
        ? { body: [{ id: 'b' }], headers: { link: '</api/v2/contacts?page=1>; rel="prev first"' } }
        : { body: [{ id: 'a' }], headers: { link: '</api/v2/contacts?page=2>; title="a, b"; rel="next last"' } },
    );
    const first = await client.listContacts({ limit: 1 });
    expect(JSON.parse(first.next ?? 'null')).toEqual({ page: '2' });
    // A Link header naming other pages but no next one: the last page, whatever its size suggests.
    expect((await client.listContacts({ limit: 1, next: first.next })).next).toBeNull();
  });

  it.each([
    ['another host', 'https://evil.test/api/v2/contacts?page=2'],
    ['another scheme', 'http://api.test/api/v2/contacts?page=2'],
    ['another port', 'https://api.test:8443/api/v2/contacts?page=2'],
    ['a path outside /api/v2', 'https://api.test/admin/contacts?page=2'],
  ])('never takes a Link to %s', async (_where, link) => {
    const { client } = serve(() => ({ body: [{ id: 'a' }], headers: { link: `<${link}>; rel="next"` } }));
    const page = await client.listContacts({ limit: 1 });
    expect(page.next).not.toBeNull();
    expect(JSON.parse(page.next ?? 'null')).not.toHaveProperty('page');
  });

  it('reads the Link header only for the contact list', () => {
    // Without the reply's headers (other callers of toContactPage) the body's paging is all there is.
    expect(JSON.parse(toContactPage([{ id: 'a' }], { limit: 1, offset: 0 }).next ?? 'null')).toEqual({ offset: '1', limit: '1' });
  });

  it('stops on a repeated page or a repeated cursor', async () => {
    const { client, calls } = serve(() => ({ body: { items: everyone.slice(0, SIZE), nextPageToken: 'same' } }));
    expect(await client.listAllContacts()).toHaveLength(SIZE);
    expect(calls.length).toBeLessThanOrEqual(2);
    let n = 0;
    const looping = serve(() => ({ body: { items: everyone.slice(n * SIZE, ++n * SIZE), nextPageToken: 'same' } }));
    await looping.client.listAllContacts();
    expect(looping.calls.length).toBeLessThanOrEqual(2);
  });
});

describe('webhooks on a server that takes none', () => {
  it.each([404, 405, 501])('says a %i to creating one as the service taking no webhooks from Primer, with where to set them up', async (status) => {
    const { client } = serve(() => ({ status, body: { detail: 'Not found.' } }));
    await expect(client.createWebhook({ url: 'https://hooks.example.com/x', events: ['contact.updated'] })).rejects.toMatchObject({
      status,
      message: 'This service does not take webhooks from Primer: set them up in the service’s own dashboard.',
    });
  });
});

describe('the presigned-URL request on a server validating strictly', () => {
  const REQUEST = { filename: 'a.mp3', contentType: 'audio/mpeg', fileSize: 10, speakersExpected: 2, title: 'Sync', meetingDate: '2026-11-20T15:00:00.000Z', primaryContactId: 'c1' };
  const SHOWN = ['content_type', 'file_size', 'filename', 'speakers_expected'];

  it('sends the interface’s four fields alone when the fields beside them are refused (422, nothing created), each upload', async () => {
    const bodies: string[][] = [];
    const { client } = serve((_url, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
      bodies.push(Object.keys(body).sort());
      const extra = Object.keys(body).filter((key) => !SHOWN.includes(key));
      if (extra.length > 0) return { status: 422, body: { detail: extra.map((key) => ({ type: 'extra_forbidden', loc: ['body', key], msg: 'Extra inputs are not permitted' })) } };
      return { body: { upload_url: 'https://storage.test/r1?sig=1', recording_id: 'r1' } };
    });
    expect(await client.requestUpload(REQUEST)).toMatchObject({ recordingId: 'r1', uploadUrl: 'https://storage.test/r1?sig=1', withoutExtras: true });
    expect(bodies).toEqual([['content_type', 'file_size', 'filename', 'meeting_date', 'primary_contact_id', 'speakers_expected', 'title'], SHOWN]);
  });

  it('passes on a refusal of a value at once (its title and contact kept for a retry), and a server error (never a second recording)', async () => {
    for (const detail of ['primary_contact_id: no such contact', '"title" is not allowed to be empty', 'primary_contact_id: this contact is not allowed for this account']) {
      const refusing = serve(() => ({ status: 422, body: { detail } }));
      await expect(refusing.client.requestUpload(REQUEST)).rejects.toMatchObject({ kind: 'bad_request', message: expect.stringContaining(detail.slice(-12)) });
      expect(refusing.calls, detail).toHaveLength(1);
    }
    // Jackson's words for a field it does not know: asked again without.
    const jackson = serve((_url, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
      return 'title' in body ? { status: 400, body: { message: 'Unrecognized field "title" (class CreateUpload), not marked as ignorable' } } : { body: { upload_url: 'https://storage.test/r1', recording_id: 'r1' } };
    });
    expect(await jackson.client.requestUpload(REQUEST)).toMatchObject({ recordingId: 'r1', withoutExtras: true });
    const failing = serve(() => ({ status: 500, body: { detail: 'boom' } }));
    await expect(failing.client.requestUpload(REQUEST)).rejects.toMatchObject({ kind: 'server' });
    expect(failing.calls).toHaveLength(1);
  });
});

describe('the presigned-URL reply', () => {
  const now = Date.parse('2026-11-15T12:00:00Z');
  const read = (raw: unknown) => toPresignedUpload(raw, 'https://api.test', now);

  it.each([
    ['Go initialisms', { uploadURL: 'https://s3.test/x', recordingID: 'r1' }],
    ['PascalCase', { UploadUrl: 'https://s3.test/x', RecordingId: 'r1' }],
    ['upper case', { UPLOAD_URL: 'https://s3.test/x', RECORDING_ID: 'r1' }],
    ['PascalCase nested', { Upload: { Url: 'https://s3.test/x' }, Recording: { Id: 'r1' } }],
  ])('reads keys whatever their case: %s', (_name, raw) => {
    expect(read(raw)).toMatchObject({ uploadUrl: 'https://s3.test/x', recordingId: 'r1' });
  });

  it('keeps the recording’s id beside a nested upload, and the upload’s headers', () => {
    expect(read({ upload: { url: 'https://s3.test/x', method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-MD5': 'abc' } }, recording: { id: 'r1' } })).toEqual({
      uploadUrl: 'https://s3.test/x',
      recordingId: 'r1',
      expiresAt: null,
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-MD5': 'abc' },
    });
  });

  it('reads headers given as a list of {name, value}', () => {
    expect(read({ upload_url: 'https://s3.test/x', recording_id: 'r1', headers: [{ name: 'x-amz-acl', value: 'private' }, { key: 'x-amz-meta-a', value: 'b' }, { name: 'bad' }] }).headers).toEqual({
      'x-amz-acl': 'private',
      'x-amz-meta-a': 'b',
    });
  });

  it.each([
    ['expiration: 900 (seconds)', { expiration: 900 }, '2026-11-15T12:15:00.000Z'],
    ['expires: 3600 (seconds)', { expires: 3600 }, '2026-11-15T13:00:00.000Z'],
    ['expires: "3600"', { expires: '3600' }, '2026-11-15T13:00:00.000Z'],
    ['expires_in: "900"', { expires_in: '900' }, '2026-11-15T12:15:00.000Z'],
    ['expires_at in epoch seconds', { expires_at: 1763208000 }, '2025-11-15T12:00:00.000Z'],
    ['expires_at in epoch ms', { expires_at: 1763208900000 }, '2025-11-15T12:15:00.000Z'],
    ['expires_at as a date', { expires_at: '2026-11-15T12:30:00Z' }, '2026-11-15T12:30:00.000Z'],
    ['an expiry out of any date’s range', { expires: 1e20 }, null],
  ])('reads the expiry: %s', (_name, expiry, expected) => {
    expect(read({ upload_url: 'https://s3.test/x', recording_id: 'r1', ...expiry }).expiresAt).toBe(expected);
  });
});
