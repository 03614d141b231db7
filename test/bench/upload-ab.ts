/**
 * Paired A/B experiments on the upload path (see README.md, "Upload A/B experiments"): the same
 * 1 GiB file sent several ways in one Chromium, in rounds; each round runs every variant once, in
 * an order rotated from round to round, so drift of the machine's pace and position in the round
 * weigh on every variant alike. Timed at the stand-in as upload.bench.ts does (PUT head arriving →
 * answer sent).
 *
 *   npx wxt build && UPLOAD_AB_VARIANTS=curl,primer,xhr-offscreen-clone npx tsx test/bench/upload-ab.ts
 *
 * Variants:
 *   curl                   curl -T of the file
 *   primer                 Primer from the popup (pick, Upload), popup left open
 *   primer-closed          the same, popup closed right after Upload
 *   primer-nokeep          Primer, but the offscreen document's IndexedDB put of the copy stores a
 *                          1-byte Blob instead (a monkeypatch injected over CDP: no copy written)
 *   primer-noprogress      Primer, the PUT's upload.onprogress handler dropped (monkeypatch): no
 *                          progress listener at all, so no messages or storage writes either
 *   primer-progressnoop    Primer, the PUT's upload.onprogress handler replaced by a no-op: the XHR
 *                          still has a progress listener, Primer sends no progress messages
 *   xhr-popup              bare XMLHttpRequest PUT of the picked File from the popup page
 *   xhr-offscreen-clone    bare XHR from the offscreen document of the File posted to it over a
 *                          BroadcastChannel by the popup (the clone the hand-over gives it)
 *   xhr-offscreen-orig     bare XHR from the offscreen document of a File picked in the offscreen
 *                          document itself (DOM.setFileInputFiles)
 *   xhr-offscreen-orig-nolistener  the same without an upload progress listener
 *   xhr-offscreen-idbfirst the clone, as xhr-offscreen-clone, but first written to IndexedDB and
 *                          the PUT sent after the write completes (what Primer does, without the rest)
 * Suffixes: `@name` runs the variant in the Chromium loaded with build `name` of
 * UPLOAD_AB_BUILDS=name=/path,other=/path (one Chromium per build, all open throughout; without
 * it, one Chromium with .output/chrome-mv3); `+dirty` writes a 1 GiB copy of the file with `cp`
 * (not synced) right before the transfer, as the IndexedDB copy leaves the page cache.
 * Knobs: UPLOAD_AB_BYTES, UPLOAD_AB_ROUNDS (5), UPLOAD_AB_VARIANTS, UPLOAD_AB_BUILDS, UPLOAD_AB_OUT (json path).
 */
import { execFile, execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CDPSession, Page } from 'playwright';
import type { RequestLogEntry } from '../stand-in/server.ts';
import type { ChildMessage, UploadInfo } from './stand-in-process.ts';
import { writeWavFile } from '../support/audio.ts';
import { chromium } from 'playwright';
import { findChromium, launchWithExtension, type Launched } from '../support/chromium.ts';
import { allowSiteForExtension } from '../support/host-access.ts';
import { configurePrimer } from '../support/configure-primer.ts';

const MiB = 2 ** 20;
const BYTES = Number(process.env.UPLOAD_AB_BYTES ?? 2 ** 30);
const ROUNDS = Number(process.env.UPLOAD_AB_ROUNDS ?? 5);
const VARIANTS = (process.env.UPLOAD_AB_VARIANTS ?? 'curl,primer,xhr-offscreen-clone').split(',').map((v) => v.trim()).filter(Boolean);
const OUT = process.env.UPLOAD_AB_OUT ?? path.join(os.tmpdir(), `upload-ab-${Date.now()}.json`);
const QUIET_CORES = 0.25;
const QUIET_MAX_MS = 120_000;
const PRESIGN = '/api/v2/recordings/presigned-url';
const COMPLETE = '/api/v2/recordings/complete-upload';
const BIG = 'Board meeting.wav';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const log = (message: string) => console.log(`[ab ${new Date().toISOString().slice(11, 19)}] ${message}`);

// ---------------------------------------------------------------- sampler (worker thread)

