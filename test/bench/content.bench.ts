/**
 * Performance benchmark of Primer's content scripts on the production build (.output/chrome-mv3).
 *
 *   npx wxt build && npx tsx test/bench/content.bench.ts      (or: npm run bench)
 *
 * Figures, not pass/fail: writes test/bench/results.json and test/bench/RESULTS.md and prints them.
 * Method and how to read the figures: test/bench/README.md. Environment knobs:
 *   BENCH_SESSION_MS  length of each scripted session (default 60000)
 *   BENCH_SCAN_RUNS   page loads per large fixture for the first-scan figure (default 5)
 *   BENCH_BATCHES     mutation batches per scenario (default 20)
 *   BENCH_NO_HOVER=1  sessions without hovering (to tell the card's memory from the rest's)
 *   BENCH_ONLY        comma list of sections to run: size,scan,scan-unprofiled,batch,session,requests (default all)
 *   BENCH_SCENARIO    only the batch scenarios whose fixture's file name contains this
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright';
import { createStandIn, type StandIn } from '../stand-in/server.ts';
import { SAMPLE_CONTACTS } from '../stand-in/sample-data.ts';
import { extensionDir, findChromium, launchWithExtension, type Launched } from '../support/chromium.ts';
import { configurePrimer } from '../support/configure-primer.ts';
import { hoverCard } from '../support/hover-card.ts';
import { buildTimeline, extCpuMsBetween, extMsBetween, extMsByScript, startTrace, stopTrace, TRACE_CATEGORIES_UNPROFILED, wholeTaskScan, type Timeline, type WholeTaskScan } from './trace.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const OUT_JSON = path.join(import.meta.dirname, 'results.json');
const OUT_MD = path.join(import.meta.dirname, 'RESULTS.md');

const SESSION_MS = Number(process.env.BENCH_SESSION_MS ?? 60_000);
const SCAN_RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 5);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 20);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'size,scan,scan-unprofiled,batch,session,requests').split(','));
const TRACE_CHUNK_MS = 15_000;

const BUDGET = { gzipBytes: 20_000, firstScanMs: 10, batchMs: 1, longTaskMs: 50 };

interface ExpectedView { view: string; url: string; surfaces: { people: { email: string; name: string | null; contactId: string | null }[] }[] }
interface ExpectedPage { file: string; site: string; views: ExpectedView[] }
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as { pages: ExpectedPage[] };
const CALIBRATION_EMAIL = SAMPLE_CONTACTS[0]!.email.toLowerCase();

function fixture(file: string) {
  const page = expected.pages.find((candidate) => candidate.file === file);
  if (!page) throw new Error(`No ${file} in expected.json`);
  const view = page.views[0]!;
  const known = new Set(view.surfaces.flatMap((surface) => surface.people.filter((p) => p.contactId).map((p) => p.email)));
  const people = new Set(view.surfaces.flatMap((surface) => surface.people.map((p) => p.email)));
  // Markers are counted by distinct label ("Primer briefing: <name or address the page shows>");
  // two people may be shown with the same name.
  const labels = new Set(view.surfaces.flatMap((surface) => surface.people.filter((p) => p.contactId).map((p) => p.name ?? p.email)));
  return { file, url: view.url, html: fs.readFileSync(path.join(FIXTURES, file), 'utf8'), known: labels.size, knownAddresses: known.size, people: people.size };
}

const LARGE = [fixture('gmail/thread-large.html'), fixture('calendar/event-large.html')];
/** The element that is "the view" on each large page: closed and reopened in the session. */
const VIEW_ROOT: Record<string, string> = {
  'gmail/thread-large.html': '#fixture-thread',
  'calendar/event-large.html': '[role=dialog][aria-label="Event details"]',
};

// ---------------------------------------------------------------- small helpers

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 2) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);
function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
function summary(values: number[]) {
  return { n: values.length, median: round(quantile(values, 0.5), 3), p95: round(quantile(values, 0.95), 3), max: round(Math.max(...values), 3), min: round(Math.min(...values), 3) };
}
function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/**
 * Page-world instrumentation of the fixture page (not of Primer): long-task observer, a
 * performance.mark for every batch of markers Primer adds, and a pristine copy of the view root
 * taken before Primer runs (to "reopen" a view as a fresh render).
 */
function pageInstrumentation(viewSelector: string | null) {
  return `(() => {
    const w = window;
    w.__benchLongTasks = [];
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__benchLongTasks.push({ start: e.startTime, duration: e.duration }); })
        .observe({ type: 'longtask', buffered: true });
    } catch (e) { w.__benchLongTasks = null; }
    w.__benchMarkerBatches = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.nodeType === 1 && n.hasAttribute('data-primer-marker')) { w.__benchMarkerBatches++; performance.mark('bench:marker-batch'); return; }
      }
    }).observe(document, { childList: true, subtree: true });
    const selector = ${JSON.stringify(viewSelector)};
    if (selector) document.addEventListener('DOMContentLoaded', () => {
      const root = document.querySelector(selector);
      if (root) w.__benchPristine = { html: root.outerHTML, parent: root.parentElement };
    });
  })();`;
}

// ---------------------------------------------------------------- browser set-up

interface Rig {
  standIn: StandIn;
  launched: Launched;
  extOrigin: string;
  close(): Promise<void>;
}

