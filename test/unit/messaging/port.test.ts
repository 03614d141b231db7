import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { createBroker, servePort, type Handlers } from '@/lib/background/broker';
import { contentProtocol } from '@/lib/messaging/content-protocol';
import { contentReplies } from '@/lib/messaging/content-replies';
import { CONTENT_PORT, type PortLike } from '@/lib/messaging/port';
import { createPortSender } from '@/lib/messaging/port-sender';

/** One end of a port; `peer` is what the other end's postMessage reaches. */
class FakePort implements PortLike {
  readonly posted: unknown[] = [];
  readonly #messageListeners: ((message: unknown) => void)[] = [];
  readonly #disconnectListeners: (() => void)[] = [];
  peer: FakePort | null = null;
  disconnected = false;
  failPost = false;
  constructor(
    readonly name: string,
    readonly sender?: PortLike['sender'],
  ) {}
  onMessage = { addListener: (listener: (message: unknown) => void) => void this.#messageListeners.push(listener) };
  onDisconnect = { addListener: (listener: () => void) => void this.#disconnectListeners.push(listener) };
  postMessage(message: unknown): void {
    if (this.failPost || this.disconnected) throw new Error('Attempting to use a disconnected port object');
    this.posted.push(message);
    this.peer?.receive(structuredClone(message));
  }
  disconnect(): void {
    this.disconnected = true;
  }
  receive(message: unknown): void {
    for (const listener of this.#messageListeners) listener(message);
  }
  /** The other end went away (the service worker stopped). */
  drop(): void {
    this.disconnected = true;
    for (const listener of this.#disconnectListeners) listener();
  }
}

const self = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const fromContent = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/', tab: { id: 9 } };
const match = { contact: { id: 'c1', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' as const };

function handlers(overrides: Partial<Handlers>): Handlers {
  const fail = () => Promise.reject(new Error('not in this test'));
  return new Proxy(overrides as Handlers, { get: (target, key: string) => (target as Record<string, unknown>)[key] ?? fail });
}

/** A content-side sender whose ports reach a real broker, as in the browser. */
function connected(serve: Partial<Handlers>) {
  const ports: FakePort[] = [];
  const server = servePort(createBroker(handlers(serve), self));
  const send = createPortSender<typeof contentProtocol>(contentReplies, () => {
    const page = new FakePort(CONTENT_PORT);
    const background = new FakePort(CONTENT_PORT, fromContent);
    page.peer = background;
    background.peer = page;
    server(background);
    ports.push(page);
    return page;
  });
  return { send, ports };
}

describe('the content port', () => {
  it('checks each answer with the reply schema the background answers with', () => {
    expect(Object.keys(contentReplies).sort()).toEqual(Object.keys(contentProtocol).sort());
    // people.find's reply is checked by hand, exactly as its schema checks it (reply-schemas.test.ts).
    for (const [type, definition] of Object.entries(contentProtocol)) if (type !== 'people.find') expect(contentReplies[type as keyof typeof contentReplies]).toBe(definition.response);
  });

  it('carries requests to the broker and answers to the right request, over one port', async () => {
    const find = vi.fn((payload: { people: unknown[] }) => Promise.resolve(payload.people.map((_, i) => (i === 0 ? match : null))));
    const { send, ports } = connected({ 'people.find': find, 'page.status': () => Promise.resolve({ recorded: true }) });
    const [people, status] = await Promise.all([
      send('people.find', { people: [{ email: 'maya@example.com' }, { email: 'x@example.com' }] }),
      send('page.status', { page: 'p1', site: 'gmail', recognised: true, people: 2, known: 1, views: [{ kind: 'thread', title: 'Hi', when: null }] }),
    ]);
    expect(people).toEqual([match, null]);
    expect(status).toEqual({ recorded: true });
    expect(ports).toHaveLength(1);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('applies the broker’s checks: a content script may not ask for settings, bad payloads never reach a handler', async () => {
    const find = vi.fn();
    const ports: FakePort[] = [];
    const server = servePort(createBroker(handlers({ 'people.find': find }), self));
    const background = new FakePort(CONTENT_PORT, fromContent);
    const page = new FakePort(CONTENT_PORT);
    background.peer = page;
    page.peer = background;
    server(background);
    ports.push(page);
    page.postMessage({ id: 1, message: { primer: 1, type: 'settings.get', payload: {} } });
    page.postMessage({ id: 2, message: { primer: 1, type: 'people.find', payload: { people: 'everyone' } } });
    page.postMessage({ id: 3, message: 'hello' });
    page.postMessage('not even a request');
    await vi.waitFor(() => expect(background.posted).toHaveLength(3));
    const byId = new Map((background.posted as { id: number; reply: { ok: boolean; error?: { kind: string } } }[]).map((a) => [a.id, a.reply]));
    expect(byId.get(1)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(byId.get(2)).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(byId.get(3)).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(find).not.toHaveBeenCalled();
  });

  it('serves only its own port name, and survives a page that left before its answer', async () => {
    const server = servePort(createBroker(handlers({ 'page.status': () => Promise.resolve({ recorded: true }) }), self));
    const other = new FakePort('someone-else', fromContent);
    server(other);
    other.receive({ id: 1, message: { primer: 1, type: 'page.status', payload: { page: 'p1', site: 'gmail', recognised: true, people: 0, known: 0, views: [] } } });
    const gone = new FakePort(CONTENT_PORT, fromContent);
    gone.failPost = true;
    server(gone);
    gone.receive({ id: 1, message: { primer: 1, type: 'page.status', payload: { page: 'p1', site: 'gmail', recognised: true, people: 0, known: 0, views: [] } } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(other.posted).toEqual([]);
    expect(gone.posted).toEqual([]);
  });

  it('fails requests in flight when the background goes away, and reconnects for the next one', async () => {
    let answer!: (value: null[]) => void;
    const { send, ports } = connected({ 'people.find': () => new Promise((resolve) => (answer = resolve)) });
    const pending = send('people.find', { people: [{ email: 'a@example.com' }] });
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    ports[0]!.drop();
    await expect(pending).rejects.toMatchObject({ kind: 'network' });
    const again = send('people.find', { people: [{ email: 'a@example.com' }] });
    await vi.waitFor(() => expect(ports).toHaveLength(2));
    answer([null]);
    await expect(again).resolves.toEqual([null]);
  });

  it('opens a new port once when the open one refuses to post (closed under a page kept in the back/forward cache), and its late closing fails nothing sent since', async () => {
    let answer!: (value: null[]) => void;
    const { send, ports } = connected({ 'people.find': () => new Promise((resolve) => (answer = resolve)) });
    send.connect();
    ports[0]!.disconnected = true;
    const pending = send('people.find', { people: [{ email: 'a@example.com' }] });
    expect(ports).toHaveLength(2);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    // The browser tells the page of the first port's closing only now.
    ports[0]!.drop();
    answer([null]);
    await expect(pending).resolves.toEqual([null]);
    // A new port that refuses too: the background is not there.
    ports[1]!.disconnected = true;
    const broken = createPortSender<typeof contentProtocol>(contentReplies, () => Object.assign(new FakePort(CONTENT_PORT), { failPost: true }));
    broken.connect();
    await expect(broken('people.find', { people: [] })).rejects.toMatchObject({ kind: 'network' });
  });

  it('fails what was sent on a port found refusing, though the browser never says it closed, and lets that port go', async () => {
    const { send, ports } = connected({ 'people.find': () => new Promise(() => undefined), 'page.status': () => Promise.resolve({ recorded: true }) });
    // Sent, then the port closed under the page (kept in the back/forward cache): no answer will come.
    const lostOnTheWay = send('people.find', { people: [{ email: 'a@example.com' }] });
    const disconnect = vi.spyOn(ports[0]!, 'disconnect');
    ports[0]!.failPost = true;
    const report = send('page.status', { site: 'gmail', recognised: true, people: 1, known: 0, views: [], page: 'p1' });
    await expect(lostOnTheWay).rejects.toMatchObject({ kind: 'network' });
    await expect(report).resolves.toEqual({ recorded: true });
    expect(disconnect).toHaveBeenCalled();
    expect(ports).toHaveLength(2);
  });

  it('tells its onLost listeners of every port lost or refused, until they stop listening', async () => {
    const { send, ports } = connected({ 'page.status': () => Promise.resolve({ recorded: true }) });
    const lost = vi.fn();
    const stop = send.onLost(lost);
    send.connect();
    ports[0]!.drop();
    expect(lost).toHaveBeenCalledTimes(1);
    const broken = createPortSender<typeof contentProtocol>(contentReplies, () => {
      throw new Error('Extension context invalidated.');
    });
    const refused = vi.fn();
    broken.onLost(refused);
    broken.connect();
    await expect(broken('people.find', { people: [] })).rejects.toMatchObject({ kind: 'network' });
    expect(refused).toHaveBeenCalledTimes(2);
    stop();
    send.connect();
    ports[1]!.drop();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('opens the port ahead of the first request when asked, and the request uses it', async () => {
    const { send, ports } = connected({ 'page.status': () => Promise.resolve({ recorded: true }) });
    send.connect();
    expect(ports).toHaveLength(1);
    send.connect();
    await expect(send('page.status', { page: 'p1', site: 'gmail', recognised: true, people: 0, known: 0, views: [] })).resolves.toEqual({ recorded: true });
    expect(ports).toHaveLength(1);
    // Nothing to connect to (the extension went away): no throw; the first request reports it.
    const broken = createPortSender<typeof contentProtocol>(contentReplies, () => {
      throw new Error('Extension context invalidated.');
    });
    expect(() => broken.connect()).not.toThrow();
    await expect(broken('people.find', { people: [] })).rejects.toMatchObject({ kind: 'network' });
  });

  it('says the background is unavailable when the port cannot be opened, and checks every answer', async () => {
    const broken = createPortSender<typeof contentProtocol>(contentReplies, () => {
      throw new Error('Extension context invalidated.');
    });
    const error = await broken('people.find', { people: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network' });

    // A background answering nonsense, or refusing, is an error of its own kind.
    const page = new FakePort(CONTENT_PORT);
    const replies: unknown[] = [{ ok: true, data: 'not a list' }, { ok: false, error: { kind: 'rate_limited', message: 'wait', status: 429, code: null, retryAfterMs: 1000 } }];
    page.peer = { receive: (message: { id: number }) => page.receive({ id: message.id, reply: replies.shift() }) } as unknown as FakePort;
    const send = createPortSender<typeof contentProtocol>(contentReplies, () => page);
    await expect(send('people.find', { people: [] })).rejects.toMatchObject({ kind: 'invalid_response' });
    await expect(send('people.find', { people: [] })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
    // Answers to no request (or malformed) are ignored.
    page.receive({ id: 999, reply: { ok: true, data: [] } });
    page.receive('garbage');
  });

  it('answers a request only with an answer carrying its own id', async () => {
    const page = new FakePort(CONTENT_PORT);
    const send = createPortSender<typeof contentProtocol>(contentReplies, () => page);
    let settled = false;
    const status = send('page.status', { page: 'p1', site: 'gmail', recognised: true, people: 0, known: 0, views: [] }).finally(() => (settled = true));
    const { id } = page.posted[0] as { id: number };
    for (const other of [id + 0.5, id - 1e-9, String(id), null, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) page.receive({ id: other, reply: { ok: true, data: { recorded: false } } });
    await Promise.resolve();
    expect(settled).toBe(false);
    page.receive({ id, reply: { ok: true, data: { recorded: true } } });
    await expect(status).resolves.toEqual({ recorded: true });
  });
});