const SAMPLER = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { browserPids, serverPid } = workerData;
const member = new Map(browserPids.map((pid) => [pid, true]));
function stat(pid) {
  try {
    const t = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), sys: Number(f[12]) };
  } catch { return null; }
}
function kind(cmd) {
  const type = /--type=(\S+)/.exec(cmd)?.[1];
  if (!type) return 'browser';
  if (type === 'renderer') return cmd.includes('--extension-process') ? 'extension' : 'renderer';
  if (type === 'utility') return cmd.includes('network.mojom.NetworkService') ? 'network' : cmd.includes('storage.mojom.StorageService') ? 'storage' : 'other';
  return 'other';
}
function tick() {
  const unknown = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const pid = Number(e);
    if (member.has(pid)) continue;
    const s = stat(pid);
    if (s) unknown.push({ pid, ppid: s.ppid });
  }
  for (let ch = true; ch; ) { ch = false; for (const c of unknown) if (!member.has(c.pid) && member.get(c.ppid) === true) { member.set(c.pid, true); ch = true; } }
  for (const c of unknown) if (!member.has(c.pid)) member.set(c.pid, false);
  const procs = [];
  for (const [pid, m] of member) {
    if (!m) continue;
    const s = stat(pid);
    if (!s) continue;
    let cmd = '';
    try { cmd = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').replaceAll('\0', ' '); } catch { continue; }
    procs.push({ pid, kind: kind(cmd), ticks: s.ticks });
  }
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const mem = fs.readFileSync('/proc/meminfo', 'utf8');
  const kb = (n) => Number(new RegExp('^' + n + ':\\s+(\\d+)', 'm').exec(mem)?.[1] ?? NaN);
  let sectorsWritten = 0;
  for (const line of fs.readFileSync('/proc/diskstats', 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[2] && /^(vd[a-z]|sd[a-z]|nvme\d+n\d+)$/.test(f[2])) sectorsWritten += Number(f[9]);
  }
  parentPort.postMessage({ t: Date.now(), procs, server: stat(serverPid)?.ticks ?? NaN, serverSys: stat(serverPid)?.sys ?? NaN, bench: stat(process.pid)?.ticks ?? NaN, machine: cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + cpu[7], iowait: cpu[4], dirtyKiB: kb('Dirty'), writebackKiB: kb('Writeback'), sectorsWritten });
}
setInterval(tick, 250);
tick();
`;

interface Sample {
  t: number;
  procs: { pid: number; kind: string; ticks: number }[];
  server: number;
  serverSys: number;
  bench: number;
  machine: number;
  iowait: number;
  dirtyKiB: number;
  writebackKiB: number;
  sectorsWritten: number;
}

class Sampler {
  readonly samples: Sample[] = [];
  readonly worker: Worker;
  constructor(browserPids: number[], serverPid: number) {
    this.worker = new Worker(SAMPLER, { eval: true, workerData: { browserPids, serverPid } });
    this.worker.on('message', (s: Sample) => this.samples.push(s));
  }
  window(from: number, to: number) {
    const a = this.samples.filter((s) => s.t <= from).at(-1) ?? this.samples[0]!;
    const b = this.samples.find((s) => s.t >= to) ?? this.samples.at(-1)!;
    const per: Record<string, number> = { extension: 0, browser: 0, network: 0, storage: 0, renderer: 0, other: 0, chromium: 0 };
    const first = new Map(a.procs.map((p) => [p.pid, p.ticks]));
    for (const p of b.procs) {
      const d = (p.ticks - (first.get(p.pid) ?? p.ticks)) / 100;
      per[p.kind] = (per[p.kind] ?? 0) + d;
      per.chromium! += d;
    }
    const span = (b.t - a.t) / 1000;
    const machine = (b.machine - a.machine) / 100;
    const server = (b.server - a.server) / 100;
    const bench = (b.bench - a.bench) / 100;
    return {
      spanS: round(span, 2),
      cpu: Object.fromEntries(Object.entries(per).map(([k, v]) => [k, round(v, 2)])),
      server: round(server, 2),
      serverSys: round((b.serverSys - a.serverSys) / 100, 2),
      bench: round(bench, 2),
      machineCores: round(machine / span, 2),
      outsideCores: round(Math.max(0, machine - per.chromium! - server - bench) / span, 2),
      iowaitS: round((b.iowait - a.iowait) / 100, 2),
      dirtyAtStartMiB: round(a.dirtyKiB / 1024),
      dirtyMaxMiB: round(Math.max(...this.samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.dirtyKiB), a.dirtyKiB) / 1024),
      writebackMaxMiB: round(Math.max(...this.samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.writebackKiB), a.writebackKiB) / 1024),
      diskWrittenMiB: round(((b.sectorsWritten - a.sectorsWritten) * 512) / MiB),
    };
  }
  async quiet(label: string) {
    const started = Date.now();
    for (;;) {
      await sleep(500);
      const now = Date.now();
      const w = this.window(now - 2000, now);
      if (w.outsideCores < QUIET_CORES || now - started > QUIET_MAX_MS) {
        if (w.outsideCores >= QUIET_CORES) log(`${label}: not quiet (${w.outsideCores} cores), measuring anyway`);
        return { waitedMs: now - started, outsideCores: w.outsideCores };
      }
    }
  }
}

// ---------------------------------------------------------------- stand-in, curl

interface StandIn {
  baseUrl: string;
  apiKey: string;
  pid: number;
  requests: RequestLogEntry[];
  finished: Map<RequestLogEntry, number>;
  uploads: Map<string, UploadInfo>;
  close(): Promise<void>;
}

async function startStandIn(): Promise<StandIn> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'stand-in-process.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const requests: RequestLogEntry[] = [];
  const finished = new Map<RequestLogEntry, number>();
  const uploads = new Map<string, UploadInfo>();
  const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve) => {
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready') return resolve(m);
      requests.push(m.entry);
      finished.set(m.entry, m.finishedAt);
      if (m.upload) uploads.set(decodeURIComponent(m.entry.path.split('/').at(-1)!), m.upload);
    });
  });
  return {
    baseUrl: ready.baseUrl,
    apiKey: ready.apiKey,
    pid: child.pid!,
    requests,
    finished,
    uploads,
    close: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => (child.kill(), resolve()), 5000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
        child.send('close');
      }),
  };
}

async function presign(s: StandIn) {
  const r = await fetch(`${s.baseUrl}${PRESIGN}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ filename: BIG, content_type: 'audio/wav', file_size: BYTES }),
  });
  const body = (await r.json()) as { upload_url: string; recording_id: string };
  return { url: body.upload_url, id: body.recording_id };
}