/** Fresh profile, stand-in, Primer pointed at it the way a user does (options page, Save). */
async function rig(): Promise<Rig> {
  const standIn = await createStandIn({ processingStepMs: 0 });
  const launched = await launchWithExtension({ headless: true });
  await (await configurePrimer(launched, standIn)).close();
  return {
    standIn,
    launched,
    extOrigin: `chrome-extension://${launched.extensionId}/`,
    async close() {
      await launched.context.close().catch(() => undefined);
      await standIn.close();
      fs.rmSync(launched.userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new tab that answers `file` at its real address. All Gmail fixtures share one address (their
 * views differ only by the fragment), so each tab serves its own page with a page route; page
 * routes are asked before the harness's context-wide block, so nothing else gets through.
 */
async function servePage(page: Page, file: string): Promise<void> {
  const { url, html } = fixture(file);
  const address = new URL(url);
  address.hash = '';
  await page.route((candidate) => candidate.href === address.href, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
}

async function openPage(context: BrowserContext, file: string, viewSelector: string | null): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  await servePage(page, file);
  await page.addInitScript(pageInstrumentation(viewSelector));
  const cdp = await context.newCDPSession(page);
  return { page, cdp };
}

async function frameId(cdp: CDPSession): Promise<string> {
  const tree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  return tree.frameTree.frame.id;
}

async function markerLabels(page: Page): Promise<number> {
  return page.evaluate(() => new Set([...document.querySelectorAll('[data-primer-marker]')].map((n) => n.getAttribute('aria-label'))).size);
}

/** Waits until `want` distinct marker labels are shown (or the timeout), then for a quiet spell. */
async function waitForMarkers(page: Page, want: number, timeoutMs = 45_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let shown = 0;
  while (Date.now() < until) {
    shown = await markerLabels(page);
    if (shown >= want) break;
    await sleep(100);
  }
  await sleep(800);
  return markerLabels(page);
}

async function heap(cdp: CDPSession) {
  await cdp.send('Performance.enable').catch(() => undefined);
  await cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const metrics = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.metrics.find((m) => m.name === name)?.value ?? NaN;
  return { usedMB: round(usage.usedSize / 2 ** 20, 2), totalMB: round(usage.totalSize / 2 ** 20, 2), domNodes: metric('Nodes'), jsEventListeners: metric('JSEventListeners') };
}

// ---------------------------------------------------------------- 1. injected code size

function measureSize() {
  const dir = extensionDir();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { content_scripts?: { matches: string[]; js?: string[]; css?: string[] }[] };
  const entries = (manifest.content_scripts ?? []).map((script) => {
    const files = [...(script.js ?? []), ...(script.css ?? [])];
    const bytes = Buffer.concat(files.map((file) => fs.readFileSync(path.join(dir, file))));
    const text = bytes.toString('utf8');
    const gzipBytes = gzipSync(bytes, { level: 9 }).length;
    const react = /react\.production|__SECRET_INTERNALS|ReactCurrentOwner|react-dom|__CLIENT_INTERNALS/.test(text);
    // The card's own words as string literals ("Close briefing", the dialog's "Briefing: …"), not a
    // property name that happens to contain them (`onOpenBriefing:` in the card's request).
    const card = /Close briefing|[`'"]Briefing: /.test(text);
    return { matches: script.matches, files, rawBytes: bytes.length, gzipBytes, withinBudget: gzipBytes <= BUDGET.gzipBytes, containsReact: react, containsCardUi: card };
  });
  const card = path.join(dir, 'hover-card.js');
  const cardBytes = fs.existsSync(card) ? fs.readFileSync(card) : null;
  return {
    budgetGzipBytes: BUDGET.gzipBytes,
    entries,
    hoverCard: cardBytes ? { rawBytes: cardBytes.length, gzipBytes: gzipSync(cardBytes, { level: 9 }).length } : null,
  };
}

// ---------------------------------------------------------------- 2a. first scan

interface FirstScan {
  run: number;
  markersShown: number;
  expectedKnown: number;
  startupMs: number;
  readMs: number;
  markMs: number;
  scanMs: number;
  /** The same as thread CPU time (extCpuMsBetween): what the extension cost, whatever else ran. */
  startupCpuMs: number;
  readCpuMs: number;
  markCpuMs: number;
  scanCpuMs: number;
  waitForLookupsMs: number;
  duringWaitMs: number;
  duringWaitTasks: number;
  loadToLastMarkerMs: number;
  extFirst6sMs: number;
  exactShare: number;
  byScript: Record<string, number>;
  sampleIntervalUs: number;
  /** Every main-thread task with extension time in the first 6 s: start (ms after the script's task), length, extension ms. */
  extensionTasks: { atMs: number; taskMs: number; extMs: number }[];
}

/**
 * The first scan on a fresh page load, from the trace:
 * - startup: extension time inside the task(s) that evaluate the content script;
 * - mark: extension time inside the tasks in which markers were added (page marks bench:marker-batch);
 * - read: extension time between the end of startup and the first marking task (reading the
 *   surfaces, preferences, building the lookup message) up to the end of the scan task;
 * - wait: wall-clock from the end of the scan task (most extension time before the first marking
 *   task) to the start of the first marking task (the lookups are out; no main-thread time).
 */
function analyseFirstScan(timeline: Timeline, run: number, markersShown: number, expectedKnown: number): FirstScan {
  const { tasks, slices, marks } = timeline;
  const evaluation = slices.find((slice) => slice.how === 'exact' && slice.name === 'EvaluateScript' && slice.script.startsWith('content-scripts/'));
  if (!evaluation) throw new Error('The content script was not evaluated during the trace');
  const taskAt = (ts: number) => tasks.find((task) => ts >= task.start && ts < task.end);
  const startupTask = taskAt(evaluation.start) ?? { start: evaluation.start, end: evaluation.end, extMs: 0 };
  const markTasks = [...new Set(marks.filter((mark) => mark.name === 'bench:marker-batch').map((mark) => taskAt(mark.ts)).filter((task) => !!task))];
  const firstMark = markTasks[0];
  const lastMark = markTasks.at(-1);
  const startupMs = extMsBetween(slices, startupTask.start, startupTask.end);
  const markMs = markTasks.reduce((sum, task) => sum + extMsBetween(slices, task.start, task.end), 0);
  const readEnd = firstMark?.start ?? timeline.traceEnd;
  // The scan task: the one with most extension time between start-up and the first marking task.
  const between = tasks.filter((task) => task.start >= startupTask.end && task.end <= readEnd && task.extMs > 0);
  const scanTask = between.reduce<(typeof between)[number] | undefined>((best, task) => (!best || task.extMs > best.extMs ? task : best), undefined);
  const readMs = scanTask ? extMsBetween(slices, startupTask.end, scanTask.end) : 0;
  const cpu = (start: number, end: number) => extCpuMsBetween(timeline, start, end);
  const startupCpuMs = cpu(startupTask.start, startupTask.end);
  const readCpuMs = scanTask ? cpu(startupTask.end, scanTask.end) : 0;
  const markCpuMs = markTasks.reduce((sum, task) => sum + cpu(task.start, task.end), 0);
  const duringWait = between.filter((task) => scanTask && task.start >= scanTask.end);
  const exact = extMsBetween(slices, startupTask.start, startupTask.start + 6e6, 'exact');
  const all = extMsBetween(slices, startupTask.start, startupTask.start + 6e6);
  return {
    run,
    markersShown,
    expectedKnown,
    startupMs: round(startupMs),
    readMs: round(readMs),
    markMs: round(markMs),
    scanMs: round(readMs + markMs),
    startupCpuMs: round(startupCpuMs),
    readCpuMs: round(readCpuMs),
    markCpuMs: round(markCpuMs),
    scanCpuMs: round(readCpuMs + markCpuMs),
    duringWaitMs: round(duringWait.reduce((sum, task) => sum + task.extMs, 0)),
    duringWaitTasks: duringWait.length,
    waitForLookupsMs: firstMark && scanTask ? round((firstMark.start - scanTask.end) / 1000, 1) : NaN,
    loadToLastMarkerMs: lastMark ? round((lastMark.end - startupTask.start) / 1000, 1) : NaN,
    extFirst6sMs: round(all),
    exactShare: round(all > 0 ? exact / all : NaN, 2),
    byScript: Object.fromEntries(Object.entries(extMsByScript(slices, startupTask.start, startupTask.start + 6e6)).map(([k, v]) => [k, round(v)])),
    sampleIntervalUs: round(timeline.sampleIntervalUs, 0),
    extensionTasks: tasks
      .filter((task) => task.extMs > 0 && task.start >= startupTask.start && task.start < startupTask.start + 6e6)
      .map((task) => ({ atMs: round((task.start - startupTask.start) / 1000, 1), taskMs: round((task.end - task.start) / 1000, 2), extMs: round(task.extMs, 2) })),
  };
}

interface LargeLoad {
  large: (typeof LARGE)[number];
  run: number;
  page: Page;
  cdp: CDPSession;
  extOrigin: string;
}

/** Each large fixture loaded SCAN_RUNS times, each in a new tab of one profile (not yet navigated): `measure` does the load. */
async function perLargeLoad<T>(measure: (load: LargeLoad) => Promise<T>): Promise<Record<string, T[]>> {
  const results: Record<string, T[]> = {};
  const r = await rig();
  try {
    for (const large of LARGE) {
      results[large.file] = [];
      for (let run = 1; run <= SCAN_RUNS; run++) {
        const { page, cdp } = await openPage(r.launched.context, large.file, null);
        try {
          results[large.file]!.push(await measure({ large, run, page, cdp, extOrigin: r.extOrigin }));
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await r.close();
  }
  return results;
}

function measureFirstScans() {
  return perLargeLoad(async ({ large, run, page, cdp, extOrigin }) => {
    await startTrace(cdp);
    await page.goto(large.url);
    const shown = await waitForMarkers(page, large.known);
    await sleep(5_500); // past the self-check's settle time (4 s) and its scan
    const events = await stopTrace(cdp);
    if (process.env.BENCH_DUMP_TRACE) fs.writeFileSync(path.join(process.env.BENCH_DUMP_TRACE, `${path.basename(large.file, '.html')}-${run}.json`), JSON.stringify({ frame: await frameId(cdp), ext: extOrigin, events }));
    const timeline = buildTimeline(events, await frameId(cdp), extOrigin);
    const scan = analyseFirstScan(timeline, run, shown, large.known);
    log(`first scan ${large.file} run ${run}${run === 1 ? ' (cold background cache)' : ''}: read ${scan.readMs} ms + mark ${scan.markMs} ms; startup ${scan.startupMs} ms; waited ${scan.waitForLookupsMs} ms for lookups (${scan.duringWaitMs} ms in ${scan.duringWaitTasks} extension tasks meanwhile); ${shown}/${large.known} known shown`);
    return scan;
  });
}

// ---------------------------------------------------------------- 2a'. first scan, no profiler

interface UnprofiledScan extends WholeTaskScan {
  run: number;
  markersShown: number;
  expectedKnown: number;
}

/**
 * The first scan again, traced without V8's profiler: Primer's whole tasks from the end of its
 * start-up task to the last marking task (trace.ts `wholeTaskScan`), an upper bound of its cost.
 * Nothing polls the page while the trace runs (a Playwright evaluation is a task too): the page is
 * given 2.5 s, then its markers are counted.
 */
function measureUnprofiledFirstScans() {
  const worldName = (JSON.parse(fs.readFileSync(path.join(extensionDir(), 'manifest.json'), 'utf8')) as { name: string }).name;
  return perLargeLoad<UnprofiledScan>(async ({ large, run, page, cdp, extOrigin }) => {
    await startTrace(cdp, TRACE_CATEGORIES_UNPROFILED);
    await page.goto(large.url);
    await sleep(run === 1 ? 6_000 : 2_500); // run 1 waits for the service (cold background cache)
    const events = await stopTrace(cdp);
    if (process.env.BENCH_DUMP_TRACE) fs.writeFileSync(path.join(process.env.BENCH_DUMP_TRACE, `unprofiled-${path.basename(large.file, '.html')}-${run}.json`), JSON.stringify({ frame: await frameId(cdp), ext: extOrigin, events }));
    const shown = await markerLabels(page);
    const scan = wholeTaskScan(events, await frameId(cdp), extOrigin, worldName, 'bench:marker-batch');
    if (!scan) throw new Error(`No start-up or marking task in the trace of ${large.file}, run ${run}`);
    log(`first scan without the profiler ${large.file} run ${run}: ${round(scan.cpuMs)} ms thread CPU in ${scan.tasks} tasks (${round(scan.gcMs)} ms of it collecting garbage); ${shown}/${large.known} known shown`);
    return { run, markersShown: shown, expectedKnown: large.known, ...scan };
  });
}

// ---------------------------------------------------------------- 2b. mutation batches

interface BatchScenario {
  name: string;
  file: string;
  /** Performs one mutation (page world). `i` counts from 0. */
  mutate: (page: Page, i: number) => Promise<void>;
  settleMs: number;
}

const FRESH_CONTACTS = SAMPLE_CONTACTS.filter((c) => /^person0[5-9]\d@/.test(c.email)).map((c) => ({ email: c.email, name: c.name }));

const SCENARIOS: BatchScenario[] = [
  {
    name: 'Gmail compose: add one To chip (a known contact not yet on the page), then remove it',
    file: 'gmail/compose.html',
    settleMs: 500,
    mutate: async (page, i) => {
      const person = FRESH_CONTACTS[Math.floor(i / 2) % Math.max(1, FRESH_CONTACTS.length)] ?? { email: 'person050@example.net', name: 'Person' };
      await page.evaluate(
        ([add, email, name]) => {
          const list = document.querySelector('[aria-label="To recipients"] .agQ');
          if (!list) throw new Error('no To recipients list');
          if (add) {
            const chip = list.querySelector('.agh')!.cloneNode(true) as Element;
            chip.setAttribute('data-bench-chip', '');
            const option = chip.querySelector('[data-hovercard-id]')!;
            option.setAttribute('data-hovercard-id', email);
            option.setAttribute('data-name', name);
            option.setAttribute('aria-label', name);
            option.querySelector('.akl')!.textContent = name;
            list.append(chip);
          } else {
            list.querySelector('[data-bench-chip]')?.remove();
          }
        },
        [i % 2 === 0, person.email, person.name] as const,
      );
    },
  },
  {
    name: 'Gmail SPA (spa.html): open the thread, then back to the inbox',
    file: 'gmail/spa.html',
    settleMs: 500,
    mutate: async (page, i) => {
      await page.evaluate((open) => {
        const f = (window as unknown as { __fixture: { openThread(): Promise<void>; back(): Promise<void> } }).__fixture;
        return open ? f.openThread() : f.back();
      }, i % 2 === 0);
    },
  },
  {
    // Gmail changes a message's body after it is drawn (trimmed text shown, a preview card, a
    // translation); the body is never read, so the 300-person thread should not be read again.
    name: 'Gmail large thread (300 people): a message body changes (a line added, then removed)',
    file: 'gmail/thread-large.html',
    settleMs: 300,
    mutate: async (page, i) => {
      await page.evaluate((add) => {
        const body = document.querySelector('.a3s');
        if (!body) throw new Error('no message body');
        if (add) {
          const line = document.createElement('div');
          line.setAttribute('data-bench-line', '');
          line.textContent = 'Sent from my phone';
          body.append(line);
        } else body.querySelector('[data-bench-line]')?.remove();
      }, i % 2 === 0);
    },
  },
  {
    // Gmail rewrites a message's time as it ages ("10:42 AM (3 minutes ago)").
    name: 'Gmail large thread (300 people): a message time is rewritten ("N minutes ago")',
    file: 'gmail/thread-large.html',
    settleMs: 300,
    mutate: async (page, i) => {
      await page.evaluate((minutes) => {
        const time = document.querySelector('span.g3');
        if (!time) throw new Error('no message time');
        time.textContent = `10:42 AM (${minutes} minutes ago)`;
      }, i + 1);
    },
  },
];

async function measureBatches() {
  const out: Record<string, unknown>[] = [];
  const r = await rig();
  try {
    // BENCH_SCENARIO=<part of a fixture's file name>: only the batch scenarios on that fixture.
    for (const scenario of SCENARIOS.filter((candidate) => !process.env.BENCH_SCENARIO || candidate.file.includes(process.env.BENCH_SCENARIO))) {
      const fx = fixture(scenario.file);
      const { page, cdp } = await openPage(r.launched.context, scenario.file, null);
      await page.goto(fx.url);
      await waitForMarkers(page, fx.known);
      await sleep(4_500); // the self-check has settled: later scans run it too, as in real use
      await startTrace(cdp);
      for (let i = 0; i < BATCHES; i++) {
        await page.evaluate((n) => performance.mark(`bench:batch-${n}`), i);
        await scenario.mutate(page, i);
        await sleep(scenario.settleMs);
      }
      await page.evaluate(() => performance.mark('bench:batch-end'));
      await sleep(200);
      const events = await stopTrace(cdp);
      if (process.env.BENCH_DUMP_TRACE) fs.writeFileSync(path.join(process.env.BENCH_DUMP_TRACE, `batch-${SCENARIOS.indexOf(scenario)}-${path.basename(scenario.file, '.html')}.json`), JSON.stringify({ frame: await frameId(cdp), ext: r.extOrigin, events }));
      const timeline = buildTimeline(events, await frameId(cdp), r.extOrigin);
      const starts = timeline.marks.filter((mark) => mark.name.startsWith('bench:batch-'));
      const perBatch: number[] = [];
      const perBatchCpu: number[] = [];
      const exactOnly: number[] = [];
      const tasksPerBatch: number[] = [];
      for (let i = 0; i + 1 < starts.length; i++) {
        perBatch.push(extMsBetween(timeline.slices, starts[i]!.ts, starts[i + 1]!.ts));
        perBatchCpu.push(extCpuMsBetween(timeline, starts[i]!.ts, starts[i + 1]!.ts));
        exactOnly.push(extMsBetween(timeline.slices, starts[i]!.ts, starts[i + 1]!.ts, 'exact'));
        tasksPerBatch.push(timeline.tasks.filter((task) => task.start >= starts[i]!.ts && task.start < starts[i + 1]!.ts && task.extMs > 0).length);
      }
      const even = perBatch.filter((_, i) => i % 2 === 0);
      const odd = perBatch.filter((_, i) => i % 2 === 1);
      const result = {
        scenario: scenario.name,
        batches: perBatch.length,
        perBatchMs: summary(perBatch),
        perBatchCpuMs: summary(perBatchCpu),
        firstHalfOfPairMs: summary(even),
        secondHalfOfPairMs: summary(odd),
        exactOnlyMs: summary(exactOnly),
        extensionTasksPerBatch: summary(tasksPerBatch),
        withinBudget: quantile(perBatch, 0.5) < BUDGET.batchMs,
        sampleIntervalUs: round(timeline.sampleIntervalUs, 0),
        rawMs: perBatch.map((v) => round(v, 3)),
      };
      log(`batches "${scenario.name}": median ${result.perBatchMs.median} ms, p95 ${result.perBatchMs.p95} ms, max ${result.perBatchMs.max} ms`);
      out.push(result);
      await page.close();
    }
  } finally {
    await r.close();
  }
  return out;
}

// ---------------------------------------------------------------- 3. scripted session

async function session(r: Rig, large: ReturnType<typeof fixture>) {
  const selector = VIEW_ROOT[large.file]!;
  const { page, cdp } = await openPage(r.launched.context, large.file, selector);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(large.url);
  await waitForMarkers(page, large.known);
  await sleep(4_500);
  const heapStart = await heap(cdp);
  const markersStart = await page.locator('[data-primer-marker]').count();
  const fid = await frameId(cdp);

  const counts = { hovers: 0, cardsOpened: 0, closeReopen: 0, scrolls: 0, hashNavigations: 0 };
  const longTasks: { atMs: number; durationMs: number; extensionMs: number; byScript: Record<string, number> }[] = [];
  let extTotalMs = 0;
  let tasksTotal = 0;
  let extTasks = 0;
  const started = Date.now();
  let step = 0;
  let heapAfterWarmup: Awaited<ReturnType<typeof heap>> | null = null;
  while (Date.now() - started < SESSION_MS) {
    await startTrace(cdp);
    const chunkStarted = Date.now();
    while (Date.now() - chunkStarted < TRACE_CHUNK_MS && Date.now() - started < SESSION_MS) {
      // After one round of each action (card code loaded once, one close/reopen) the chunk ends
      // early so the warm heap is read outside any trace.
      if (step === 4 && !heapAfterWarmup) break;
      step++;
      const action = step % 4;
      if ((action === 1 || action === 3) && process.env.BENCH_NO_HOVER !== '1') {
        // Hover a marked person long enough for the card (350 ms), then leave.
        const markers = page.locator('[data-primer-marker]');
        const n = await markers.count();
        if (n > 0) {
          const person = markers.nth((step * 7) % n).locator('xpath=..');
          await person.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
          const box = await person.boundingBox().catch(() => null);
          if (box) {
            await page.mouse.move(box.x + Math.min(5, box.width / 2), box.y + box.height / 2, { steps: 4 });
            counts.hovers++;
            await sleep(550);
            // The card's shadow root is closed: read through the DevTools Protocol.
            if (await hoverCard(page, /^Briefing:/).isShown().catch(() => false)) counts.cardsOpened++;
            await page.mouse.move(2, 2, { steps: 4 });
            await sleep(350);
          }
        }
      } else if (action === 2) {
        for (let k = 0; k < 4; k++) {
          await page.mouse.move(640, 500);
          await page.mouse.wheel(0, k < 2 ? 600 : -600);
          counts.scrolls++;
          await sleep(120);
        }
      } else {
        // Close the view (SPA navigation away), then reopen it as a fresh render.
        await page.evaluate((sel) => {
          document.querySelector(sel)?.remove();
          if (location.hostname === 'mail.google.com') location.hash = '#inbox';
        }, selector);
        await sleep(400);
        await page.evaluate(() => {
          const w = window as unknown as { __benchPristine?: { html: string; parent: Element } };
          if (!w.__benchPristine) throw new Error('no pristine copy of the view');
          const template = document.createElement('template');
          template.innerHTML = w.__benchPristine.html;
          w.__benchPristine.parent.append(template.content);
          if (location.hostname === 'mail.google.com') history.back();
        });
        counts.closeReopen++;
        if (large.file.startsWith('gmail/')) counts.hashNavigations += 2;
        await sleep(900);
      }
    }
    const chunkEvents = await stopTrace(cdp);
    const timeline = buildTimeline(chunkEvents, fid, r.extOrigin);
    if (process.env.BENCH_DUMP_TRACE && timeline.tasks.some((task) => task.end - task.start >= BUDGET.longTaskMs * 1000 && task.extMs >= 10)) {
      fs.writeFileSync(path.join(process.env.BENCH_DUMP_TRACE, `session-${path.basename(large.file, '.html')}-${Date.now()}.json`), JSON.stringify({ frame: fid, ext: r.extOrigin, events: chunkEvents }));
    }
    if (step >= 4 && !heapAfterWarmup) heapAfterWarmup = await heap(cdp);
    extTotalMs += extMsBetween(timeline.slices, timeline.traceStart, timeline.traceEnd);
    tasksTotal += timeline.tasks.length;
    extTasks += timeline.tasks.filter((task) => task.extMs > 0).length;
    for (const task of timeline.tasks) {
      if (task.end - task.start < BUDGET.longTaskMs * 1000) continue;
      longTasks.push({
        atMs: round((task.start - timeline.traceStart) / 1000, 0),
        durationMs: round((task.end - task.start) / 1000, 1),
        extensionMs: round(task.extMs, 1),
        byScript: Object.fromEntries(Object.entries(extMsByScript(timeline.slices, task.start, task.end)).map(([k, v]) => [k, round(v, 1)])),
      });
    }
  }
  const elapsed = Date.now() - started;
  await page.mouse.move(2, 2);
  await sleep(1_500);
  const heapEnd = await heap(cdp);
  const markersEnd = await page.locator('[data-primer-marker]').count();
  const pageLongTasks = (await page.evaluate(() => (window as unknown as { __benchLongTasks: { start: number; duration: number }[] | null }).__benchLongTasks)) ?? null;
  await page.close();
  const sessionLongTasksInPage = pageLongTasks?.filter((task) => task.start > 0) ?? null;
  return {
    fixture: large.file,
    durationS: round(elapsed / 1000, 1),
    actions: counts,
    longTasksInPage: sessionLongTasksInPage
      ? { countWholePageLife: sessionLongTasksInPage.length, durationsMs: sessionLongTasksInPage.map((t) => round(t.duration, 0)) }
      : 'PerformanceObserver longtask not available',
    longTasksInTrace: longTasks.length,
    longTasksByExtension: longTasks.filter((task) => task.extensionMs >= (task.durationMs / 2)).length,
    longTasksWithAnyExtensionTime: longTasks.filter((task) => task.extensionMs > 0).length,
    longTasks,
    extensionMainThreadMs: round(extTotalMs, 1),
    extensionShareOfSession: round(extTotalMs / elapsed, 4),
    tasksTraced: tasksTotal,
    tasksWithExtensionTime: extTasks,
    heapStart,
    heapAfterWarmup,
    heapEnd,
    markersStart,
    markersEnd,
  };
}

async function measureSessions() {
  const out = [];
  const r = await rig();
  try {
    for (const large of LARGE) {
      const result = await session(r, large);
      log(`session ${large.file}: ${result.durationS} s, long tasks in trace ${result.longTasksInTrace} (extension ≥ half: ${result.longTasksByExtension}), heap ${result.heapStart.usedMB} → ${result.heapEnd.usedMB} MB, markers ${result.markersStart} → ${result.markersEnd}`);
      out.push(result);
    }
  } finally {
    await r.close();
  }
  return out;
}

// ---------------------------------------------------------------- 4. requests, 3 tabs + reload

async function measureRequests() {
  const large = LARGE[0]!;
  const r = await rig();
  try {
    const lookups = () => r.standIn.requests.filter((req) => req.server === 'api' && req.path === '/api/v2/contacts' && req.query.email);
    const pages = await Promise.all([0, 1, 2].map(() => r.launched.context.newPage()));
    for (const page of pages) await servePage(page, large.file);
    await Promise.all(pages.map((page) => page.goto(large.url)));
    const shownBefore = await Promise.all(pages.map((page) => waitForMarkers(page, large.known)));
    const afterOpen = lookups().length;
    for (const page of pages) await page.reload();
    const shownAfter = await Promise.all(pages.map((page) => waitForMarkers(page, large.known)));
    await sleep(1_000);
    const all = lookups();
    const perAddress = new Map<string, number>();
    for (const req of all) {
      const email = req.query.email!.trim().toLowerCase();
      perAddress.set(email, (perAddress.get(email) ?? 0) + 1);
    }
    const others = [...perAddress].filter(([email]) => email !== CALIBRATION_EMAIL);
    const duplicated = others.filter(([, count]) => count > 1);
    const otherContactRequests = r.standIn.requests.filter((req) => req.server === 'api' && req.path.startsWith('/api/v2/contacts') && !req.query.email);
    return {
      fixture: large.file,
      tabs: 3,
      reloadsPerTab: 1,
      addressesOnPage: large.people,
      distinctAddressesLookedUp: perAddress.size,
      lookupRequests: all.length,
      lookupRequestsWhenOpening: afterOpen,
      lookupRequestsAfterReload: all.length - afterOpen,
      maxPerAddressExcludingCalibration: others.length ? Math.max(...others.map(([, c]) => c)) : 0,
      addressesAskedMoreThanOnce: duplicated.map(([email, count]) => ({ email, count })),
      calibrationAddress: CALIBRATION_EMAIL,
      calibrationAddressRequests: perAddress.get(CALIBRATION_EMAIL) ?? 0,
      calibrationAddressOnPage: fixture(large.file).people > 0 && expected.pages.find((p) => p.file === large.file)!.views[0]!.surfaces.some((s) => s.people.some((p) => p.email === CALIBRATION_EMAIL)),
      otherContactRequests: otherContactRequests.map((req) => ({ path: req.path, query: req.query })),
      knownShownPerTab: { afterOpen: shownBefore, afterReload: shownAfter, expected: large.known },
      withinExpectation: duplicated.length === 0,
    };
  } finally {
    await r.close();
  }
}

// ---------------------------------------------------------------- report

function chromiumVersion(): string {
  try {
    const out = execFileSync(findChromium(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim();
  } catch {
    return 'unknown';
  }
}

type Results = Record<string, unknown> & {
  size?: ReturnType<typeof measureSize>;
  firstScan?: Record<string, FirstScan[]>;
  firstScanUnprofiled?: Record<string, UnprofiledScan[]>;
  batches?: Awaited<ReturnType<typeof measureBatches>>;
  sessions?: Awaited<ReturnType<typeof measureSessions>>;
  requests?: Awaited<ReturnType<typeof measureRequests>>;
};

function yes(ok: boolean) {
  return ok ? 'yes' : '**no**';
}

function markdown(results: Results): string {
  const env = results.environment as Record<string, unknown>;
  const lines: string[] = [];
  lines.push('# Content-script benchmark results', '');
  lines.push(`Date: ${String(env.date)}  `, `Chromium: ${String(env.chromium)}  `, `Machine: ${String(env.cpus)} cores (${String(env.cpuModel)}), ${String(env.memoryGB)} GB, ${String(env.platform)}  `, `Node: ${String(env.node)}  `, `Build: ${String(env.build)}`, '');
  lines.push('Method and how to read these figures: [README.md](README.md). Raw figures: `results.json`.', '');
  if (results.size) {
    lines.push('## 1. Injected on page load (manifest content_scripts, js + css)', '');
    lines.push('| Matches | Files | Raw bytes | Gzipped bytes | ≤ 20,000 B gzipped | React in it | Card UI in it |', '|---|---|---:|---:|---|---|---|');
    for (const e of results.size.entries) {
      lines.push(`| ${e.matches.join('<br>')} | ${e.files.join(', ')} | ${e.rawBytes} | ${e.gzipBytes} | ${yes(e.withinBudget)} | ${e.containsReact ? '**yes**' : 'no'} | ${e.containsCardUi ? '**yes**' : 'no'} |`);
    }
    if (results.size.hoverCard) lines.push('', `hover-card.js (loaded on the first card only, not injected): ${results.size.hoverCard.rawBytes} B raw, ${results.size.hoverCard.gzipBytes} B gzipped.`);
    lines.push('');
  }
  if (results.firstScan) {
    lines.push('## 2a. First scan of the 300-person fixtures (extension main-thread time, ms)', '');
    lines.push('Budget: read + mark ≤ 10 ms. Run 1 starts with a cold background cache; later runs are served from it.', '');
    lines.push('| Fixture | Run | Read (sync) | Mark | **Scan = read + mark** | ≤ 10 ms | Scan in thread CPU time (read + mark) | ≤ 10 ms (CPU) | Script start-up (compile + evaluate) | Waiting for lookups (wall-clock, not main-thread) | Extension time during the wait (tasks) | Load → last marker | All extension time, first 6 s | Known shown / expected |', '|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---|');
    for (const [file, runs] of Object.entries(results.firstScan)) {
      const med = (pick: (s: FirstScan) => number) => round(quantile(runs.map(pick), 0.5));
      const warm = runs.filter((s) => s.run > 1);
      lines.push(`| ${file} | **median of ${runs.length}** | ${med((s) => s.readMs)} | ${med((s) => s.markMs)} | **${med((s) => s.scanMs)}** | ${yes(med((s) => s.scanMs) <= BUDGET.firstScanMs)} | ${med((s) => s.readCpuMs)} + ${med((s) => s.markCpuMs)} = **${med((s) => s.scanCpuMs)}** | ${yes(med((s) => s.scanCpuMs) <= BUDGET.firstScanMs)} | ${med((s) => s.startupMs)} | ${warm.length ? `${round(quantile(warm.map((s) => s.waitForLookupsMs), 0.5), 1)} (warm cache)` : '–'} | – | – | ${med((s) => s.extFirst6sMs)} | – |`);
      for (const s of runs) {
        lines.push(`| ${file} | ${s.run} | ${s.readMs} | ${s.markMs} | **${s.scanMs}** | ${yes(s.scanMs <= BUDGET.firstScanMs)} | ${s.readCpuMs} + ${s.markCpuMs} = **${s.scanCpuMs}** | ${yes(s.scanCpuMs <= BUDGET.firstScanMs)} | ${s.startupMs} | ${s.waitForLookupsMs} | ${s.duringWaitMs} (${s.duringWaitTasks}) | ${s.loadToLastMarkerMs} | ${s.extFirst6sMs} | ${s.markersShown} / ${s.expectedKnown} |`);
      }
    }
    lines.push('');
  }
  if (results.firstScanUnprofiled) {
    lines.push("## 2a'. The same first scan without the profiler (Primer's whole tasks: an upper bound, ms)", '');
    lines.push('Budget: ≤ 10 ms. Every task Primer\'s code ran in, from the end of its start-up task to the last marking task, whole: collections its allocation triggered and the page\'s observers reacting to its markers included.', '');
    lines.push('| Fixture | Run | Thread CPU time | ≤ 10 ms | Wall-clock | Tasks | Of it, collecting garbage | Start-up task (CPU) | Known shown / expected |', '|---|---:|---:|---|---:|---:|---:|---:|---|');
    for (const [file, runs] of Object.entries(results.firstScanUnprofiled)) {
      const med = (pick: (s: UnprofiledScan) => number) => round(quantile(runs.map(pick), 0.5));
      lines.push(`| ${file} | **median of ${runs.length}** | **${med((s) => s.cpuMs)}** | ${yes(med((s) => s.cpuMs) <= BUDGET.firstScanMs)} | ${med((s) => s.wallMs)} | – | ${med((s) => s.gcMs)} | ${med((s) => s.startupCpuMs)} | – |`);
      for (const s of runs) {
        lines.push(`| ${file} | ${s.run} | **${round(s.cpuMs)}** | ${yes(s.cpuMs <= BUDGET.firstScanMs)} | ${round(s.wallMs)} | ${s.tasks} | ${round(s.gcMs)} | ${round(s.startupCpuMs)} | ${s.markersShown} / ${s.expectedKnown} |`);
      }
    }
    lines.push('');
  }
  if (results.batches) {
    lines.push('## 2b. Handling one mutation batch (extension main-thread time per batch, ms)', '');
    lines.push('Budget: < 1 ms for a typical batch (median).', '');
    lines.push('| Scenario | Batches | Median | p95 | Max | 1st of pair (add / open) median | 2nd of pair (remove / back) median | < 1 ms (median) | Median in thread CPU time | < 1 ms (CPU) |', '|---|---:|---:|---:|---:|---:|---:|---|---:|---|');
    for (const b of results.batches as { scenario: string; batches: number; perBatchMs: ReturnType<typeof summary>; perBatchCpuMs: ReturnType<typeof summary>; firstHalfOfPairMs: ReturnType<typeof summary>; secondHalfOfPairMs: ReturnType<typeof summary>; withinBudget: boolean }[]) {
      lines.push(`| ${b.scenario} | ${b.batches} | ${b.perBatchMs.median} | ${b.perBatchMs.p95} | ${b.perBatchMs.max} | ${b.firstHalfOfPairMs.median} | ${b.secondHalfOfPairMs.median} | ${yes(b.withinBudget)} | ${b.perBatchCpuMs.median} | ${yes(b.perBatchCpuMs.median < BUDGET.batchMs)} |`);
    }
    lines.push('');
  }
  if (results.sessions) {
    lines.push(`## 3. Scripted session (${SESSION_MS / 1000} s per large fixture)`, '');
    lines.push('| Fixture | Actions | Long tasks (page observer, whole page life) | Long tasks in trace (session) | … caused by the extension (≥ half its time) | … with any extension time | Extension main-thread time | Heap start → after warm-up → end (MB, after GC) | DOM nodes start → end | Markers start → end |', '|---|---|---:|---:|---:|---:|---:|---|---|---|');
    for (const s of results.sessions) {
      const lt = typeof s.longTasksInPage === 'string' ? s.longTasksInPage : `${s.longTasksInPage.countWholePageLife} (${s.longTasksInPage.durationsMs.join(', ') || '–'} ms)`;
      const a = s.actions;
      lines.push(`| ${s.fixture} | ${a.hovers} hovers (${a.cardsOpened} cards seen), ${a.scrolls} scrolls, ${a.closeReopen} close/reopen | ${lt} | ${s.longTasksInTrace} | ${s.longTasksByExtension} | ${s.longTasksWithAnyExtensionTime} | ${s.extensionMainThreadMs} ms (${round(s.extensionShareOfSession * 100, 2)} %) | ${s.heapStart.usedMB} → ${s.heapAfterWarmup?.usedMB ?? '–'} → ${s.heapEnd.usedMB} | ${s.heapStart.domNodes} → ${s.heapEnd.domNodes} | ${s.markersStart} → ${s.markersEnd} |`);
    }
    const withLong = results.sessions.flatMap((s) => s.longTasks.map((t) => ({ fixture: s.fixture, ...t })));
    if (withLong.length) {
      lines.push('', 'Long tasks seen in the traces:', '', '| Fixture | At (ms into trace chunk) | Duration ms | Extension ms | By script |', '|---|---:|---:|---:|---|');
      for (const t of withLong) lines.push(`| ${t.fixture} | ${t.atMs} | ${t.durationMs} | ${t.extensionMs} | ${Object.entries(t.byScript).map(([k, v]) => `${k}: ${v}`).join(', ') || '–'} |`);
    }
    lines.push('');
  }
  if (results.requests) {
    const q = results.requests;
    lines.push('## 4. Lookups reaching the stand-in: same large page in 3 tabs, each reloaded once', '');
    lines.push('| Fixture | Addresses on page | Distinct looked up | Lookup requests (open / after reload) | Max per address (calibration aside) | Addresses asked > 1× | Calibration address requests | As expected |', '|---|---:|---:|---|---:|---:|---:|---|');
    lines.push(`| ${q.fixture} | ${q.addressesOnPage} | ${q.distinctAddressesLookedUp} | ${q.lookupRequests} (${q.lookupRequestsWhenOpening} / ${q.lookupRequestsAfterReload}) | ${q.maxPerAddressExcludingCalibration} | ${q.addressesAskedMoreThanOnce.length} | ${q.calibrationAddressRequests} (${q.calibrationAddress}${q.calibrationAddressOnPage ? ', on the page' : ', not on the page'}) | ${yes(q.withinExpectation)} |`);
    lines.push('');
  }
  if (results.errors && (results.errors as unknown[]).length) {
    lines.push('## Sections that could not be measured', '');
    for (const e of results.errors as { section: string; error: string }[]) lines.push(`- ${e.section}: ${e.error}`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const dir = extensionDir();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { content_scripts?: unknown[]; version: string };
  if (!manifest.content_scripts?.length) throw new Error(`${dir} has no content scripts: build first (npx wxt build).`);
  const results: Results = {
    environment: {
      date: new Date().toISOString(),
      chromium: chromiumVersion(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGB: round(os.totalmem() / 2 ** 30, 1),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      build: `${path.relative(ROOT, dir)} (manifest ${manifest.version}, built ${fs.statSync(path.join(dir, 'manifest.json')).mtime.toISOString()})`,
      headless: '--headless=new',
      settings: { SESSION_MS, SCAN_RUNS, BATCHES, TRACE_CHUNK_MS },
    },
    budgets: BUDGET,
    errors: [],
  };
  const sections: [string, () => unknown, keyof Results][] = [
    ['size', measureSize, 'size'],
    ['scan', measureFirstScans, 'firstScan'],
    ['scan-unprofiled', measureUnprofiledFirstScans, 'firstScanUnprofiled'],
    ['batch', measureBatches, 'batches'],
    ['session', measureSessions, 'sessions'],
    ['requests', measureRequests, 'requests'],
  ];
  for (const [name, run, key] of sections) {
    if (!ONLY.has(name)) continue;
    log(`section ${name}…`);
    try {
      (results as Record<string, unknown>)[key] = await run();
    } catch (error) {
      log(`section ${name} failed: ${String(error)}`);
      (results.errors as unknown[]).push({ section: name, error: String(error instanceof Error ? error.message : error).split('\n')[0] });
    }
  }
  fs.writeFileSync(OUT_JSON, `${JSON.stringify(results, null, 2)}\n`);
  const md = markdown(results);
  // upload.bench.ts keeps its own section of the same file (between its markers): carry it over.
  const previous = fs.existsSync(OUT_MD) ? fs.readFileSync(OUT_MD, 'utf8') : '';
  const uploadStart = previous.indexOf('<!-- upload-bench:start');
  const uploadEnd = previous.indexOf('<!-- upload-bench:end -->');
  const upload = uploadStart >= 0 && uploadEnd > uploadStart ? `\n${previous.slice(uploadStart, uploadEnd + '<!-- upload-bench:end -->'.length)}\n` : '';
  fs.writeFileSync(OUT_MD, `${md}\n${upload}`);
  console.log(`\n${md}`);
  console.log(`Wrote ${path.relative(ROOT, OUT_JSON)} and ${path.relative(ROOT, OUT_MD)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