/** The answered PUT of `id`: its timing at the stand-in; the stored file is then deleted and the disk synced. */
async function putOf(s: StandIn, id: string) {
  for (let i = 0; i < 400; i++) {
    const entry = s.requests.find((e) => e.server === 'storage' && e.method === 'PUT' && e.path === `/upload/${id}`);
    if (entry) {
      if (entry.status !== 200) throw new Error(`PUT ${id} answered ${entry.status}`);
      const end = s.finished.get(entry)!;
      const stored = s.uploads.get(id);
      if (stored?.bytes !== BYTES) throw new Error(`stored ${stored?.bytes} bytes`);
      fs.rmSync(stored.path, { force: true });
      return { startAt: entry.at, endAt: end, ms: end - entry.at, mibPerS: round(BYTES / MiB / ((end - entry.at) / 1000)) };
    }
    await sleep(50);
  }
  throw new Error(`no PUT of ${id}`);
}

// ---------------------------------------------------------------- the extension

async function openPopup(l: Launched): Promise<Page> {
  const page = await l.context.newPage();
  await page.goto(`chrome-extension://${l.extensionId}/popup.html`);
  await page.getByRole('button', { name: 'Upload', exact: true }).waitFor({ timeout: 15_000 });
  return page;
}

async function pick(page: Page, file: string) {
  await page.getByLabel('Recording', { exact: true }).setInputFiles(file);
  await page.locator('.drop-zone').getByText(`${path.basename(file)} · `).waitFor({ timeout: 30_000 });
}

/** CDP into the offscreen document (not a Playwright page): a non-flattened session from a page's CDP session. */
class Offscreen {
  #session: string | null = null;
  #target: string | null = null;
  #next = 1;
  readonly #pending = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  constructor(readonly cdp: CDPSession) {
    cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (m.id !== undefined) this.#pending.get(m.id)?.(m);
    });
  }
  async attach(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const { targetInfos } = (await this.cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; url: string }[] };
      const t = targetInfos.find((x) => x.url.endsWith('/offscreen.html'));
      if (t) {
        if (t.targetId !== this.#target) {
          this.#target = t.targetId;
          this.#session = (await this.cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })).sessionId;
        }
        return;
      }
      await sleep(100);
    }
    throw new Error('no offscreen document');
  }
  async send(method: string, params: object = {}): Promise<unknown> {
    const id = this.#next++;
    const reply = new Promise<{ result?: unknown; error?: unknown }>((resolve) => this.#pending.set(id, resolve));
    await this.cdp.send('Target.sendMessageToTarget', { sessionId: this.#session!, message: JSON.stringify({ id, method, params }) });
    const m = await reply;
    this.#pending.delete(id);
    if (m.error) throw new Error(`${method}: ${JSON.stringify(m.error)}`);
    return m.result;
  }
  async evaluate<T>(expression: string): Promise<T> {
    const r = (await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as { result: { value: T }; exceptionDetails?: unknown };
    if (r.exceptionDetails) throw new Error(`offscreen evaluate: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  }
}

/** Installed once per offscreen document: switches (globalThis.__ab) and a bare-XHR receiver. */
const OFFSCREEN_PATCH = String.raw`(() => {
  if (globalThis.__abInstalled) return 'already';
  globalThis.__abInstalled = true;
  globalThis.__ab = {};
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    if (globalThis.__ab.nokeep && value instanceof Blob) value = new Blob(['x']);
    return put.call(this, value, key);
  };
  const d = Object.getOwnPropertyDescriptor(XMLHttpRequestEventTarget.prototype, 'onprogress');
  Object.defineProperty(XMLHttpRequestEventTarget.prototype, 'onprogress', {
    configurable: true, enumerable: d.enumerable, get: d.get,
    set(v) {
      const upload = this instanceof XMLHttpRequestUpload;
      d.set.call(this, upload && globalThis.__ab.noprogress ? null : upload && globalThis.__ab.progressnoop ? () => undefined : v);
    },
  });
  globalThis.__abXhr = (file, url, listen = true) => new Promise((resolve) => {
    let events = 0;
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'audio/wav');
    if (listen) xhr.upload.addEventListener('progress', () => events++);
    xhr.onloadend = () => resolve({ status: xhr.status, events });
    xhr.send(file);
  });
  globalThis.__abIdb = (file) => new Promise((resolve, reject) => {
    const o = indexedDB.open('ab-bench', 1);
    o.onupgradeneeded = () => o.result.createObjectStore('f');
    o.onsuccess = () => {
      const db = o.result;
      const started = performance.now();
      const tx = db.transaction('f', 'readwrite');
      tx.objectStore('f').put(file, 'file');
      tx.oncomplete = () => { db.close(); resolve(performance.now() - started); };
      tx.onerror = () => reject(tx.error);
    };
  });
  const ch = new BroadcastChannel('ab-bench');
  ch.onmessage = async (e) => {
    const { file, url, idbFirst } = e.data;
    const idbMs = idbFirst ? await globalThis.__abIdb(file) : null;
    if (idbFirst) ch.postMessage({ idbDone: true });
    const r = await globalThis.__abXhr(file, url);
    ch.postMessage({ done: true, idbMs, ...r });
    if (idbFirst) indexedDB.deleteDatabase('ab-bench');
  };
  return 'installed';
})()`;

async function warmUp(l: Launched, file: string, s: StandIn) {
  const popup = await openPopup(l);
  await pick(popup, file);
  await popup.getByRole('button', { name: 'Upload', exact: true }).click();
  const item = popup.getByRole('region', { name: 'Recent uploads' }).getByRole('listitem').filter({ has: popup.getByText('Warm-up', { exact: true }) });
  await item.getByRole('button', { name: 'Allow and upload' }).waitFor({ timeout: 30_000 });
  await allowSiteForExtension(l.context, l.extensionId, 'http://localhost/*');
  const before = s.requests.length;
  await item.getByRole('button', { name: 'Allow and upload' }).click();
  while (!s.requests.slice(before).some((e) => e.path === COMPLETE)) await sleep(200);
  await sleep(1000);
  await popup.close();
}

interface Run {
  variant: string;
  round: number;
  mibPerS: number;
  ms: number;
  /** click (or send) → PUT head at the stand-in */
  leadMs: number | null;
  quiet: { waitedMs: number; outsideCores: number };
  during: ReturnType<Sampler['window']>;
  note: string;
}

/** `+dirty`: right before the transfer, a 1 GiB copy of the file is written by `cp` (not synced), as Primer's IndexedDB copy leaves the page cache. */
async function runVariant(full: string, roundNo: number, browsers: Map<string, Launched>, s: StandIn, sampler: Sampler, file: string): Promise<Run> {
  execFileSync('sync');
  const dirty = full.endsWith('+dirty');
  const build = /@([\w-]+)/.exec(full)?.[1] ?? '';
  const l = browsers.get(build) ?? (build === '' ? [...browsers.values()][0] : undefined);
  if (!l) throw new Error(`no build "${build}" for ${full}`);
  const variant = full.replace(/\+dirty$/, '').replace(/@[\w-]+/, '');
  const scratch = `${file}.dirty-copy`;
  const origQuiet = sampler.quiet.bind(sampler);
  const quietThenDirty = async (label: string) => {
    const q = await origQuiet(label);
    if (dirty) execFileSync('cp', [file, scratch]);
    return q;
  };
  try {
    const run = await runOne(variant, roundNo, l, s, { quiet: quietThenDirty, window: sampler.window.bind(sampler) } as Sampler, file);
    return { ...run, variant: full };
  } finally {
    fs.rmSync(scratch, { force: true });
  }
}

async function runOne(variant: string, roundNo: number, l: Launched, s: StandIn, sampler: Sampler, file: string): Promise<Run> {
  if (variant === 'curl') {
    const quiet = await sampler.quiet(variant);
    const { url, id } = await presign(s);
    await new Promise<void>((resolve, reject) =>
      execFile('curl', ['-sS', '-o', '/dev/null', '-T', file, '-H', 'Content-Type: audio/wav', url], (e) => (e ? reject(new Error(`curl: ${e.message}`)) : resolve())),
    );
    const put = await putOf(s, id);
    return { variant, round: roundNo, mibPerS: put.mibPerS, ms: put.ms, leadMs: null, quiet, during: sampler.window(put.startAt, put.endAt), note: '' };
  }

  const popup = await openPopup(l);
  const cdp = await l.context.newCDPSession(popup);
  const off = new Offscreen(cdp);
  try {
    await off.attach();
    await off.evaluate(OFFSCREEN_PATCH);
    await off.evaluate(`globalThis.__ab = { nokeep: ${variant === 'primer-nokeep'}, noprogress: ${variant === 'primer-noprogress'}, progressnoop: ${variant === 'primer-progressnoop'} }, 1`);
    await sleep(2000);

    if (variant.startsWith('primer')) {
      await pick(popup, file);
      const quiet = await sampler.quiet(variant);
      const before = s.requests.length;
      const clickAt = Date.now();
      await popup.getByRole('button', { name: 'Upload', exact: true }).click();
      if (variant === 'primer-closed') await popup.close();
      while (!s.requests.slice(before).some((e) => e.path === COMPLETE)) await sleep(200);
      const entry = s.requests.slice(before).find((e) => e.server === 'storage' && e.method === 'PUT')!;
      const put = await putOf(s, entry.path.split('/').at(-1)!);
      await sleep(1500);
      return { variant, round: roundNo, mibPerS: put.mibPerS, ms: put.ms, leadMs: put.startAt - clickAt, quiet, during: sampler.window(put.startAt, put.endAt), note: '' };
    }

    if (variant === 'xhr-popup') {
      await pick(popup, file);
      const quiet = await sampler.quiet(variant);
      const { url, id } = await presign(s);
      const sentAt = Date.now();
      await popup.evaluate(async (u) => {
        const f = document.querySelector<HTMLInputElement>('input[type=file]')!.files![0]!;
        await new Promise<void>((resolve) => {
          const xhr = new XMLHttpRequest();
          xhr.open('PUT', u);
          xhr.setRequestHeader('Content-Type', 'audio/wav');
          xhr.upload.onprogress = () => undefined;
          xhr.onloadend = () => resolve();
          xhr.send(f);
        });
      }, url);
      const put = await putOf(s, id);
      return { variant, round: roundNo, mibPerS: put.mibPerS, ms: put.ms, leadMs: put.startAt - sentAt, quiet, during: sampler.window(put.startAt, put.endAt), note: '' };
    }

    if (variant === 'xhr-offscreen-clone' || variant === 'xhr-offscreen-idbfirst') {
      await pick(popup, file);
      const quiet = await sampler.quiet(variant);
      const { url, id } = await presign(s);
      const sentAt = Date.now();
      const reply = await popup.evaluate(
        ([u, idbFirst]) =>
          new Promise<{ status: number; events: number; idbMs: number | null }>((resolve) => {
            const f = document.querySelector<HTMLInputElement>('input[type=file]')!.files![0]!;
            const ch = new BroadcastChannel('ab-bench');
            ch.onmessage = (e: MessageEvent<{ done?: boolean; status: number; events: number; idbMs: number | null }>) => {
              if (!e.data.done) return;
              ch.close();
              resolve(e.data);
            };
            ch.postMessage({ file: f, url: u, idbFirst });
          }),
        [url, variant === 'xhr-offscreen-idbfirst'] as const,
      );
      const put = await putOf(s, id);
      return { variant, round: roundNo, mibPerS: put.mibPerS, ms: put.ms, leadMs: put.startAt - sentAt, quiet, during: sampler.window(put.startAt, put.endAt), note: `status ${reply.status}, ${reply.events} progress events${reply.idbMs === null ? '' : `, IndexedDB write ${Math.round(reply.idbMs)} ms`}` };
    }

    if (variant === 'xhr-offscreen-orig' || variant === 'xhr-offscreen-orig-nolistener') {
      await off.evaluate(`(() => { let i = document.getElementById('ab-input'); if (!i) { i = document.createElement('input'); i.type = 'file'; i.id = 'ab-input'; document.body.append(i); } return 1; })()`);
      const doc = (await off.send('DOM.getDocument', {})) as { root: { nodeId: number } };
      const node = (await off.send('DOM.querySelector', { nodeId: doc.root.nodeId, selector: '#ab-input' })) as { nodeId: number };
      await off.send('DOM.setFileInputFiles', { nodeId: node.nodeId, files: [file] });
      const quiet = await sampler.quiet(variant);
      const { url, id } = await presign(s);
      const sentAt = Date.now();
      const reply = await off.evaluate<{ status: number; events: number }>(`globalThis.__abXhr(document.getElementById('ab-input').files[0], ${JSON.stringify(url)}, ${variant === 'xhr-offscreen-orig'})`);
      const put = await putOf(s, id);
      return { variant, round: roundNo, mibPerS: put.mibPerS, ms: put.ms, leadMs: put.startAt - sentAt, quiet, during: sampler.window(put.startAt, put.endAt), note: `status ${reply.status}, ${reply.events} progress events` };
    }
    throw new Error(`unknown variant ${variant}`);
  } finally {
    await cdp.detach().catch(() => undefined);
    if (!popup.isClosed()) await popup.close();
  }
}

/** Chromium with the build in `dir` (as launchWithExtension, network block off). */
async function launchBuild(dir: string): Promise<Launched> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-ab-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, serviceWorker, extensionId: new URL(serviceWorker.url()).host, userDataDir, cleanUp: () => fs.rmSync(userDataDir, { recursive: true, force: true }) };
}

function browserPidOf(userDataDir: string): number {
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.includes(`--user-data-dir=${userDataDir}`) && !cmd.includes('--type=') && path.basename(fs.readlinkSync(`/proc/${e}/exe`)).startsWith('chromium')) return Number(e);
    } catch {
      // gone
    }
  }
  throw new Error('no browser process');
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'primer-upload-ab-'));
  const big = path.join(work, BIG);
  const warm = path.join(work, 'Warm-up.wav');
  writeWavFile(big, BYTES);
  writeWavFile(warm, MiB);
  execFileSync('sync');
  const s = await startStandIn();
  const builds = (process.env.UPLOAD_AB_BUILDS ?? '').split(',').filter(Boolean).map((entry) => entry.split('=') as [string, string]);
  const browsers = new Map<string, Launched>();
  if (builds.length === 0) browsers.set('', await launchWithExtension({ headless: true, blockNetwork: false }));
  for (const [name, dir] of builds) browsers.set(name, await launchBuild(dir));
  const sampler = new Sampler([...browsers.values()].map((l) => browserPidOf(l.userDataDir)), s.pid);
  const runs: Run[] = [];
  try {
    for (const l of browsers.values()) {
      await (await configurePrimer(l, s)).close();
      await warmUp(l, warm, s);
    }
    log(`variants ${VARIANTS.join(', ')}; ${ROUNDS} rounds; ${BYTES} bytes`);
    for (let r = 0; r < ROUNDS; r++) {
      const order = VARIANTS.map((_, i) => VARIANTS[(i + r) % VARIANTS.length]!);
      for (const v of order) {
        const run = await runVariant(v, r + 1, browsers, s, sampler, big);
        runs.push(run);
        const d = run.during;
        log(`round ${r + 1} ${v}: ${run.mibPerS} MiB/s (${run.ms} ms, lead ${run.leadMs ?? '–'} ms) cpu ext ${d.cpu.extension} br ${d.cpu.browser} net ${d.cpu.network} stor ${d.cpu.storage} srv ${d.server} (sys ${d.serverSys}); machine ${d.machineCores}, outside ${d.outsideCores}; dirty ${d.dirtyAtStartMiB}→max ${d.dirtyMaxMiB} MiB, wb max ${d.writebackMaxMiB}, disk written ${d.diskWrittenMiB} MiB, iowait ${d.iowaitS} s ${run.note}`);
        fs.writeFileSync(OUT, JSON.stringify({ bytes: BYTES, variants: VARIANTS, runs }, null, 1));
      }
    }
  } finally {
    await sampler.worker.terminate();
    for (const l of browsers.values()) {
      await l.context.close().catch(() => undefined);
      l.cleanUp();
    }
    await s.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Summary: per variant, median MiB/s; per round, each variant ÷ that round's curl (when run) and ÷ the first variant.
  const base = VARIANTS.includes('curl') ? 'curl' : VARIANTS[0]!;
  const ref = VARIANTS.find((v) => v !== 'curl') ?? VARIANTS[0]!;
  console.log(`\n| Variant | MiB/s per round | median MiB/s | median ratio to ${base} (same round) | median ratio to ${ref} (same round) | median CPU s network / stand-in (sys) / browser / ext |`);
  console.log('|---|---|---:|---:|---:|---|');
  for (const v of VARIANTS) {
    const mine = runs.filter((r) => r.variant === v);
    const ratio = (other: string) =>
      round(100 * median(mine.map((r) => r.mibPerS / (runs.find((o) => o.variant === other && o.round === r.round)?.mibPerS ?? NaN)).filter(Number.isFinite)), 1);
    console.log(
      `| ${v} | ${mine.map((r) => r.mibPerS).join(', ')} | ${median(mine.map((r) => r.mibPerS))} | ${ratio(base)} % | ${ratio(ref)} % | ${round(median(mine.map((r) => r.during.cpu.network!)), 2)} / ${round(median(mine.map((r) => r.during.server)), 2)} (${round(median(mine.map((r) => r.during.serverSys)), 2)}) / ${round(median(mine.map((r) => r.during.cpu.browser!)), 2)} / ${round(median(mine.map((r) => r.during.cpu.extension!)), 2)} |`,
    );
  }
  console.log(`\nWrote ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
